/// Builds the children of an element from statements: nodes, strings (as text), `if`, `for`.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ node: HTMLNode) -> [HTMLNode] { [node] }
    public static func buildExpression(_ text: String) -> [HTMLNode] { [.text(text)] }
    public static func buildExpression(_ nodes: [HTMLNode]) -> [HTMLNode] { nodes }
    public static func buildBlock(_ parts: [HTMLNode]...) -> [HTMLNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [HTMLNode]?) -> [HTMLNode] { part ?? [] }
    public static func buildEither(first part: [HTMLNode]) -> [HTMLNode] { part }
    public static func buildEither(second part: [HTMLNode]) -> [HTMLNode] { part }
    public static func buildArray(_ parts: [[HTMLNode]]) -> [HTMLNode] { parts.flatMap { $0 } }
}

extension HTMLNode {
    /// Several nodes side by side, written with the builder.
    public static func group(@HTMLBuilder _ content: () -> [HTMLNode]) -> HTMLNode {
        .fragment(content())
    }
}
