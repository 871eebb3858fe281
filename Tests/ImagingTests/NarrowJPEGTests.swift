import Imaging
import Testing

/// image-rs' oss-fuzz-36829.jpeg declares 3 × 62,728 pixels. Asked to decode it at a quarter or
/// an eighth of its size, libvips 8.14 makes an image 0 pixels wide and aborts the whole process
/// on an assertion. A screen rendition alone (as the library's full-size view asks) would pick
/// such a factor from the long side.
@Suite struct NarrowJPEGTests {
    @Test func aJPEGNarrowerThanItsShrinkFactorIsNotShrunk() throws {
        let bytes = try Corpus.bytes("regression__jpg__oss-fuzz-36829.jpeg")
        let info = try Imaging.inspect(bytes, maxPixels: 100_000_000)
        #expect((info.width, info.height) == (3, 62_728))
        // Refused as damaged (its data is fuzzed), instead of taking the process down.
        #expect(throws: ImagingError.self) {
            _ = try Imaging.renditions(of: bytes, info: info, specs: [RenditionSpec(name: "screen", shape: .fit(2048))])
        }
    }
}
