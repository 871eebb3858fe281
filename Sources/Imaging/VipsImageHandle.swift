import CVips
import Foundation

/// The one Swift owner of a `VipsImage*`: released when this object goes away.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(_ pointer: UnsafeMutablePointer<VipsImage>) { self.pointer = pointer }

    deinit { hp_vips_unref(pointer) }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var orientation: Int { Int(hp_vips_orientation(pointer)) }

    /// Runs a libvips call that writes a new image to `out`; nil and the error text on failure.
    static func make(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32) -> Result<VipsImageHandle, VipsFailure> {
        var out: UnsafeMutablePointer<VipsImage>?
        guard call(&out) == 0, let out else { return .failure(VipsFailure.current()) }
        return .success(VipsImageHandle(out))
    }

    /// Decodes every pixel once into memory, so several renditions can be cut from it.
    func inMemory() -> Result<VipsImageHandle, VipsFailure> {
        guard let copy = vips_image_copy_memory(pointer) else { return .failure(VipsFailure.current()) }
        return .success(VipsImageHandle(copy))
    }

    /// Encodes as baseline JPEG without metadata.
    func jpeg(quality: Int32) -> Result<[UInt8], VipsFailure> {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard hp_vips_jpegsave_buffer(pointer, &buffer, &length, quality) == 0, let buffer else {
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
