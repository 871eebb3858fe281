import Foundation

/// An image's encoded bytes, where the C libraries read them: a file, or bytes in memory (valid
/// while the caller's `withUnsafeBytes` lasts).
enum EncodedImage {
    case file(String)
    case memory(UnsafeRawBufferPointer)

    /// The path, for C calls that read "from the file at path when it is set, else from the bytes".
    var path: String? {
        if case .file(let path) = self { path } else { nil }
    }

    var start: UnsafeRawPointer? {
        if case .memory(let bytes) = self { bytes.baseAddress } else { nil }
    }

    var count: Int {
        if case .memory(let bytes) = self { bytes.count } else { 0 }
    }

    /// The first bytes, which name the format.
    var header: [UInt8] {
        switch self {
        case .memory(let bytes): return Array(bytes.prefix(16))
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
            defer { try? handle.close() }
            return [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
        }
    }

    /// Why this file of `format` could not be decoded: a variant it declares that this build cannot
    /// decode, else damage. Asked of the file itself, never of libvips' error text, which concurrent
    /// images share: the same bytes get the same answer.
    func unreadable(as format: ImageFormat, _ failure: VipsFailure) -> ImagingError {
        UnsupportedVariant(declaredBy: self, format: format).map { .unsupportedVariant($0) } ?? .damaged(detail: failure.message)
    }
}
