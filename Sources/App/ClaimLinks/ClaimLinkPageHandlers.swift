import Accounts
import Claims
import Clocks
import Foundation
import HTML
import HTTPServer
import Inventory
import Localization

/// The owner's forms for adjusters' links: make one (the answer shows its address once), revoke one
/// (back to the claim's links). Plain form posts, so they work without scripts. In the request's household.
struct ClaimLinkPageHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let site: PageContext
    let clock: any TimeSource
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    /// The claims of the request's household.
    private func householdClaims(_ request: Request) throws -> ClaimStore {
        claims.in(try households.household(of: request))
    }

    func register(in router: inout AppRouter) {
        router.get(ClaimLinkRoutes.page, access: .manage) { request in try page(request, claims: try householdClaims(request)) }
        router.post(ClaimLinkRoutes.page, access: .manage) { request in try create(request) }
        router.post(ClaimLinkRoutes.revoke, access: .manage) { request in
            let claimID = try request.claimID()
            try householdClaims(request).revoke(linkID: try request.claimLinkID(), of: claimID, now: clock.now)
            return .redirect(to: ClaimLinkRoutes.back(to: claimID))
        }
    }

    /// The claim's links, read from `claims`: the claims of the request's household.
    private func page(_ request: Request, claims: ClaimStore, newLinkURL: String? = nil, expires: String? = nil, label: String = "", includesLocation: Bool = false,
                      errors: ValidationError? = nil) throws -> Response {
        let claim = try claims.claim(id: try request.claimID())
        let context = request.pageContext(site)
        let section = Self.section(claimID: claim.id, links: try claims.links(ofClaim: claim.id), csrfToken: context.csrfToken,
                                   newLinkURL: newLinkURL, expires: expires, label: label, includesLocation: includesLocation, errors: errors,
                                   now: clock.now, words: context.localizer)
        let page = ClaimLinksPage(claimName: claim.name, claimID: claim.id, section: section, context: context)
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .unprocessableContent)
    }

    private func create(_ request: Request) throws -> Response {
        let claims = try householdClaims(request)
        let claimID = try request.claimID()
        let fields = try request.formFields()
        let now = clock.now
        do {
            let input = try ClaimLinkInput(form: fields, now: now)
            let (_, token) = try claims.createLink(claimID: claimID, expires: input.expires, label: input.label,
                                                   includesLocation: input.includesLocation, now: now)
            // Answered, not redirected: the address is shown this once and must not travel in a URL.
            return try page(request, claims: claims, newLinkURL: request.siteURL(ClaimLinkRoutes.shared(token)))
        } catch ClaimLinkError.invalid(let errors) {
            return try page(request, claims: claims, expires: fields["expires"] ?? "", label: fields["label"] ?? "", includesLocation: fields["includesLocation"] == "on",
                            errors: errors)
        }
    }

    /// The section from a claim's links, for this page and the claim's own.
    static func section(claimID: Claim.ID, links: [ClaimLink], csrfToken: String?, newLinkURL: String?, expires: String?, label: String,
                        includesLocation: Bool = false, errors: ValidationError?, now: Date,
                        words: Localizer = Localization.bundled.localizer(for: .template)) -> ClaimLinksSection {
        ClaimLinksSection(
            claimID: claimID,
            links: links.map { link in row(link, claimID: claimID, now: now) },
            csrfToken: csrfToken, newLinkURL: newLinkURL,
            expires: expires ?? ClaimLinkInput.suggestedDay(now: now).iso, label: label, includesLocation: includesLocation,
            earliestDay: ClaimLinkInput.day(of: now).iso, latestDay: ClaimLinkInput.latestDay(now: now).iso, errors: errors, words: words)
    }

    private static func row(_ link: ClaimLink, claimID: Claim.ID, now: Date) -> ClaimLinkRowModel {
        let state: ClaimLinkRowModel.State = if let revoked = link.revoked { .revoked(revoked) }
            else if link.isActive(at: now) { .worksThrough(ClaimLinkInput.lastDay(of: link.expires)) }
            else { .expired(ClaimLinkInput.lastDay(of: link.expires)) }
        return ClaimLinkRowModel(
            id: link.id, label: link.label, created: link.created, state: state, includesLocation: link.includesLocation,
            openings: link.openings.map {
                ClaimLinkOpeningModel(atISO: DisplayFormat.iso8601($0.at), atText: openingTime($0.at), address: $0.address, path: $0.path)
            },
            revokeURL: link.isActive(at: now) ? ClaimLinkRoutes.revoke(claimID, link: link.id) : nil)
    }

    /// `2026-06-02 14:03 UTC`: as a log says it.
    private static func openingTime(_ date: Date) -> String {
        JSONWriter.iso8601(date).prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
