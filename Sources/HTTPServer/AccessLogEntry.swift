@preconcurrency import Glibc
import Foundation

/// One finished request, for the access log.
public struct AccessLogEntry: Sendable {
    public let remoteAddress: String
    public let method: String
    public let path: String
    public let status: Int
    public let bytes: Int
    public let duration: Duration
    /// False when the client went away or the connection failed before the response was sent.
    public let completed: Bool

    /// `127.0.0.1 "GET /items/3" 200 5123 1.2ms`
    public var line: String {
        let milliseconds = Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
        let time = String(format: "%.1fms", milliseconds)
        return "\(remoteAddress) \"\(method) \(path)\" \(status) \(bytes) \(time)\(completed ? "" : " aborted")"
    }

    /// Writes each entry as one line to standard output, in a single `write` so lines never interleave.
    public static let standardOutput: @Sendable (AccessLogEntry) -> Void = { entry in
        let line = entry.line + "\n"
        line.utf8.withContiguousStorageIfAvailable { bytes in _ = Glibc.write(1, bytes.baseAddress, bytes.count) }
    }
}
