import HTML

/// The top bar's "Offline copy from 05:12". Every page carries it hidden; on a copy the service
/// worker kept and shows because the server cannot be reached (the copy's head names the time it was
/// fetched), `offline-copy.js` shows it, turns off what needs the server and points each disabled
/// control at the reason below. The button opens the reason, with a way to try the server again.
struct OfflineCopyStatus {
    let context: PageContext

    var node: HTMLNode {
        div(.class("offline-copy")) {
            button(.class("bar-status offline-copy-status"), .id("offline-copy-status"), .type("button"),
                   .popovertarget("offline-copy-about"), .aria("haspopup", "dialog"), .hidden) {
                span(.class("status-dot"), .aria("hidden", "true")) {}
                span(.id("offline-copy-label")) { context.text("site.offline.label") }
            }
            div(.class("offline-copy-about"), .id("offline-copy-about"), .popover(), .role("dialog"),
                .aria("labelledby", "offline-copy-title")) {
                h2(.id("offline-copy-title")) { context.text("site.offline.label") }
                p(.id("offline-copy-reason")) { context.text("site.offline.reason") }
                div(.class("offline-copy-actions")) {
                    button(.class("button small primary"), .type("button"), .id("offline-copy-retry")) { context.text("site.offline.try-again") }
                    button(.class("button small"), .type("button"), .popovertarget("offline-copy-about"), .popovertargetaction("hide")) { context.text("site.close") }
                }
            }
        }
    }
}

/// Where "Homepwner was updated" is said (`offline-copy.js` fills it): a status region present from
/// the start, so a screen reader announces what is put in it.
enum AppUpdateNotice {
    static var node: HTMLNode {
        div(.class("app-update"), .id("app-update"), .role("status"), .aria("live", "polite")) {}
    }
}
