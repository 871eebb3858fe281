import Foundation

/// What one account may hold in unfinished uploads, and how long an upload lives unwritten.
public struct UploadLimits: Sendable {
    /// The largest upload (the largest file any call takes: a walk-through video).
    public var maxLength: Int
    /// Unfinished uploads per account: a phone's outbox holds a few dozen captures at most.
    public var maxUnfinished = 100
    /// Bytes declared by one account's unfinished uploads together.
    public var maxUnfinishedBytes = 4 << 30
    /// An upload not written for this long is removed with its bytes.
    public var lifetime: TimeInterval = 24 * 3_600

    public init(maxLength: Int) { self.maxLength = maxLength }
}
