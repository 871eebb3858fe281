import Claims
import Foundation
import HTML
import Inventory
import Localization

/// One of a claim's links as the owner sees it.
struct ClaimLinkRowModel: Sendable {
    /// Whether it works, and until or since when.
    enum State: Sendable {
        case revoked(Date)
        case worksThrough(CalendarDate)
        case expired(CalendarDate)
    }

    let id: ClaimLink.ID
    let label: String
    let created: Date
    let state: State
    var isActive: Bool { if case .worksThrough = state { true } else { false } }
    /// Whether its evidence zip carries photos with where they were taken.
    let includesLocation: Bool
    /// Newest first.
    let openings: [ClaimLinkOpeningModel]
    /// The form that revokes it, while it works.
    let revokeURL: String?
}

/// When and from where a link was used.
struct ClaimLinkOpeningModel: Sendable {
    let atISO: String
    /// `2026-06-02 14:03 UTC`: as a log says it, in every language.
    let atText: String
    let address: String
    let path: String
}

/// "Share with the adjuster": a read-only link to the claim, made with an end date and a label, the
/// new link's address shown once, and every link with its openings and a Revoke button. Plain values
/// in, written in `words`' language; the claim page (or `ClaimLinksPage`) places it. Its Copy
/// button's words are `links.script.` messages, which the page carries (`PageWords`).
struct ClaimLinksSection {
    let claimID: Claim.ID
    let links: [ClaimLinkRowModel]
    let csrfToken: String?
    /// The address of a link just made: shown this once, never again.
    let newLinkURL: String?
    /// What the form holds: the last day (`YYYY-MM-DD`), the label, and whether photos keep where they were taken.
    let expires: String
    let label: String
    let includesLocation: Bool
    /// The days the date field offers (today to the last a link may last).
    let earliestDay: String
    let latestDay: String
    let errors: ValidationError?
    /// The page's language (US English unless given).
    var words = Localization.bundled.localizer(for: .template)

    /// Openings listed per link; older ones are counted.
    static let openingsShown = 50

    private var format: DisplayFormat { DisplayFormat(words: words) }
    private func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("links." + key, arguments) }

    var node: HTMLNode {
        section(.class("card claim-links"), .id("share"), .aria("labelledby", "share-title")) {
            h2(.id("share-title")) { say("heading") }
            p(.class("muted")) { say("about") }
            if let newLinkURL { newLink(newLinkURL) }
            HTML.form(.class("claim-link-form"), .method("post"), .action(ClaimLinkRoutes.page(claimID)), .novalidate) {
                CSRFField(token: csrfToken).node
                if errors != nil { p(.class("form-error"), .role("alert")) { say("check-fields") } }
                let controls = FormControls(errors: errors, idPrefix: "claim-link", format: format)
                div(.class("field-row")) {
                    controls.text(say("works-through-label"), name: "expires", value: expires, type: "date",
                                  extra: [.min(earliestDay), .max(latestDay), .required])
                    controls.text(say("for-whom"), name: "label", value: label,
                                  extra: [.maxlength(200), .autocomplete("off"), .placeholder(say("for-whom-example"))])
                }
                controls.checkbox(say("include-location"), name: "includesLocation", isOn: includesLocation)
                p(.class("field-hint")) { say("location-hint") }
                div(.class("form-actions plain")) { button(.class("button primary"), .type("submit")) { say("make") } }
            }
            if links.isEmpty {
                p(.class("muted")) { say("none") }
            } else {
                ul(.class("claim-link-list")) {
                    for link in links { row(link) }
                }
            }
        }
    }

    private func newLink(_ url: String) -> HTMLNode {
        div(.class("notice success new-claim-link"), .role("status")) {
            p { strong { say("new") } }
            p { say("new-text") }
            div(.class("copy-field")) {
                code(.class("token-secret"), .id("new-claim-link"), .dir("ltr")) { url }
                button(.class("button small"), .type("button"), .data("copy", "new-claim-link"), .hidden) { say("copy") }
            }
        }
    }

    private func stateText(_ state: ClaimLinkRowModel.State) -> String {
        switch state {
        case .revoked(let date): say("revoked", ["date": .text(format.date(date))])
        case .worksThrough(let day): say("works-through", ["day": .text(format.day(day))])
        case .expired(let day): say("expired", ["day": .text(format.day(day))])
        }
    }

    private func row(_ link: ClaimLinkRowModel) -> HTMLNode {
        let meta = [say("made", ["date": .text(format.date(link.created))]), stateText(link.state),
                    say(link.includesLocation ? "with-location" : "without-location")]
        return li(.class(link.isActive ? "claim-link-row" : "claim-link-row inactive"), .id("link-\(link.id)")) {
            div(.class("claim-link-text")) {
                strong { link.label.isEmpty ? say("link-name", ["id": .text("\(link.id)")]) : link.label }
                span(.class("claim-link-meta")) { meta.joined(separator: words.text("common.list-separator")) }
                if link.openings.isEmpty {
                    span(.class("claim-link-meta")) { say("not-opened") }
                } else {
                    details(.class("claim-link-openings")) {
                        summary { say("opened", ["count": .count(link.openings.count)]) }
                        ol {
                            for opening in link.openings.prefix(Self.openingsShown) {
                                li {
                                    time(.datetime(opening.atISO), .dir("ltr")) { opening.atText }
                                    " " + say("opened-from", ["address": .text(opening.address),
                                                              "what": .text(opening.path == "/" ? say("the-claim") : opening.path)])
                                }
                            }
                        }
                        if link.openings.count > Self.openingsShown {
                            p(.class("muted")) { say("earlier", ["count": .count(link.openings.count - Self.openingsShown)]) }
                        }
                    }
                }
            }
            if let revokeURL = link.revokeURL {
                HTML.form(.method("post"), .action(revokeURL)) {
                    CSRFField(token: csrfToken).node
                    button(.class("button small destructive"), .type("submit"),
                           .aria("label", say("revoke-named", ["name": .text(link.label.isEmpty ? say("link-name-lower", ["id": .text("\(link.id)")]) : link.label)]))) {
                        say("revoke")
                    }
                }
            }
        }
    }
}
