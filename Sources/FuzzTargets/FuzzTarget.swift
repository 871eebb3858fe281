/// Every parser that reads what a stranger sends, one fuzz target each: the bytes go through the
/// same code a request or an imported file does, and the target checks what must hold of the result.
/// `homepwner-fuzz TARGET` runs one under libFuzzer; FuzzTargetsTests replays the seed corpora
/// (reliability/fuzz/corpus/TARGET) in every `swift test`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A request target as sent: the path's segments and the query string's fields.
    case url
    /// An `application/x-www-form-urlencoded` body.
    case form
    /// A `multipart/form-data` body; its first line is the `Content-Type` header.
    case multipart
    /// A JSON body creating or changing an item, and read as every other input the API takes.
    case jsonItem = "json-item"
    /// A Homebox CSV or TSV export, read into rows.
    case csv
    /// A zip archive unpacked into a new folder (an import, a restore).
    case zip
    /// An image's header through libvips: format, size, orientation, EXIF and XMP.
    case image
    /// An XMP packet's face regions (people's names).
    case xmp
    /// `Cookie` (first line) and `Authorization` (second line) headers.
    case credentials
    /// `If-Match` / `If-None-Match` entity-tag lists.
    case etag
    /// Search text (`?q=`), through `FullTextQuery` and FTS5's `MATCH` on a small inventory.
    case search
    /// A video (MP4/MOV) through the container reader, the decoder and the candidate frames.
    case video
    /// tus headers, one a line: `Upload-Length`, `Upload-Offset`, `Upload-Metadata`, `Upload-Checksum`, `Tus-Resumable`.
    case tus

    /// Reads `bytes` as this target's input.
    /// - Throws: `FuzzFailure` when a property that must hold of every input does not.
    public func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .url: try RequestTargets.url(bytes)
        case .form: try RequestTargets.form(bytes)
        case .multipart: try RequestTargets.multipart(bytes)
        case .jsonItem: try ItemJSONTarget.run(bytes)
        case .csv: try ImportTargets.delimitedText(bytes)
        case .zip: try ImportTargets.zip(bytes)
        case .image: try ImageTargets.header(bytes)
        case .xmp: try ImageTargets.xmp(bytes)
        case .credentials: try RequestTargets.credentials(bytes)
        case .etag: try RequestTargets.entityTags(bytes)
        case .search: try SearchTarget.run(bytes)
        case .video: try VideoTarget.run(bytes)
        case .tus: try RequestTargets.tusHeaders(bytes)
        }
    }
}

/// A property that must hold of every input, and did not.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let description: String
}

/// Fails with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(description: message()) }
}

extension [UInt8] {
    /// The bytes up to the first line feed, and those after it.
    var splitAtFirstLine: (line: ArraySlice<UInt8>, rest: ArraySlice<UInt8>) {
        guard let newline = firstIndex(of: UInt8(ascii: "\n")) else { return (self[...], []) }
        return (self[..<newline], self[(newline + 1)...])
    }
}
