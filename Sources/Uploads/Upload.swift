import Foundation

/// A resumable upload: how long it is, how much of it the server has, and, once handed to the
/// inventory, the answer that hand-off got (given again to a repeated one).
public struct Upload: Sendable, Equatable {
    /// 32 lowercase hex digits, random.
    public let id: String
    public let accountID: Int64
    public let length: Int
    public let offset: Int
    public let filename: String
    public let filetype: String
    public let captureID: String?
    public let created: Date
    public let lastWritten: Date
    public let expires: Date
    public let handOff: HandOff?

    public var isFinished: Bool { offset == length }

    /// What a finished upload was given to, and what that call answered.
    public struct HandOff: Sendable, Equatable {
        /// The call it was given to: method and path, query included (`POST /api/v1/items/3/photos?kind=serial`).
        public let target: String
        public let status: Int
        /// Its header fields (`Content-Type`, `Location`, `ETag`…), as name and value.
        public let headers: [Header]
        public let body: [UInt8]

        public struct Header: Sendable, Equatable {
            public let name: String
            public let value: String
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        public init(target: String, status: Int, headers: [Header], body: [UInt8]) {
            self.target = target
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The header fields as lines of `Name: value` (what the row keeps; no value holds a line break).
        var headerLines: String { headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

        static func headers(fromLines lines: String) -> [Header] {
            lines.split(separator: "\n").compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return Header(name: String(line[..<colon]), value: String(line[line.index(after: colon)...].drop { $0 == " " }))
            }
        }
    }

    /// Whether `text` has an upload id's shape; other text names no upload.
    public static func isID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
