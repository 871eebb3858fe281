import Foundation

/// Names of the people in an XMP packet's face regions: Metadata Working Group regions
/// (`mwg-rs:RegionList`, each with `mwg-rs:Name` and `mwg-rs:Type` Face) and Microsoft People Tags
/// (`MPRI:Regions`, each with `MPReg:PersonDisplayName`). Fields may be attributes or elements.
/// Matched by namespace, as XMP readers must: a packet may bind the namespaces to other prefixes.
package enum FaceRegions {
    /// Larger packets are not read: far beyond any camera's or editor's (JPEG holds 64 KB of XMP),
    /// and a hostile photo costs the library scan well under a second.
    static let maxPacketBytes = 64 << 20

    /// The names in document order, without repeats. A packet that is not well-formed gives the
    /// names of the regions that were complete before its first error.
    package static func names(in xmp: Data) -> [String] {
        let packet = xmp.trimmingTrailingNulls()
        guard packet.count <= maxPacketBytes else { return [] }
        let collector = Collector()
        packet.withUnsafeBytes { XMLEventReader.read($0, into: collector) }
        var seen = Set<String>()
        return collector.names.filter { seen.insert($0).inserted }
    }

    private final class Collector: XMLEventHandler {
        private static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        private static let mwgRegions = "http://www.metadataworkinggroup.com/schemas/regions/"
        private static let listItem = XMLName(namespace: rdf, local: "li")
        private static let regionType = XMLName(namespace: mwgRegions, local: "Type")
        private static let listElements: Set = [XMLName(namespace: mwgRegions, local: "RegionList"),
                                                XMLName(namespace: "http://ns.microsoft.com/photo/1.2/t/RegionInfo#", local: "Regions")]
        private static let nameFields: Set = [XMLName(namespace: mwgRegions, local: "Name"),
                                              XMLName(namespace: "http://ns.microsoft.com/photo/1.2/t/Region#", local: "PersonDisplayName")]
        var names: [String] = []
        private var depth = 0
        private var listDepth: Int?
        /// The region being read: the depth of its `rdf:li`, its name and type.
        private var region: (depth: Int, name: String?, type: String?)?
        private var capturing: XMLName?
        private var text: [UInt8] = []

        func startElement(_ element: XMLName, attributes: [(name: XMLName, value: String)]) {
            depth += 1
            if Self.listElements.contains(element), listDepth == nil {
                listDepth = depth
            } else if listDepth != nil, region == nil, element == Self.listItem {
                region = (depth, nil, nil)
            }
            guard region != nil else { return }
            for (key, value) in attributes {
                if Self.nameFields.contains(key) { region?.name = value }
                if key == Self.regionType { region?.type = value }
            }
            if Self.nameFields.contains(element) || element == Self.regionType {
                capturing = element
                text = []
            }
        }

        func characters(_ piece: UnsafeBufferPointer<UInt8>) {
            if capturing != nil { text.append(contentsOf: piece) }
        }

        func endElement(_ element: XMLName) {
            defer { depth -= 1 }
            if element == capturing {
                let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if element == Self.regionType { region?.type = value } else { region?.name = value }
                capturing = nil
            }
            if let current = region, element == Self.listItem, current.depth == depth {
                if let name = current.name, !name.isEmpty, current.type == nil || current.type == "Face" { names.append(name) }
                region = nil
            }
            if depth == listDepth { listDepth = nil }
        }
    }
}

extension Data {
    /// XMP packets are sometimes padded with NULs, which XML parsers reject.
    func trimmingTrailingNulls() -> Data {
        var end = endIndex
        while end > startIndex, self[end - 1] == 0 { end -= 1 }
        return self[startIndex..<end]
    }
}
