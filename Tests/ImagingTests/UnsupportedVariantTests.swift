import Foundation
import Imaging
import Testing

/// Valid files of an accepted format that this build cannot decode are refused as a kind of file
/// Homepwner does not read, not as damaged, whether uploaded or found in the library.
@Suite struct UnsupportedVariantTests {
    @Test(arguments: [
        "monkey12.jpg",                     // libjpeg-turbo: a 12-bit JPEG
        "12bit.cropped.tif",                // Pillow: 12-bit grey TIFF
        "tiff_tiled_planar_16bit_RGB.tiff", // Pillow: tiled, one plane per colour
        "j2k32.heif", "avc32.heif", "vvc32.heif", "hevc32-mini.heif", // libheif: codecs and a layout libheif 1.15 lacks
    ])
    func aValidFileThisBuildCannotDecodeIsAnUnsupportedVariant(name: String) throws {
        #expect(UploadOutcome(uploading: try Corpus.bytes(name)) == .refused("unsupportedVariant"))

        let path = try Corpus.temporaryCopy(name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(UploadOutcome(readingFileAt: path) == .refused("unsupportedVariant"))
    }

    /// Each file is refused as the variant it is, the id the library keeps for it.
    @Test(arguments: [
        ("monkey12.jpg", "jpeg-precision-12"), ("12bit.cropped.tif", "tiff-sample-bits-12"),
        ("tiff_tiled_planar_16bit_RGB.tiff", "tiff-separate-planes"), ("j2k32.heif", "heif-jpeg2000"), ("avc32.heif", "heif-avc"),
        ("vvc32.heif", "heif-vvc"), ("hevc32-mini.heif", "heif-compact-layout"),
    ])
    func eachFileIsRefusedAsItsVariant(name: String, id: String) throws {
        let bytes = try Corpus.bytes(name)
        var refusal: ImagingError?
        do { _ = try Imaging.renditions(of: bytes, info: try Imaging.inspect(bytes, maxPixels: 100_000_000), specs: uploadSpecs) } catch { refusal = error }
        #expect(refusal == .unsupportedVariant(try #require(UnsupportedVariant(id: id))), "\(name)")
    }

    /// The library keeps a variant by its id: each names the variant again, and nothing else names one.
    @Test func everyVariantsIDNamesItAndNoOtherTextDoes() {
        for variant in UnsupportedVariant.all { #expect(UnsupportedVariant(id: variant.id) == variant, "\(variant.id)") }
        #expect(Set(UnsupportedVariant.all.map(\.id)).count == UnsupportedVariant.all.count)
        for text in ["", "jpeg-precision-8", "jpeg-precision-17", "jpeg-precision-09", "tiff-sample-bits-8", "tiff-sample-bits-32", "heif-hevc",
                     "This photo is a 12-bit JPEG, which Homepwner cannot read."] {
            #expect(UnsupportedVariant(id: text) == nil, "\(text)")
        }
    }

    /// Pillow's star.avifs, an AVIF image sequence with a still image: libvips' sniffing does not
    /// know the "avis" brand, but its HEIF loader reads the still image, as it does for a HEIF
    /// sequence's.
    @Test func anAVIFImageSequenceIsShownByItsStillImage() throws {
        let bytes = try Corpus.bytes("avif__star.avifs")
        #expect(try Imaging.inspect(bytes, maxPixels: 1_000_000).format == .avif)
        #expect(UploadOutcome(uploading: bytes) == .accepted(width: 159, height: 159))

        let path = try Corpus.temporaryCopy("avif__star.avifs")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000).0.format == .avif)
        #expect(UploadOutcome(readingFileAt: path) == .accepted(width: 159, height: 159))
    }
}
