/// A backup, restore or check that could not be done: the message says what went wrong and what to do.
public struct BackupError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
