/// The label stock a sheet of labels is printed on: the sheet, how many labels across and down,
/// where the first one is and how far apart they are. Sizes in millimetres as the makers publish them.
///
/// Where the numbers come from: Avery's product templates (avery.co.uk L7160 and L7163, avery.com
/// 5160 and 5163: label size, labels per sheet, top and side margins, pitches), checked so that the
/// margins, labels and gaps add up to the sheet (A4 210 × 297 mm, Letter 8.5 × 11 in); Brother's
/// DK continuous tapes (DK-22205 62 mm, DK-22210 29 mm) cut at its driver's standard lengths
/// (62 × 100 mm and 29 × 90 mm).
public enum LabelStock: String, Sendable, CaseIterable, Codable {
    /// Avery L7160: A4, 21 labels (3 × 7) of 63.5 × 38.1 mm.
    case averyL7160 = "avery-l7160"
    /// Avery L7163: A4, 14 labels (2 × 7) of 99.1 × 38.1 mm.
    case averyL7163 = "avery-l7163"
    /// Avery 5160: US Letter, 30 labels (3 × 10) of 2⅝ × 1 in.
    case avery5160 = "avery-5160"
    /// Avery 5163: US Letter, 10 labels (2 × 5) of 4 × 2 in.
    case avery5163 = "avery-5163"
    /// 62 mm continuous tape (Brother DK-22205), one label of 62 × 100 mm a page.
    case tape62 = "tape-62"
    /// 29 mm continuous tape (Brother DK-22210), one label of 29 × 90 mm a page.
    case tape29 = "tape-29"

    /// Where the labels are on one sheet, in millimetres from its top-left corner.
    public struct Layout: Sendable, Equatable {
        public let sheetWidth: Double
        public let sheetHeight: Double
        public let labelWidth: Double
        public let labelHeight: Double
        public let columns: Int
        public let rows: Int
        /// The first label's left and top edges.
        public let left: Double
        public let top: Double
        /// From one label's left (top) edge to the next one's.
        public let horizontalPitch: Double
        public let verticalPitch: Double

        public var perSheet: Int { columns * rows }

        /// The rectangle of the label at `position` (0-based, across then down), in millimetres.
        public func frame(at position: Int) -> (x: Double, y: Double, width: Double, height: Double) {
            (left + Double(position % columns) * horizontalPitch, top + Double(position / columns) * verticalPitch, labelWidth, labelHeight)
        }
    }

    private static let inch = 25.4

    public var layout: Layout {
        switch self {
        case .averyL7160:
            // 7.21 + 3 × 63.5 + 2 × 2.54 + 7.21 = 210; 15.15 + 7 × 38.1 + 15.15 = 297.
            Layout(sheetWidth: 210, sheetHeight: 297, labelWidth: 63.5, labelHeight: 38.1, columns: 3, rows: 7,
                   left: 7.21, top: 15.15, horizontalPitch: 66.04, verticalPitch: 38.1)
        case .averyL7163:
            // 4.65 + 99.1 + 2.5 + 99.1 + 4.65 = 210; 15.15 + 7 × 38.1 + 15.15 = 297.
            Layout(sheetWidth: 210, sheetHeight: 297, labelWidth: 99.1, labelHeight: 38.1, columns: 2, rows: 7,
                   left: 4.65, top: 15.15, horizontalPitch: 101.6, verticalPitch: 38.1)
        case .avery5160:
            // 3/16 + 3 × 2⅝ + 2 × ⅛ + 3/16 = 8½ in; ½ + 10 × 1 + ½ = 11 in.
            Layout(sheetWidth: 8.5 * Self.inch, sheetHeight: 11 * Self.inch, labelWidth: 2.625 * Self.inch, labelHeight: 1 * Self.inch,
                   columns: 3, rows: 10, left: 0.1875 * Self.inch, top: 0.5 * Self.inch,
                   horizontalPitch: 2.75 * Self.inch, verticalPitch: 1 * Self.inch)
        case .avery5163:
            // 5/32 + 4 + 3/16 + 4 + 5/32 = 8½ in; ½ + 5 × 2 + ½ = 11 in.
            Layout(sheetWidth: 8.5 * Self.inch, sheetHeight: 11 * Self.inch, labelWidth: 4 * Self.inch, labelHeight: 2 * Self.inch,
                   columns: 2, rows: 5, left: 0.15625 * Self.inch, top: 0.5 * Self.inch,
                   horizontalPitch: 4.1875 * Self.inch, verticalPitch: 2 * Self.inch)
        case .tape62:
            Layout(sheetWidth: 62, sheetHeight: 100, labelWidth: 62, labelHeight: 100, columns: 1, rows: 1,
                   left: 0, top: 0, horizontalPitch: 62, verticalPitch: 100)
        case .tape29:
            Layout(sheetWidth: 29, sheetHeight: 90, labelWidth: 29, labelHeight: 90, columns: 1, rows: 1,
                   left: 0, top: 0, horizontalPitch: 29, verticalPitch: 90)
        }
    }

    /// Continuous tape: one label a page, so there is no used part of a sheet to skip.
    public var isTape: Bool { layout.perSheet == 1 }

    /// "avery-l7160, avery-l7163, …", for messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
