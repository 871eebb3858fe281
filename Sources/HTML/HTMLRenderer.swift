extension HTMLNode {
    /// Appends the node's markup to `buffer`, escaping text and attribute values.
    public func render(into buffer: inout [UInt8]) {
        switch kind {
        case .text(let text):
            HTMLEscaping.append(text, to: &buffer)
        case .trustedMarkup(let markup):
            buffer.append(contentsOf: markup.utf8)
        case .rendered(let bytes):
            buffer.append(contentsOf: bytes)
        case .fragment(let nodes):
            for node in nodes { node.render(into: &buffer) }
        case .element(let tag, let attributes, let children, let isVoid):
            buffer.append(UInt8(ascii: "<"))
            buffer.append(contentsOf: tag.utf8)
            for attribute in attributes {
                buffer.append(UInt8(ascii: " "))
                buffer.append(contentsOf: attribute.name.utf8)
                if let value = attribute.value {
                    buffer.append(contentsOf: "=\"".utf8)
                    HTMLEscaping.append(value, to: &buffer)
                    buffer.append(UInt8(ascii: "\""))
                }
            }
            buffer.append(UInt8(ascii: ">"))
            if isVoid { return }
            for child in children { child.render(into: &buffer) }
            buffer.append(contentsOf: "</".utf8)
            buffer.append(contentsOf: tag.utf8)
            buffer.append(UInt8(ascii: ">"))
        }
    }

    /// The node's markup as a string.
    public var rendered: String {
        var buffer: [UInt8] = []
        render(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}

/// A whole page: `<!DOCTYPE html>` followed by its root element.
public struct HTMLDocument: Sendable {
    public let root: HTMLNode

    public init(_ root: HTMLNode) { self.root = root }

    public func renderedBytes() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 * 1024)
        buffer.append(contentsOf: "<!DOCTYPE html>\n".utf8)
        root.render(into: &buffer)
        return buffer
    }
}

enum HTMLEscaping {
    /// Escapes `& < > " '` so the same text is safe in content and in quoted attribute values.
    static func append(_ text: String, to buffer: inout [UInt8]) {
        var utf8 = text.utf8
        if utf8.withContiguousStorageIfAvailable({ _ in true }) == nil {
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
        }
        utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                buffer.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                start = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
    }
}
