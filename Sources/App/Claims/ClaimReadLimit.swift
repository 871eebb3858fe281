import Accounts
import Claims
import HTTPServer
import Messages
import Synchronization

/// Every request that reads a whole claim — its page and JSON, the claims lists, the packet (schedule,
/// report, evidence zip), the adjuster's page — runs as long work on a worker: a 2,000-line claim is
/// seconds of reading and valuing, and four anonymous loops on such a claim's `schedule.csv` left
/// `/healthz` from another address at 0 of 10 probes under 1 s when they ran on the network threads.
/// Long work never holds every worker (`WorkerRequired.isLong`), so an editor's upload still finds
/// one; and each adjuster's link and each signed-in account has at most `perReader` of these
/// requests at once, waiting or running, a streamed download to its end: past it `503 busy` with
/// `Retry-After`, answered on the network thread before anything is read. So one link (or one
/// account's script) cannot fill the queue the owner's own claim page waits in.
final class ClaimReadLimit: Sendable {
    /// A page, a download and another download: what a person opens at once.
    static let perReader = 3
    static let retryAfterSeconds = 10

    /// Who a claim is read for. Not keyed by household: an account's share is the person's (or their
    /// script's) whichever of their households they read, and a link is in one household only.
    enum Reader: Hashable, Sendable {
        case link(ClaimLink.ID)
        case account(Account.ID)
    }

    private let inProgress = Mutex<[Reader: Int]>([:])

    /// Answers with `read` on a worker, as long work, once `reader` has a place: on the network
    /// thread, takes the place (or refuses) and asks for a worker; on the worker, runs `read`, unless
    /// the client has left while it waited. The server holds the place until the request is over.
    /// (A request sent straight to a worker, one with a large body, takes its place there, for as
    /// long as `read` runs.)
    func read(_ request: Request, for reader: Reader, _ read: () throws -> Response) throws -> Response {
        if request.isOnNetworkThread { throw WorkerRequired(isLong: true, ticket: try admit(reader)) }
        let place = try request.workerTicket as? Place ?? admit(reader)
        if request.clientHasGone { throw ResponseBodyWriter.Closed.clientGone }
        return try withExtendedLifetime(place) { try read() }
    }

    /// The reader of a signed-in route: the caller's account (the local owner while open to them).
    static func caller(of request: Request) -> Reader { .account(request.caller?.account.id ?? 0) }

    /// Requests of `reader` waiting or running: for tests.
    func count(of reader: Reader) -> Int { inProgress.withLock { $0[reader, default: 0] } }

    private func admit(_ reader: Reader) throws -> Place {
        let admitted = inProgress.withLock { counts in
            guard counts[reader, default: 0] < Self.perReader else { return false }
            counts[reader, default: 0] += 1
            return true
        }
        guard admitted else { throw Self.busy(reader) }
        return Place(reader: reader, limit: self)
    }

    fileprivate func release(_ reader: Reader) {
        inProgress.withLock { counts in
            let left = counts[reader, default: 1] - 1
            counts[reader] = left > 0 ? left : nil
        }
    }

    private static func busy(_ reader: Reader) -> HTTPError {
        let wording = switch reader {
        case .link:
            Message("error.claim.busy-link",
                    "This link is already being used for \(perReader) of the claim’s pages or files at once; nothing was changed. Wait for one to finish, then try again.",
                    ["count": .count(perReader)])
        case .account:
            Message("error.claim.busy-account",
                    "You already have \(perReader) claim pages or files being made at once; nothing was changed. Wait for one to finish, then try again.",
                    ["count": .count(perReader)])
        }
        return HTTPError(.busy, wording, headers: ["Retry-After": String(retryAfterSeconds)])
    }

    /// One request's place, given back when the last holder lets go of it.
    private final class Place: Sendable {
        let reader: Reader
        let limit: ClaimReadLimit

        init(reader: Reader, limit: ClaimReadLimit) {
            self.reader = reader
            self.limit = limit
        }

        deinit { limit.release(reader) }
    }
}

extension AppRouter {
    /// Adds a route whose handler reads a whole claim (or every claim) for a signed-in caller: it
    /// runs on a worker, within the caller's share of `reads`.
    mutating func add(_ method: HTTPMethod, _ path: RoutePath, readingClaimsWithin reads: ClaimReadLimit,
                      _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(method, path) { request in try reads.read(request, for: ClaimReadLimit.caller(of: request)) { try handler(request) } }
    }
}
