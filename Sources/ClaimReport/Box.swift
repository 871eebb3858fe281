/// A rectangle on the page, in points from the top-left corner.
struct Box: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The largest box of `aspect` (width over height) that fits inside this one, centred.
    func fitting(aspect: Double) -> Box {
        guard aspect.isFinite, aspect > 0 else { return self }
        let fitted = width / height > aspect
            ? (width: height * aspect, height: height)
            : (width: width, height: width / aspect)
        return Box(x: x + (width - fitted.width) / 2, y: y + (height - fitted.height) / 2, width: fitted.width, height: fitted.height)
    }
}
