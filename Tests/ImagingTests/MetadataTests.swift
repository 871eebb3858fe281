import Foundation
import Imaging
import Testing

/// XMP with one MWG face region per name, as Lightroom and exiftool write them.
func mwgXMP(_ names: [String]) -> String {
    let regions = names.map { name in
        """
        <rdf:li rdf:parseType="Resource"><mwg-rs:Name>\(name)</mwg-rs:Name><mwg-rs:Type>Face</mwg-rs:Type>\
        <mwg-rs:Area stArea:x="0.5" stArea:y="0.5" stArea:w="0.1" stArea:h="0.1" stArea:unit="normalized"/></rdf:li>
        """
    }.joined()
    return """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/" \
        xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#"><mwg-rs:Regions rdf:parseType="Resource">\
        <mwg-rs:RegionList><rdf:Bag>\(regions)<rdf:li rdf:parseType="Resource"><mwg-rs:Name>A pet</mwg-rs:Name>\
        <mwg-rs:Type>Pet</mwg-rs:Type></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions></rdf:Description></rdf:RDF></x:xmpmeta>
        """
}

/// XMP with Microsoft People Tags, names as attributes.
func microsoftXMP(_ names: [String]) -> String {
    let regions = names.map { "<rdf:li><rdf:Description MPReg:PersonDisplayName=\"\($0)\" MPReg:Rectangle=\"0.1, 0.1, 0.2, 0.2\"/></rdf:li>" }.joined()
    return """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:MP="http://ns.microsoft.com/photo/1.2/" \
        xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#" xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#">\
        <MP:RegionInfo rdf:parseType="Resource"><MPRI:Regions><rdf:Bag>\(regions)</rdf:Bag></MPRI:Regions></MP:RegionInfo>\
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
}

func temporaryFile(_ bytes: [UInt8], suffix: String = ".jpg") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("meta-\(UUID().uuidString)\(suffix)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite struct MetadataTests {
    let pixels = RasterImage(width: 60, height: 40) { x, _ in [UInt8(x * 4), 90, 160] }

    @Test func cameraDateGPSAndMWGFacesAreReadFromTheHeader() throws {
        let bytes = try pixels.encoded(metadata: SampleMetadata(orientation: 6, exif: [
            "exif-ifd0-Make": "Canon",
            "exif-ifd0-Model": "Canon EOS R6",
            "exif-ifd2-DateTimeOriginal": "2019:05:04 18:30:07",
            "exif-ifd3-GPSLatitudeRef": "S",
            "exif-ifd3-GPSLatitude": "33/1 51/1 3540/100",
            "exif-ifd3-GPSLongitudeRef": "E",
            "exif-ifd3-GPSLongitude": "151/1 12/1 4000/100",
        ], xmp: mwgXMP(["Alice Martin", "Bob"])))
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (info, metadata) = try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000)
        #expect(info.format == .jpeg)
        #expect((info.width, info.height, info.orientation) == (40, 60, 6))
        #expect(metadata.camera == "Canon EOS R6")
        #expect(metadata.takenAt == Date(timeIntervalSince1970: 1_556_994_607))
        #expect(abs((metadata.latitude ?? 0) - -33.859833) < 0.0001)
        #expect(abs((metadata.longitude ?? 0) - 151.211111) < 0.0001)
        #expect(metadata.people == ["Alice Martin", "Bob"])
    }

    @Test func microsoftPeopleTagsAreRead() throws {
        let bytes = try pixels.encoded(metadata: SampleMetadata(xmp: microsoftXMP(["Carol", "Dan", "Carol"])))
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000).1.people == ["Carol", "Dan"])
    }

    /// Found by the `xmp` fuzz target: FoundationXML's parser trapped (and took the library scan and
    /// the server with it) on a face region whose attribute name is not UTF-8.
    @Test func faceRegionsThatAreNotUTF8AreSkippedNotFatal() throws {
        var bytes = try pixels.encoded(metadata: SampleMetadata(orientation: 6, xmp: mwgXMP(["Alice Martin"]).replacingOccurrences(of: "parseType", with: "parseQype")))
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("parseQype".utf8)) })
        bytes[at + 5] = 0xD4
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (info, metadata) = try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000)
        #expect((info.width, info.height, info.orientation) == (40, 60, 6))
        #expect(metadata.people.isEmpty)
    }

    /// Found by the `xmp` fuzz target: FoundationXML's parser crashed on a processing instruction
    /// without data, as a damaged `<?xpacket …?>` wrapper can be.
    @Test func faceRegionsAfterAProcessingInstructionWithoutDataAreRead() throws {
        let bytes = try pixels.encoded(metadata: SampleMetadata(xmp: "<?xpacket?>" + mwgXMP(["Alice Martin"])))
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000).1.people == ["Alice Martin"])
    }

    @Test func aPhotoWithoutMetadataHasNone() throws {
        let path = try temporaryFile(try pixels.encoded(as: ".png"), suffix: ".png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (info, metadata) = try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000)
        #expect(info.format == .png)
        #expect(metadata == PhotoMetadata())
    }

    @Test func nonImageFilesAreUnsupported() throws {
        let path = try temporaryFile(Array("hello".utf8), suffix: ".txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImagingError.unsupportedFormat) { try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000) }
    }
}
