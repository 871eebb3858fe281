import CXML2

/// An element's or attribute's name as XML namespaces define it: the namespace's URI (whatever prefix
/// the document bound it to; "" for none) and the local name.
public struct XMLName: Hashable, Sendable {
    public let namespace: String
    public let local: String
}

/// What a streaming read of an XML document reports, in document order. Text and attribute values
/// arrive with references resolved, as UTF-8.
public protocol XMLEventHandler: AnyObject {
    func startElement(_ name: XMLName, attributes: [(name: XMLName, value: String)])
    /// A piece of an element's text: one text may come in several pieces.
    func characters(_ text: UnsafeBufferPointer<UInt8>)
    func endElement(_ name: XMLName)
}

/// XML from a stranger through libxml2's SAX2 parser, with nothing loaded and nothing expanded: no
/// network, no file, no DTD (a document that declares one is read no further; XMP has none, and
/// Adobe's XMP Toolkit refuses it too), so no entity but the five predefined ones. libxml2's own
/// limits hold (XML_PARSE_HUGE off): 256 levels of elements, 10 MB for a text or attribute value.
/// Always read as UTF-8, whatever the document declares or its first bytes suggest: XMP in an image
/// is UTF-8 (XMP Specification Part 3 for JPEG and TIFF; PNG's iTXt is UTF-8), and no character
/// converter runs on a stranger's bytes (libxml2's converters report errors on stderr, not to the context).
/// The first error in the document ends its events; errors are not printed.
public enum XMLEventReader {
    /// libxml2 sets up its global tables on first use, and not safely from two threads at once:
    /// `Imaging.start` takes this before libvips (whose SVG loader uses libxml2 too) starts threads.
    static let libraryReady: Void = { xmlInitParser() }()

    /// Reads `document`, handing its events to `handler`; a document over 2 GiB is not read.
    public static func read(_ document: UnsafeRawBufferPointer, into handler: some XMLEventHandler) {
        _ = libraryReady
        guard let bytes = document.baseAddress, let count = Int32(exactly: document.count) else { return }
        let reading = Reading(handler)
        var callbacks = Self.callbacks()
        // Our own object as user data, never the context: libxml2 looks entities up for a SAX reader
        // whose user data is its context.
        guard let context = xmlCreatePushParserCtxt(&callbacks, Unmanaged.passUnretained(reading).toOpaque(), nil, 0, nil) else { return }
        defer { xmlFreeParserCtxt(context) }
        reading.context = context
        let options = [XML_PARSE_NONET, XML_PARSE_NOERROR, XML_PARSE_NOWARNING, XML_PARSE_IGNORE_ENC].reduce(0) { $0 | $1.rawValue }
        withExtendedLifetime(reading) {
            // No tree is built (no startDocument callback); free one all the same should a version build it.
            if let tree = xmlCtxtReadMemory(context, bytes.assumingMemoryBound(to: CChar.self), count, nil, "UTF-8", Int32(options)) {
                xmlFreeDoc(tree)
            }
        }
    }

    /// The handler and the context it is read with, for the callbacks.
    private final class Reading {
        let handler: any XMLEventHandler
        var context: xmlParserCtxtPtr?
        init(_ handler: any XMLEventHandler) { self.handler = handler }

        static func from(_ userData: UnsafeMutableRawPointer?) -> Reading {
            Unmanaged<Reading>.fromOpaque(userData!).takeUnretainedValue()
        }
    }

    /// Element starts and ends, text and CDATA; a DOCTYPE stops the parser; errors go nowhere. Every
    /// other callback is absent, and with it whatever libxml2 would otherwise do: declared entities
    /// are neither stored nor looked up, and no external subset or entity is loaded.
    private static func callbacks() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, _, namespace, _, _, attributeCount, _, attributes in
            let reading = Reading.from(userData)
            var pairs: [(name: XMLName, value: String)] = []
            if let attributes {
                pairs.reserveCapacity(Int(attributeCount))
                // Five pointers an attribute: local name, prefix, namespace URI, value, end of value.
                for index in stride(from: 0, to: Int(attributeCount) * 5, by: 5) {
                    guard let valueStart = attributes[index + 3], let valueEnd = attributes[index + 4] else { continue }
                    let value = String(decoding: UnsafeBufferPointer(start: valueStart, count: valueEnd - valueStart), as: UTF8.self)
                    pairs.append((XMLEventReader.name(attributes[index], in: attributes[index + 2]), XMLEventReader.unescapedAmpersands(value)))
                }
            }
            reading.handler.startElement(XMLEventReader.name(localName, in: namespace), attributes: pairs)
        }
        handler.endElementNs = { userData, localName, _, namespace in
            Reading.from(userData).handler.endElement(XMLEventReader.name(localName, in: namespace))
        }
        handler.characters = { userData, text, length in
            Reading.from(userData).handler.characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.internalSubset = { userData, _, _, _ in
            xmlStopParser(Reading.from(userData).context)
        }
        handler.serror = { _, _ in }
        return handler
    }

    private static func name(_ localName: UnsafePointer<xmlChar>?, in namespace: UnsafePointer<xmlChar>?) -> XMLName {
        XMLName(namespace: namespace.map { String(cString: $0) } ?? "", local: localName.map { String(cString: $0) } ?? "")
    }

    /// Without entity substitution (XML_PARSE_NOENT, which we leave off) libxml2 hands an attribute's
    /// `&` on as `&#38;`, for a tree builder to resolve again; with no DTD, no other `&` is left.
    private static func unescapedAmpersands(_ value: String) -> String {
        value.contains("&") ? value.replacing("&#38;", with: "&") : value
    }
}
