import CQREncode
import Glibc

/// A QR code as a square of modules, the quiet zone not included: what a label draws.
public struct QRCode: Sendable, Equatable {
    /// Modules on a side (21 for version 1, 4 more for each version after).
    public let size: Int
    /// Row by row, top first: true where a module is dark.
    public let modules: [Bool]

    /// How much of a damaged code a reader can still restore.
    public enum Correction: Sendable {
        /// About 15 %: a label's usual wear (a scuff, a fold).
        case medium
        /// About 25 %.
        case quartile

        var level: QRecLevel {
            switch self {
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            }
        }
    }

    /// The quiet zone readers need around a code, in modules (ISO/IEC 18004: four).
    public static let quietZone = 4

    /// Encodes `text` as bytes (UTF-8) in the smallest version that holds it. The one owner of
    /// libqrencode's `QRcode`: copied out and freed before this returns.
    public init(_ text: String, correction: Correction = .medium) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, correction.level) }) else {
            throw errno == ERANGE ? .tooLong(bytes: bytes.count) : .encodingFailed(errno: errno)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // Bit 0 of each byte is the module's colour; the other bits say what kind of module it is.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }
}

/// Why no QR code was made.
public enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    /// More than the largest QR code (version 40) holds at the correction asked for.
    case tooLong(bytes: Int)
    case encodingFailed(errno: Int32)

    public var description: String {
        switch self {
        case .empty: "There is nothing to put in the QR code."
        case .tooLong(let bytes): "\(bytes) bytes are more than a QR code holds: shorten the text."
        case .encodingFailed(let number): "libqrencode could not make the QR code: \(String(cString: strerror(number)))."
        }
    }
}
