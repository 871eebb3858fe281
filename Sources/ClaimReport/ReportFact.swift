/// One labelled value, already formatted by the caller ("Policy number", "HO-3 551 203").
public struct ReportFact: Sendable, Codable, Equatable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
