import HTML

/// A sentence with an element in it ("Signed in as <a>Ann</a>"): the message is formatted with a
/// marker in the element's place and the element put there, wherever the language puts it.
struct MessageWithLink {
    /// The message, given what stands for the element.
    let text: (String) -> String
    let element: () -> HTMLNode

    init(text: @escaping (String) -> String, element: @escaping () -> HTMLNode) {
        self.text = text
        self.element = element
    }

    /// A private-use character no catalogue writes.
    private static let marker = "\u{E000}"

    var node: HTMLNode {
        let parts = text(Self.marker).components(separatedBy: Self.marker)
        guard parts.count == 2 else { return .fragment([.text(text("")), element()]) }
        return .fragment([.text(parts[0]), element(), .text(parts[1])])
    }
}
