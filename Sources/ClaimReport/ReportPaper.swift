/// The paper a report is laid out for, portrait.
public enum ReportPaper: String, Sendable, CaseIterable, Codable {
    /// 210 × 297 mm: 595 × 842 points.
    case a4
    /// US Letter, 8.5 × 11 in: 612 × 792 points.
    case letter

    /// The page's width and height in PDF points (1/72 in).
    public var size: (width: Double, height: Double) {
        switch self {
        case .a4: (595, 842)
        case .letter: (612, 792)
        }
    }
}
