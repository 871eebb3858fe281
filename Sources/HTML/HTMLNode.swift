/// A piece of an HTML document: elements, text and attributes are distinct values, so every piece
/// of user data is escaped by the renderer for the place it ends up in.
public struct HTMLNode: Sendable {
    enum Kind: Sendable {
        case element(tag: String, attributes: [Attribute], children: [HTMLNode], isVoid: Bool)
        case text(String)
        case trustedMarkup(String)
        case rendered([UInt8])
        case fragment([HTMLNode])
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// Text content; escaped when rendered.
    public static func text(_ value: String) -> HTMLNode { HTMLNode(.text(value)) }

    /// Nothing at all.
    public static let empty = HTMLNode(.fragment([]))

    /// Markup written by us, never by a user: rendered as is. Loudly named because it is the one
    /// way around escaping; the argument must be a literal.
    public static func unsafeTrustedMarkup(_ literal: StaticString) -> HTMLNode {
        HTMLNode(.trustedMarkup(literal.description))
    }

    /// Markup this renderer produced earlier (kept to reuse, e.g. a list the same for every reader).
    public static func rendered(_ html: RenderedHTML) -> HTMLNode { HTMLNode(.rendered(html.bytes)) }

    /// Several nodes side by side.
    public static func fragment(_ nodes: [HTMLNode]) -> HTMLNode { HTMLNode(.fragment(nodes)) }

    /// An element; prefer the named helpers (`div`, `a`, `button`, …).
    public static func element(
        _ tag: String, _ attributes: [Attribute], isVoid: Bool = false, children: [HTMLNode] = []
    ) -> HTMLNode {
        HTMLNode(.element(tag: tag, attributes: attributes, children: children, isVoid: isVoid))
    }
}

extension HTMLNode: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(.text(value)) }
}

/// Markup rendered from nodes, to be placed again later. It can only be made by rendering a node,
/// so it is escaped like everything else.
public struct RenderedHTML: Sendable {
    let bytes: [UInt8]

    public init(_ node: HTMLNode) {
        var bytes: [UInt8] = []
        node.render(into: &bytes)
        self.bytes = bytes
    }
}
