import Foundation
import Imaging
import Testing

/// XMP from a stranger's photo, built to hurt the parser: the scan must go on, read nothing but the
/// packet, and still find the people the packet honestly names.
@Suite struct HostileXMPTests {
    static func names(_ xmp: String) -> [String] { FaceRegions.names(in: Data(xmp.utf8)) }

    /// `mwgXMP(names)` with `extra` just before the region list ends.
    static func mwgXMP(_ names: [String], before end: String) -> String {
        ImagingTests.mwgXMP(names).replacingOccurrences(of: "</rdf:Bag></mwg-rs:RegionList>", with: "</rdf:Bag>\(end)</mwg-rs:RegionList>")
    }

    @Test func billionLaughsAreNotExpanded() {
        var entities = #"<!ENTITY lol0 "lol">"#
        for level in 1...10 { entities += "<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">" }
        let packet = "<?xml version=\"1.0\"?><!DOCTYPE x:xmpmeta [\(entities)]>" + ImagingTests.mwgXMP(["&lol10;"])
        #expect(Self.names(packet).isEmpty, "expanded, the name would be 10 billion letters")
    }

    @Test func externalEntitiesAndDTDsAreNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("Mallory's secret".utf8).write(to: secret)
        let dtd = folder.appendingPathComponent("evil.dtd")
        try Data(#"<!ENTITY who SYSTEM "\#(secret.absoluteString)"><!ENTITY alias "Mallory's secret">"#.utf8).write(to: dtd)

        for doctype in [
            #"<!DOCTYPE x:xmpmeta [<!ENTITY who SYSTEM "\#(secret.absoluteString)">]>"#,
            #"<!DOCTYPE x:xmpmeta [<!ENTITY who SYSTEM "\#(secret.path)">]>"#,
            #"<!DOCTYPE x:xmpmeta SYSTEM "\#(dtd.absoluteString)">"#,
            #"<!DOCTYPE x:xmpmeta [<!ENTITY % remote SYSTEM "\#(dtd.absoluteString)"> %remote;]>"#,
        ] {
            let names = Self.names(doctype + ImagingTests.mwgXMP(["&who;", "&alias;", "Alice Martin"]))
            #expect(!names.contains { $0.contains("secret") }, "\(doctype)")
            #expect(names.isEmpty, "a packet declaring a DTD is not read: \(doctype)")
        }
    }

    @Test func deepNestingStopsAtLibxml2sDepthLimitKeepingTheRegionsBefore() {
        let nest = String(repeating: "<rdf:Seq>", count: 100_000) + String(repeating: "</rdf:Seq>", count: 100_000)
        #expect(Self.names(Self.mwgXMP(["Alice Martin", "Bob"], before: nest)) == ["Alice Martin", "Bob"])
        let shallow = String(repeating: "<rdf:Seq>", count: 100) + "<rdf:li mwg-rs:Name=\"Carol\"/>" + String(repeating: "</rdf:Seq>", count: 100)
        #expect(Self.names(Self.mwgXMP(["Alice Martin"], before: shallow)) == ["Alice Martin", "Carol"])
    }

    /// XMP in an image is UTF-8: a packet is read as UTF-8 whatever it declares, and stops at the
    /// first byte that is not.
    @Test func declaredEncodingsAreNotFollowed() throws {
        let declaration = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
        let latin1 = try #require((declaration + ImagingTests.mwgXMP(["Alice Martin", "Zoë", "Bob"])).data(using: .isoLatin1))
        #expect(FaceRegions.names(in: latin1) == ["Alice Martin"])
        #expect(Self.names(declaration + ImagingTests.mwgXMP(["Alice Martin", "Bob"])) == ["Alice Martin", "Bob"])
        #expect(Self.names("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>" + ImagingTests.mwgXMP(["Alice Martin"])) == ["Alice Martin"])
        let utf16 = "\u{FEFF}" + ImagingTests.microsoftXMP(["Zoë", "Łukasz"])
        #expect(FaceRegions.names(in: try #require(utf16.data(using: .utf16LittleEndian))).isEmpty)
        #expect(FaceRegions.names(in: try #require(utf16.data(using: .utf32BigEndian))).isEmpty)
    }

    @Test func undeclaredNonUTF8StopsTheReadWhereItStarts() throws {
        let packet = try #require(ImagingTests.mwgXMP(["Alice Martin", "Zoë", "Bob"]).data(using: .isoLatin1))
        #expect(FaceRegions.names(in: packet) == ["Alice Martin"])
        var badName = Data(ImagingTests.microsoftXMP(["Carol", "Dan"]).utf8)
        let at = try #require(badName.range(of: Data("Dan".utf8)))
        badName[at.lowerBound + 1] = 0xFF
        #expect(FaceRegions.names(in: badName) == ["Carol"])
    }

    @Test func truncatedPacketsGiveTheRegionsCompleteBeforeTheCut() {
        let packet = Array(ImagingTests.mwgXMP(["Alice Martin", "Bob"]).utf8)
        let regionEnds = packet.ranges(of: Array("</rdf:li>".utf8)).map(\.upperBound)
        for length in 0...packet.count {
            let complete = ["Alice Martin", "Bob"].prefix(regionEnds.prefix(2).filter { $0 <= length }.count)
            #expect(FaceRegions.names(in: Data(packet[..<length])) == Array(complete), "cut after \(length) bytes")
        }
    }

    /// A region is known by its namespace, not by the prefix a packet binds it to (XMP allows any).
    @Test func regionsAreFoundUnderAnyPrefixAndNotUnderAFamiliarPrefixForAnotherNamespace() {
        let renamed = ImagingTests.mwgXMP(["Alice Martin", "Bob"]).replacingOccurrences(of: "mwg-rs", with: "regions")
            .replacingOccurrences(of: "rdf:", with: "r:").replacingOccurrences(of: "xmlns:rdf", with: "xmlns:r")
        #expect(Self.names(renamed) == ["Alice Martin", "Bob"])
        let microsoft = ImagingTests.microsoftXMP(["Carol"]).replacingOccurrences(of: "MPReg", with: "reg").replacingOccurrences(of: "MPRI", with: "info")
        #expect(Self.names(microsoft) == ["Carol"])
        let impostor = ImagingTests.mwgXMP(["Alice Martin"]).replacingOccurrences(of: "http://www.metadataworkinggroup.com/schemas/regions/", with: "urn:example:other")
        #expect(Self.names(impostor).isEmpty)
    }

    @Test func processingInstructionsWithoutDataAreSkipped() {
        #expect(Self.names("<?xpacket?>" + Self.mwgXMP(["Alice Martin"], before: "<?x?><?xpacket ?>")) == ["Alice Martin"])
    }

    @Test func hugeAttributesAreReadUpToLibxml2sLimit() {
        let large = String(repeating: "a", count: 5_000_000)
        let underLimit = Self.mwgXMP(["Alice Martin"], before: "<rdf:li mwg-rs:Type=\"Face\" mwg-rs:Name=\"Bob\" note=\"\(large)\"/>")
        #expect(Self.names(underLimit) == ["Alice Martin", "Bob"])
        let huge = String(repeating: "a", count: 12_000_000)
        let overLimit = Self.mwgXMP(["Alice Martin"], before: "<rdf:li mwg-rs:Name=\"\(huge)\"/><rdf:li mwg-rs:Name=\"Bob\"/>")
        #expect(Self.names(overLimit) == ["Alice Martin"])
    }

    @Test func escapedCharactersAreResolvedInTextAndAttributes() {
        #expect(Self.names(ImagingTests.microsoftXMP(["Bo &amp; Jo", "&lt;Ann&gt; &#38;#38;", "&#233;mile"])) == ["Bo & Jo", "<Ann> &#38;", "émile"])
        #expect(Self.names(ImagingTests.mwgXMP(["Bo &amp; Jo", "<![CDATA[Ann & Co]]>"])) == ["Bo & Jo", "Ann & Co"])
    }

    @Test func packetsOverTheSizeBoundAreNotRead() {
        var packet = Data(ImagingTests.mwgXMP(["Alice Martin"]).utf8)
        packet.append(Data(repeating: 0x20, count: 64 << 20))
        #expect(FaceRegions.names(in: packet).isEmpty)
    }

    /// libxml2 is set up once and each read has its own parser: reads on every core at once, as the
    /// library scan does them, give each packet its own names.
    @Test func readsOnManyThreadsAtOnceKeepTheirOwnNames() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let names = ["Person \(index)", "Friend of \(index)"]
                    let packet = index.isMultiple(of: 2) ? ImagingTests.mwgXMP(names) : ImagingTests.microsoftXMP(names)
                    return (0..<50).allSatisfy { _ in Self.names(packet) == names }
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }
}
