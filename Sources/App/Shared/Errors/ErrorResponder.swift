import HTTPServer

/// Turns an error into what the client can read: JSON for the API and scripts, a page for browsers.
struct ErrorResponder: Sendable {
    let site: PageContext

    func response(for request: Request, error: any HTTPResponseError) -> Response {
        var request = request, error = error
        if let handlers = error as? CallersError {
            request.caller = handlers.caller
            error = handlers.error
        }
        // A form's GET to a file the API makes (Print a Label's sheet) is a person's page load: they
        // read a page that says what to fix, not the API's JSON. Either in the request's language
        // (`?lang=`, the account's, the browser's).
        let context = request.pageContext(site)
        guard !request.prefersJSON || request.isDocumentNavigation else { return error.jsonResponse { context.text($0) } }
        let page = ErrorPage(status: error.status.code, heading: Self.heading(for: error.status, context), message: context.text(error.wording), context: context)
        var response = Response.html(page.document().renderedBytes(), status: error.status)
        for (name, value) in error.headers where name != "Content-Type" { response.headers[name] = value }
        return response
    }

    private static func heading(for status: HTTPStatus, _ context: PageContext) -> String {
        let key = switch status.code {
        case 404: "error.heading.not-found"
        case 405: "error.heading.not-allowed"
        case 409, 412: "error.heading.changed-elsewhere"
        case 413: "error.heading.too-large"
        case 415: "error.heading.unsupported-format"
        case 422: "error.heading.check-input"
        case 507: "error.heading.disk-full"
        case 500...: "error.heading.went-wrong"
        default: "error.heading.cannot"
        }
        return context.text(key)
    }
}

/// Catches the errors handlers throw and answers them through `ErrorResponder`: a write the disk had
/// no room for as `507 disk-full`; unexpected errors become a `500` that reveals nothing internal.
struct ErrorMiddleware: Middleware {
    let responder: ErrorResponder
    let diskFullNotice = DiskFull.Notice()

    func respond(to request: Request, next: any Responder) throws -> Response {
        do {
            return try next.respond(to: request)
        } catch let error as any HTTPResponseError {
            return responder.response(for: request, error: error)
        } catch where DiskFull.isCause(of: error) {
            diskFullNotice.say(error, request: request)
            return responder.response(for: request, error: DiskFull.refusal)
        }
    }
}
