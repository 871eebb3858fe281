import Foundation

/// Where the library stands: scanning (with progress), ready, or inaccessible (with why).
public struct LibraryStatus: Sendable, Equatable {
    public enum State: String, Sendable {
        case scanning, ready, inaccessible
    }

    public var state: State = .ready
    /// Why no root can be read (the first root's problem), when the state is `inaccessible`.
    public var problem: LibraryProblem?
    /// Every root that cannot be read, also while others can.
    public var rootProblems: [LibraryProblem] = []
    /// Folders inside a root that could not be read and were skipped.
    public var folderProblems: [String] = []
    /// Files looked at in the current (or last) scan, and files found in all.
    public var scanned = 0
    public var total = 0
    /// Files that are not photos, skipped.
    public var skipped = 0
    /// Whether any root was configured at all.
    public var isConfigured = false
    public var scanStarted: Date?
    public var scanFinished: Date?
}
