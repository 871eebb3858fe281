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
        return "\(remoteAddress) \"\(Self.escaped(method)) \(Self.escaped(path))\" \(status) \(bytes) \(time)\(completed ? "" : " aborted")"
    }

    /// Text a client sent, safe to put in one log line: control characters (which could start a
    /// forged line or drive the terminal reading the log), quotes and backslashes become `\xNN`;
    /// format characters (bidi controls such as U+202E, which reorder what a reader sees, and
    /// invisible ones such as U+200B, which hide what is there) and line or paragraph separators
    /// become `\u{202E}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if !needsEscape(scalar) {
                escaped.unicodeScalars.append(scalar)
            } else if scalar.value <= 0xFF {
                escaped += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "}"
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F: return scalar == "\"" || scalar == "\\"
        case 0..<0x20, 0x7F...0x9F: return true
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
            default: return false
            }
        }
    }

    /// Writes each entry as one line to standard output, in a single `write` so lines never interleave.
    public static let standardOutput: @Sendable (AccessLogEntry) -> Void = { entry in
        let line = entry.line + "\n"
        line.utf8.withContiguousStorageIfAvailable { bytes in _ = Glibc.write(1, bytes.baseAddress, bytes.count) }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
