import HTML
import Claims
import Inventory

/// One of a claim's links as the owner sees it.
struct ClaimLinkRowModel: Sendable {
    let id: ClaimLink.ID
    let label: String
    let createdText: String
    /// "Works through Jun 30, 2026", "Expired Jun 30, 2026", "Revoked Jun 2, 2026".
    let stateText: String
    let isActive: Bool
    /// Whether its evidence zip carries photos with where they were taken, in words.
    let locationText: String
    /// Newest first.
    let openings: [ClaimLinkOpeningModel]
    /// The form that revokes it, while it works.
    let revokeURL: String?
}

/// When and from where a link was used, in words.
struct ClaimLinkOpeningModel: Sendable {
    let atISO: String
    let atText: String
    let address: String
    let path: String
}

/// "Share with the adjuster": a read-only link to the claim, made with an end date and a label, the
/// new link's address shown once, and every link with its openings and a Revoke button. Plain values
/// in; the claim page (or `ClaimLinksPage`) places it.
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

    /// Openings listed per link; older ones are counted.
    static let openingsShown = 50

    var node: HTMLNode {
        section(.class("card claim-links"), .id("share"), .aria("labelledby", "share-title")) {
            h2(.id("share-title")) { "Share with the adjuster" }
            p(.class("muted")) {
                "A link that opens this claim read-only — its items, photos and documents, nothing else of your inventory — without an account. It stops working on the day you choose (at most 90 days away) or when you revoke it."
            }
            if let newLinkURL { newLink(newLinkURL) }
            HTML.form(.class("claim-link-form"), .method("post"), .action(ClaimLinkRoutes.page(claimID)), .novalidate) {
                CSRFField(token: csrfToken).node
                if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; no link was made." } }
                let controls = FormControls(errors: errors, idPrefix: "claim-link")
                div(.class("field-row")) {
                    controls.text("Works through", name: "expires", value: expires, type: "date",
                                  extra: [.min(earliestDay), .max(latestDay), .required])
                    controls.text("For whom (optional)", name: "label", value: label,
                                  extra: [.maxlength(200), .autocomplete("off"), .placeholder("Acme adjuster")])
                }
                controls.checkbox("Include where photos were taken (GPS) in the evidence zip", name: "includesLocation", isOn: includesLocation)
                p(.class("field-hint")) {
                    "Off: a photo whose file records where it was taken goes into the zip as a copy without it, as the link’s pages never show originals."
                }
                div(.class("form-actions plain")) { button(.class("button primary"), .type("submit")) { "Make Link" } }
            }
            if links.isEmpty {
                p(.class("muted")) { "No links yet." }
            } else {
                ul(.class("claim-link-list")) {
                    for link in links { row(link) }
                }
            }
        }
    }

    private func newLink(_ url: String) -> HTMLNode {
        div(.class("notice success new-claim-link"), .role("status")) {
            p { strong { "Your new link" } }
            p { "Copy it now and send it to the adjuster: it is shown only this once. Anyone who has it can see this claim until it ends." }
            div(.class("copy-field")) {
                code(.class("token-secret"), .id("new-claim-link")) { url }
                button(.class("button small"), .type("button"), .data("copy", "new-claim-link"), .hidden) { "Copy Link" }
            }
        }
    }

    private func row(_ link: ClaimLinkRowModel) -> HTMLNode {
        li(.class(link.isActive ? "claim-link-row" : "claim-link-row inactive"), .id("link-\(link.id)")) {
            div(.class("claim-link-text")) {
                strong { link.label.isEmpty ? "Link \(link.id)" : link.label }
                span(.class("claim-link-meta")) { "Made \(link.createdText) · \(link.stateText) · \(link.locationText)" }
                if link.openings.isEmpty {
                    span(.class("claim-link-meta")) { "Not opened yet" }
                } else {
                    details(.class("claim-link-openings")) {
                        summary { link.openings.count == 1 ? "Opened once" : "Opened \(link.openings.count) times" }
                        ol {
                            for opening in link.openings.prefix(Self.openingsShown) {
                                li {
                                    time(.datetime(opening.atISO)) { opening.atText }
                                    " from \(opening.address) · \(opening.path == "/" ? "the claim" : opening.path)"
                                }
                            }
                        }
                        if link.openings.count > Self.openingsShown {
                            p(.class("muted")) { "and \(link.openings.count - Self.openingsShown) earlier" }
                        }
                    }
                }
            }
            if let revokeURL = link.revokeURL {
                HTML.form(.method("post"), .action(revokeURL)) {
                    CSRFField(token: csrfToken).node
                    button(.class("button small destructive"), .type("submit"),
                           .aria("label", "Revoke \(link.label.isEmpty ? "link \(link.id)" : link.label)")) { "Revoke" }
                }
            }
        }
    }
}
