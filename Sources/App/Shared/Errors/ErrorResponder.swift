import HTTPServer

/// Turns an error into what the client can read: JSON for the API and scripts, a page for browsers.
struct ErrorResponder: Sendable {
    let site: PageContext

    func response(for request: Request, error: any HTTPResponseError) -> Response {
        // A form's GET to a file the API makes (Print a Label's sheet) is a person's page load: they
        // read a page that says what to fix, not the API's JSON.
        guard !request.prefersJSON || request.isDocumentNavigation else { return error.jsonResponse() }
        let page = ErrorPage(status: error.status.code, heading: Self.heading(for: error.status), message: error.message, context: request.pageContext(site))
        var response = Response.html(page.document().renderedBytes(), status: error.status)
        for (name, value) in error.headers where name != "Content-Type" { response.headers[name] = value }
        return response
    }

    private static func heading(for status: HTTPStatus) -> String {
        switch status.code {
        case 404: "Not Found"
        case 405: "Not Allowed"
        case 409, 412: "Changed Elsewhere"
        case 413: "Too Large"
        case 415: "Unsupported Format"
        case 422: "Check Your Input"
        case 507: "Disk Full"
        case 500...: "Something Went Wrong"
        default: "Can’t Do That"
        }
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
