import Foundation
import App
import HTTPServer

/// The parts of a request a client writes itself: target, form bodies, credentials, entity tags.
enum RequestTargets {
    static func url(_ bytes: [UInt8]) throws(FuzzFailure) {
        // As PendingRequest reads a request target: the path before the first `?`, the query after.
        let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = String(decoding: bytes[..<(questionMark ?? bytes.endIndex)], as: UTF8.self)
        if let segments = PendingRequest.pathSegments(of: rawPath) {
            for segment in segments {
                try require(!segment.isEmpty && segment != "." && segment != "..", "path segment “\(segment)” of \(rawPath.debugDescription)")
                try require(!segment.utf8.contains { $0 == 0 || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") },
                            "segment \(segment.debugDescription) holds a NUL, slash or backslash")
            }
            if !rawPath.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) {
                let plain = rawPath.split(separator: "/").map(String.init)
                try require(segments == plain, "\(rawPath.debugDescription) gave \(segments), not \(plain)")
            }
        }
        if let questionMark { try form(Array(bytes[(questionMark + 1)...])) }
    }

    /// Fields that are read back exactly when written out again percent-encoded.
    static func form(_ bytes: [UInt8]) throws(FuzzFailure) {
        guard let fields = FormFields(urlEncoded: bytes) else { return }
        try require(fields.pairs.count <= bytes.count { $0 == UInt8(ascii: "&") } + 1, "more fields than pieces")
        let written = fields.pairs.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
        guard let reread = FormFields(urlEncoded: Array(written.utf8)) else { throw FuzzFailure(description: "\(written) does not decode") }
        try require(reread.pairs.elementsEqual(fields.pairs) { $0.name == $1.name && $0.value == $1.value },
                    "fields differ once written out again: \(written)")
    }

    static func multipart(_ bytes: [UInt8]) throws(FuzzFailure) {
        let (line, body) = bytes.splitAtFirstLine
        let contentType = String(decoding: line, as: UTF8.self)
        guard let form = MultipartForm(body: Array(body), contentType: contentType) else { return }
        try require(form.parts.reduce(0) { $0 + $1.body.count } <= body.count, "parts hold more bytes than the body")
        for part in form.parts {
            try require(part.filename.map { !$0.contains("\r\n") } ?? true, "a file name runs across lines")
        }
    }

    static func credentials(_ bytes: [UInt8]) throws(FuzzFailure) {
        let (cookie, authorization) = bytes.splitAtFirstLine
        var headers = HTTPHeaders()
        headers.add("Cookie", String(decoding: cookie, as: UTF8.self))
        headers.add("Authorization", String(decoding: authorization, as: UTF8.self))
        let (token, cookies) = StrangerInput.credentials(in: headers)
        if let token {
            try require(token.trimmingCharacters(in: .whitespaces) == token, "token \(token.debugDescription) keeps spaces")
        }
        for values in cookies {
            try require(Set(values).count == values.count && !values.contains(""), "cookie values \(values) repeat or are empty")
            try require(!values.contains { $0.contains(";") }, "a cookie value \(values) holds the separator")
        }
    }

    static func entityTags(_ bytes: [UInt8]) throws(FuzzFailure) {
        let header = String(decoding: bytes, as: UTF8.self)
        let tags = EntityTag.tags(in: header)
        try require(!tags.contains(""), "an empty tag in \(header.debugDescription)")
        let current = tags.first ?? "\"7-3\""
        try require(EntityTag.noneMatchHits(header, current: current) == !tags.isEmpty, "\(header.debugDescription) does not match its own first tag")
        do {
            let version = try StrangerInput.expectedVersion(ifMatch: header, itemID: 7)
            try require(version == nil || tags.contains("*") == false, "`*` asked for version \(String(describing: version))")
        } catch {
            throw FuzzFailure(description: "If-Match \(header.debugDescription) threw \(error)")
        }
    }

    /// A count is digits only and reads back as written; metadata's capture id keeps to its
    /// characters; a checksum's digest is its algorithm's length; every refusal is a 400 or 412
    /// with a message.
    static func tusHeaders(_ bytes: [UInt8]) throws(FuzzFailure) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 4, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        func line(_ index: Int) -> String { index < lines.count ? lines[index] : "" }
        let read = StrangerInput.tusHeaders(length: line(0), offset: line(1), metadata: line(2), checksum: line(3), version: line(4))
        for (header, result) in [(line(0), read.length), (line(1), read.offset)] {
            switch result {
            case .success(let count):
                try require(count >= 0 && Int(header) == count && header.utf8.allSatisfy { (0x30...0x39).contains($0) },
                            "count \(header.debugDescription) read as \(count)")
            case .failure(let answer):
                try require(answer.status == 400 && !answer.message.isEmpty, "count \(header.debugDescription): \(answer.status)")
            }
        }
        switch read.metadata {
        case .success(let metadata):
            if let id = metadata.captureID {
                try require((1...64).contains(id.utf8.count) && id.utf8.allSatisfy { $0 < 0x80 && ($0 == 0x2d || $0 == 0x2e || $0 == 0x5f || (0x30...0x39).contains($0) || (0x41...0x5a).contains($0) || (0x61...0x7a).contains($0)) },
                            "capture id \(id.debugDescription)")
            }
            try require(metadata.filename.count <= 255 && !metadata.filename.utf8.contains(0), "filename \(metadata.filename.debugDescription)")
        case .failure(let answer):
            try require(answer.status == 400, "metadata: \(answer.status)")
        }
        switch read.checksum {
        case .success(let checksum?):
            try require(checksum.digest.count == (checksum.algorithm == "sha1" ? 20 : 32), "digest of \(checksum.digest.count) bytes")
        case .success(nil):
            break
        case .failure(let answer):
            try require(answer.status == 400, "checksum: \(answer.status)")
        }
        try require(read.version == nil ? line(4) == "1.0.0" : read.version?.status == 412, "Tus-Resumable \(line(4).debugDescription)")
    }

    /// Every byte but unreserved ones as `%XX`.
    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return encoded
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
