import Messages
import Accounts
import Claims
import Clocks
import Database
import Foundation
import HTTPServer
import Households

/// How a request on an adjuster's path gets its claim: the `{token}` resolved (unknown, expired and
/// revoked alike answer the same 404), guessing capped per network, and each opening recorded.
/// Every `/shared/{token}…` handler starts here, the claim packet's downloads too; those that read
/// the whole claim (`readingClaim`) do so on a worker, within the link's share (`ClaimReadLimit`).
/// A link works in its own household, read-only, whatever household anyone else's request names.
struct SharedClaimAccess: Sendable {
    let claims: ClaimStore
    let households: HouseholdStore
    let clock: any TimeSource
    let guesses: ClaimLinkGuessLimit
    let reads: ClaimReadLimit

    /// A link a request's token opened, and the household its pages read in (as a viewer).
    struct Opened: Sendable {
        let link: ClaimLink
        let household: HouseholdAccess
    }

    /// Answers with `read` of the request's link on a worker, within the link's share of claim reads.
    func readingClaim(_ request: Request, _ read: (Opened) throws -> Response) throws -> Response {
        let opened = try link(for: request)
        return try reads.read(request, for: .link(opened.link.id)) { try read(opened) }
    }

    /// The link the request's token opens, or an error that says nothing about why not.
    func link(for request: Request) throws -> Opened {
        let now = clock.now, address = request.clientAddress
        if let wait = guesses.wait(for: address, now: now) {
            let minutes = max(1, Int((wait / 60).rounded(.up)))
            var error = AppError(.tooManyLinkAttempts, Message("error.claim.link.too-many-guesses",
                "Too many links that do not work were opened from your network. Wait \(minutes == 1 ? "a minute" : "\(minutes) minutes"), then open the link again.",
                ["count": .count(minutes)]))
            error.headers["Retry-After"] = String(Int(wait.rounded(.up)))
            throw error
        }
        guard let link = try claims.resolve(token: request.parameters["token"] ?? "", now: now) else {
            guesses.miss(from: address, now: now)
            throw Self.notFound
        }
        // A household deleted while its link was being opened took the link with it.
        guard let household = try households.sharedByLink(in: link.household) else { throw Self.notFound }
        return Opened(link: link, household: household)
    }

    /// Records that the link was used for this request: when, from where (a trusted proxy's word for
    /// it), and what, below the link. A `HEAD` opens nothing.
    func recordOpening(of opened: Opened, by request: Request) throws {
        guard request.method == .get else { return }
        try claims.in(opened.household).recordOpening(linkID: opened.link.id, at: clock.now, address: request.clientAddress,
                                                      path: ClaimLinkRoutes.pathBelowLink(request))
    }

    static let notFound = AppError(.claimLinkNotFound, Message("error.claim.link.not-working",
        "This link does not work: it may have expired or been withdrawn, or be incomplete. Ask whoever sent it to you for a new one."))
}
