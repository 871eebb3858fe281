import Messages
import Accounts
import Claims
import Clocks
import Foundation
import HTTPServer

/// `/api/v1/claims/{id}/links…`: the owner makes, lists and revokes adjusters' links, in the
/// request's household.
struct ClaimLinkAPIHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let clock: any TimeSource
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    /// The claims of the request's household.
    private func householdClaims(_ request: Request) throws -> ClaimStore {
        claims.in(try households.household(of: request))
    }

    func register(in router: inout AppRouter) {
        router.post(ClaimLinkRoutes.apiList, access: .manage) { request in
            let claims = try householdClaims(request)
            let claimID = try request.claimID()
            let now = clock.now
            let input = try ClaimLinkInput(json: try ItemAPIHandlers.jsonObject(of: request), now: now)
            let (link, token) = try claims.createLink(claimID: claimID, expires: input.expires, label: input.label,
                                                      includesLocation: input.includesLocation, now: now)
            return ClaimLinkJSON.created(link, url: request.siteURL(ClaimLinkRoutes.shared(token)))
        }
        router.get(ClaimLinkRoutes.apiList, access: .manage) { request in
            ClaimLinkJSON.list(try householdClaims(request).links(ofClaim: try request.claimID()), now: clock.now)
        }
        router.delete(ClaimLinkRoutes.apiLink, access: .manage) { request in
            try householdClaims(request).revoke(linkID: try request.claimLinkID(), of: try request.claimID(), now: clock.now)
            return .noContent
        }
    }
}

extension Request {
    /// The `{linkId}` of a link's route.
    func claimLinkID() throws -> ClaimLink.ID {
        try id("linkId", of: ClaimLink.self) { AppError(.claimLinkNotFound, Message("error.claim.link.bad-id", "There is no link “\($0)” of this claim. Link ids are whole numbers.", ["id": .text($0)])) }
    }

    /// `path` as an absolute URL of this site, as the client reached it (`https://nas.local:8080/…`);
    /// the path alone when the request named no usable host.
    func siteURL(_ path: String) -> String {
        guard let host = headers["Host"], !host.isEmpty, host.count <= 255,
              host.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0)) }) else {
            return path
        }
        return "\(isSecure ? "https" : "http")://\(host)\(path)"
    }
}
