/// Anything that turns a request into a response: a router, a handler, a chain of middleware.
public protocol Responder: Sendable {
    func respond(to request: Request) throws -> Response
}

/// A responder made from a closure.
public struct ClosureResponder: Responder {
    let body: @Sendable (Request) throws -> Response

    public init(_ body: @escaping @Sendable (Request) throws -> Response) { self.body = body }

    public func respond(to request: Request) throws -> Response { try body(request) }
}
