/// A block laid out: its height, to plan a page, and how to draw it once its top is known.
struct PreparedBlock {
    let height: Double
    let draw: (_ top: Double) -> Void
}
