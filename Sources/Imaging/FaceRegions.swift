import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Synchronization

/// Names of the people in an XMP packet's face regions: Metadata Working Group regions
/// (`mwg-rs:RegionList`, each with `mwg-rs:Name` and `mwg-rs:Type` Face) and Microsoft People Tags
/// (`MPRI:Regions`, each with `MPReg:PersonDisplayName`). Fields may be attributes or elements.
package enum FaceRegions {
    /// libxml2, under Foundation's XMLParser, keeps global state that is not safe to set up from
    /// several threads at once (the scanner reads headers on every core): one parse at a time.
    private static let parsing = Mutex<Void>(())

    package static func names(in xmp: Data) -> [String] {
        // Most packets name no regions, and are not parsed at all: faster, and FoundationXML's parser
        // leaks an error object for every problem libxml2 reports (reliability/fuzz/lsan.supp).
        guard Collector.listElements.contains(where: { xmp.range(of: Data($0.utf8)) != nil }) else { return [] }
        // XMP is UTF-8 (ISO 16684-1); FoundationXML's parser traps on a name that is not, instead of failing.
        guard String(validating: xmp.trimmingTrailingNulls(), as: UTF8.self) != nil,
              let packet = parsable(xmp.trimmingTrailingNulls()) else { return [] }
        let collector = Collector()
        parsing.withLock { _ in
            let parser = XMLParser(data: packet)
            parser.delegate = collector
            _ = parser.parse()
        }
        var seen = Set<String>()
        return collector.names.filter { seen.insert($0).inserted }
    }

    /// The packet without processing instructions (`<?xpacket …?>`: FoundationXML's parser crashes on
    /// one without data), or nil when it declares a DTD: XMP has none, and its entities could rebuild
    /// what was taken out (both found by the `xmp` fuzz target).
    static func parsable(_ packet: Data) -> Data? {
        let bytes = [UInt8](packet)
        for keyword in ["<!DOCTYPE", "<!ENTITY"] where bytes.firstRange(of: Array(keyword.utf8)) != nil { return nil }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?"),
               let end = bytes[(index + 2)...].firstRange(of: Array("?>".utf8)) {
                index = end.upperBound
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return Data(kept)
    }

    private final class Collector: NSObject, XMLParserDelegate {
        static let listElements = ["mwg-rs:RegionList", "MPRI:Regions"]
        private static let nameFields: Set<String> = ["mwg-rs:Name", "MPReg:PersonDisplayName"]
        var names: [String] = []
        private var depth = 0
        private var listDepth: Int?
        /// The region being read: the depth of its `rdf:li`, its name and type.
        private var region: (depth: Int, name: String?, type: String?)?
        private var capturing: String?
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            if Self.listElements.contains(element), listDepth == nil {
                listDepth = depth
            } else if listDepth != nil, region == nil, element == "rdf:li" {
                region = (depth, nil, nil)
            }
            guard region != nil else { return }
            for (key, value) in attributes {
                if Self.nameFields.contains(key) { region?.name = value }
                if key == "mwg-rs:Type" { region?.type = value }
            }
            if Self.nameFields.contains(element) || element == "mwg-rs:Type" {
                capturing = element
                text = ""
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if capturing != nil { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            defer { depth -= 1 }
            if element == capturing {
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if element == "mwg-rs:Type" { region?.type = value } else { region?.name = value }
                capturing = nil
            }
            if let current = region, element == "rdf:li", current.depth == depth {
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
