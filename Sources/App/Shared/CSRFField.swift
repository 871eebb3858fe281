import HTML

/// The hidden field that proves a form came from one of our pages (nothing when there is no session).
struct CSRFField {
    let token: String?

    var node: HTMLNode {
        guard let token else { return .empty }
        return input(.type("hidden"), .name("csrf"), .value(token))
    }
}
