import CVips
import Foundation
import Synchronization

/// The one Swift owner of a `VipsImage*`: released when this object goes away.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(_ pointer: UnsafeMutablePointer<VipsImage>) { self.pointer = pointer }

    deinit { Self.buildAndFree.withLock { _ in hp_vips_unref(pointer) } }

    /// libvips 8.14 compiles a liborc program when a resize is built and frees it when its image
    /// goes; liborc 0.4.33 (Debian 12) can corrupt its code memory when one thread frees while
    /// another compiles (a segfault inside liborc, seen twice in the test suites with photos made side
    /// by side). Building and freeing pipelines one at a time costs little — the pixels are
    /// computed outside, when an image is encoded — whereas turning liborc off made a 12 MP upload
    /// nearly twice as slow.
    private static let buildAndFree = Mutex<Void>(())

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var orientation: Int { Int(hp_vips_orientation(pointer)) }

    /// Runs a libvips call that writes a new image to `out`; nil and the error text on failure.
    static func make(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32) -> Result<VipsImageHandle, VipsFailure> {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = buildAndFree.withLock { _ in call(&out) }
        guard status == 0, let out else { return .failure(VipsFailure.current()) }
        return .success(VipsImageHandle(out))
    }

    /// Encodes as baseline JPEG, without metadata unless `keepingMetadata`.
    func jpeg(quality: Int32, keepingMetadata: Bool = false) -> Result<[UInt8], VipsFailure> {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard hp_vips_jpegsave_buffer(pointer, &buffer, &length, quality, keepingMetadata ? 1 : 0) == 0, let buffer else {
            return .failure(VipsFailure.current())
        }
        defer { g_free(buffer) }
        return .success(Array(UnsafeRawBufferPointer(start: buffer, count: length)))
    }
}

/// The text libvips left in its (global) error buffer.
struct VipsFailure: Error {
    let message: String

    static func current() -> VipsFailure {
        guard let text = vips_error_buffer_copy() else { return VipsFailure(message: "unknown libvips error") }
        defer { g_free(text) }
        // libvips stacks one line per failing layer; the first says what went wrong.
        let message = String(cString: text).split(separator: "\n").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        return VipsFailure(message: message.isEmpty ? "unknown libvips error" : message)
    }
}
