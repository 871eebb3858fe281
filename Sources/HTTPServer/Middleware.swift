/// A step before and after the handler: sessions, CSRF checks, access control, error pages.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: any Responder) throws -> Response
}

/// `middleware` wrapped around `responder`, the first in the list outermost.
public struct MiddlewareChain: Responder {
    private let responder: any Responder

    public init(_ middleware: [any Middleware], around responder: any Responder) {
        self.responder = middleware.reversed().reduce(responder) { next, step in Link(step: step, next: next) }
    }

    public func respond(to request: Request) throws -> Response { try responder.respond(to: request) }

    private struct Link: Responder {
        let step: any Middleware
        let next: any Responder
        func respond(to request: Request) throws -> Response { try step.respond(to: request, next: next) }
    }
}
