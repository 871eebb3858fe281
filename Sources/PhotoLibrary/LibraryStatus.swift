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
    /// Photos whose thumbnails could not be made because of their files (`LibraryProblem.unreadablePhoto`):
    /// they are in no group until their files change. From the library, not from one scan.
    public var unreadablePhotos: [LibraryProblem] = []
    /// Files looked at in the current (or last) scan, and files found in all.
    public var scanned: Int { rootCounts.values.reduce(0) { $0 + $1.scanned } }
    public var total: Int { rootCounts.values.reduce(0) { $0 + $1.total } }
    /// Files that are not photos, skipped.
    public var skipped: Int { rootCounts.values.reduce(0) { $0 + $1.skipped } }
    /// Whether any root was configured at all.
    public var isConfigured = false
    public var scanStarted: Date?
    public var scanFinished: Date?
    /// What `scanned`, `total` and `skipped` add up, root by root: a caller granted only some roots sees theirs.
    var rootCounts: [String: RootCounts] = [:]

    struct RootCounts: Sendable, Equatable {
        var scanned = 0, total = 0, skipped = 0
    }

    mutating func count(_ root: String, total: Int = 0, scanned: Int = 0, skipped: Int = 0) {
        rootCounts[root, default: RootCounts()].scanned += scanned
        rootCounts[root, default: RootCounts()].total += total
        rootCounts[root, default: RootCounts()].skipped += skipped
    }

    /// The status as a caller should see it: the counts and problems of the roots `access` lets them see.
    public func visible(to access: LibraryAccess) -> LibraryStatus {
        guard case .roots(let roots) = access else { return self }
        var status = self
        status.rootCounts = rootCounts.filter { roots.contains($0.key) }
        status.rootProblems = rootProblems.filter { roots.contains($0.path) }
        status.folderProblems = folderProblems.filter { problem in roots.contains { problem.hasPrefix($0 + "/") || problem.hasPrefix($0 + ":") } }
        status.unreadablePhotos = unreadablePhotos.filter { photo in roots.contains { photo.path.hasPrefix($0 + "/") } }
        return status
    }
}
