import Messages

/// Why a row (or the whole file) cannot be imported, and where: what the preview lists and the
/// API answers, so a person can fix the file and try again.
public struct ImportProblem: Sendable, Equatable {
    /// The line of the file, from 1 (the header is line 1); nil for the file as a whole.
    public let line: Int?
    /// The column's header as the file has it (`HB.quantity`); nil for the whole row or file.
    public let column: String?
    /// Why, in words the app writes in the reader's language.
    public let wording: Message

    /// Why, in US English.
    public var message: String { wording.english }

    public init(line: Int?, column: String?, _ wording: Message) {
        self.line = line
        self.column = column
        self.wording = wording
    }
}
