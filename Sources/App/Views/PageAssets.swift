/// The URLs of the stylesheet, script and icon a page links to (content-hashed).
struct PageAssets: Sendable {
    let stylesheet: String
    let script: String
    let icon: String
}
