import Messages
import Foundation
import HTTPServer
import Uploads

/// tus 1.0's request headers, read strictly: each one a stranger sends is checked here, and a wrong
/// one answered with what to send instead (`StrangerInput.tusHeaders` fuzzes them).
enum TusHeaders {
    static let version = "1.0.0"
    static let extensions = "creation,termination,checksum,expiration"
    static let contentType = "application/offset+octet-stream"

    /// What a creation's `Upload-Metadata` may say that the server reads.
    struct Metadata: Equatable {
        var filename = ""
        var filetype = ""
        var captureID: String?
    }

    /// `Tus-Resumable` must name the one version spoken here.
    static func checkVersion(_ headers: HTTPHeaders) throws(AppError) {
        guard headers["Tus-Resumable"] == version else {
            let sent = excerpt(headers["Tus-Resumable"] ?? "")
            var error = AppError(.unsupportedTusVersion, headers["Tus-Resumable"] == nil
                ? Message("error.upload.tus-resumable", "This is a tus endpoint: send Tus-Resumable: 1.0.0 with every request.")
                : Message("error.upload.tus-version", "Only tus 1.0.0 is spoken here, not “\(sent)”. Send Tus-Resumable: 1.0.0.", ["sent": .text(sent)]))
            error.headers["Tus-Version"] = version
            throw error
        }
    }

    /// A byte count: decimal digits only (no sign, no spaces), at most 18 of them (any such fits an Int).
    static func count(_ text: String?, header: String) throws(AppError) -> Int {
        guard let text else {
            throw AppError(.invalidUpload, Message("error.upload.header-missing", "\(header) is missing: send it as a whole number of bytes.", ["header": .text(header)]))
        }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text) else {
            throw AppError(.invalidUpload, Message("error.upload.header-not-count", "\(header) must be a whole number of bytes (digits only, at most 18), not “\(excerpt(text))”.",
                                                   ["header": .text(header), "sent": .text(excerpt(text))]))
        }
        return number
    }

    /// `Upload-Metadata`: comma-separated `key base64value` pairs (a key alone has no value). Keys
    /// are plain ASCII and each comes once; the values of the keys read here are UTF-8 text within
    /// their limits, the others are only checked to be base64.
    static func metadata(_ text: String?) throws(AppError) -> Metadata {
        var metadata = Metadata()
        guard let text, !text.isEmpty else { return metadata }
        var seen: Set<String> = []
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: false)
            guard let key = parts.first, !key.isEmpty, parts.count <= 2,
                  key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: ",") }) else {
                throw AppError(.invalidUpload, Message("error.upload.metadata-pair", "Upload-Metadata must be “key base64value” pairs separated by commas; “\(excerpt(String(pair)))” is not one.",
                                                       ["sent": .text(excerpt(String(pair)))]))
            }
            guard seen.insert(String(key)).inserted else {
                throw AppError(.invalidUpload, Message("error.upload.metadata-twice", "Upload-Metadata names “\(excerpt(String(key)))” twice; send each key once.", ["key": .text(excerpt(String(key)))]))
            }
            let encoded = parts.count == 2 ? String(parts[1]) : ""
            guard let decoded = Data(base64Encoded: encoded) else {
                throw AppError(.invalidUpload, Message("error.upload.metadata-base64", "Upload-Metadata's value for “\(excerpt(String(key)))” is not base64.", ["key": .text(excerpt(String(key)))]))
            }
            switch key {
            case "filename": metadata.filename = try Self.utf8Text(decoded, key: "filename", limit: 255)
            case "filetype": metadata.filetype = try Self.utf8Text(decoded, key: "filetype", limit: 255)
            case "captureId":
                let id = try Self.utf8Text(decoded, key: "captureId", limit: 64)
                guard !id.isEmpty, id.utf8.allSatisfy({ isCaptureIDByte($0) }) else {
                    throw AppError(.invalidUpload, Message("error.upload.capture-id", "captureId must be 1 to 64 letters, digits, dots, underscores or dashes."))
                }
                metadata.captureID = id
            default: break
            }
        }
        return metadata
    }

    private static func isCaptureIDByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func utf8Text(_ data: Data, key: String, limit: Int) throws(AppError) -> String {
        guard let text = String(data: data, encoding: .utf8), !text.utf8.contains(0), text.count <= limit else {
            throw AppError(.invalidUpload, Message("error.upload.metadata-text", "Upload-Metadata's \(key) must be UTF-8 text of at most \(limit) characters.",
                                                   ["key": .text(key), "limit": .text(String(limit))]))
        }
        return text
    }

    /// `Upload-Checksum: sha1|sha256 <base64 digest>`; nil without the header.
    static func checksum(_ text: String?) throws(AppError) -> (algorithm: ChunkDigest.Algorithm, digest: [UInt8])? {
        guard let text else { return nil }
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let algorithm = ChunkDigest.Algorithm(rawValue: String(parts[0]).lowercased()) else {
            throw AppError(.invalidUpload, Message("error.upload.checksum-form", "Upload-Checksum must be “sha1 <base64>” or “sha256 <base64>”, not “\(excerpt(text))”.", ["sent": .text(excerpt(text))]))
        }
        guard let digest = Data(base64Encoded: String(parts[1])),
              digest.count == (algorithm == .sha1 ? 20 : 32) else {
            throw AppError(.invalidUpload, Message("error.upload.checksum-digest", "Upload-Checksum's \(algorithm.rawValue) digest must be the \(algorithm == .sha1 ? 20 : 32) bytes of it in base64.",
                                                   ["algorithm": .text(algorithm.rawValue), "length": .text(algorithm == .sha1 ? "20" : "32")]))
        }
        return (algorithm, [UInt8](digest))
    }

    /// An RFC 9110 date (`Sun, 06 Nov 1994 08:49:37 GMT`), as `Upload-Expires` gives it.
    static func httpDate(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    private static func excerpt(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
