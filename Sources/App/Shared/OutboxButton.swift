import HTML

/// The top bar's "3 waiting to upload" and its list (a popover anchored to it at regular width, a
/// sheet at compact width): the captures kept on this device until they are uploaded (outbox.js).
/// Hidden until the script finds one; nothing without an account to send them as.
struct OutboxButton {
    let context: PageContext

    var node: HTMLNode {
        guard context.accountID != nil else { return .empty }
        return div(.class("outbox"), .id("outbox"), .data("uploads", UploadRoutes.uploads.url())) {
            button(.class("bar-button outbox-button"), .type("button"), .id("outbox-button"), .popovertarget("outbox-sheet"), .hidden) {
                Self.icon
                span(.class("outbox-count"), .id("outbox-count")) { "0" }
                span(.class("outbox-words")) { " " + context.text("site.outbox.words") }
            }
            p(.class("visually-hidden"), .id("outbox-announcement"), .role("status")) {}
            div(.id("outbox-sheet"), .class("picker claim-sheet outbox-sheet"), .popover(), .role("dialog"), .aria("labelledby", "outbox-title")) {
                div(.class("sheet-bar picker-bar")) {
                    button(.class("bar-button"), .type("button"), .popovertarget("outbox-sheet"), .popovertargetaction("hide")) { context.text("site.close") }
                    h2(.id("outbox-title")) { context.text("site.outbox.title") }
                    span {}
                }
                p(.class("outbox-note"), .id("outbox-note"), .hidden) {}
                ol(.class("outbox-list"), .id("outbox-list"), .aria("labelledby", "outbox-title")) {}
            }
        }
    }

    /// An arrow rising out of a tray.
    private static let icon = HTMLNode.unsafeTrustedMarkup("""
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 15V4m-4.5 4.5L12 4l4.5 4.5M4 14v5a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-5" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """)
}
