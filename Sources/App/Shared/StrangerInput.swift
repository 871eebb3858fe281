import Accounts
import Claims
import Foundation
import HTTPServer
import Inventory

/// App's readers of what a client sends, reachable without a server, for the fuzz targets
/// (Sources/FuzzTargets): each goes through the same code a request does.
package enum StrangerInput {
    /// A body sent to create or change an item (`POST`/`PATCH /api/v1/items…`): nil when it is an
    /// item's fields, else the error answer the client gets.
    package static func itemRefusal(json body: [UInt8], currency: Currency) -> Response? {
        do {
            _ = try ItemInput(json: try JSONValue.object(from: body), currency: currency, now: Date(timeIntervalSince1970: 1_780_000_000))
            return nil
        } catch let error as any HTTPResponseError {
            return error.jsonResponse()
        } catch {
            preconditionFailure("an item body raised \(error), which has no answer for the client")
        }
    }

    /// A body read as every other input the API takes, each through its `InputSchema` (a place, a
    /// claim, the policy, a claim line, the items to add to a claim, a link, the settings, the useful lives): for each, nil when
    /// it is that input's fields, else the error answer the client gets.
    package static func inputRefusals(json body: [UInt8], currency: Currency) -> [Response?] {
        let object: [String: JSONValue]
        do { object = try JSONValue.object(from: body) } catch { return [error.jsonResponse()] }
        let context = InputContext(currency: currency, now: Date(timeIntervalSince1970: 1_780_000_000))
        func problems<Input>(_ schema: InputSchema<Input>, _ input: Input) throws(ClaimError) {
            var input = input, problems: [FieldError] = []
            schema.read(json: object, into: &input, context: context, problems: &problems)
            if !problems.isEmpty { throw .invalid(ValidationError(errors: problems)) }
        }
        let readers: [() throws -> Void] = [
            { _ = try LocationInput(json: object) },
            { _ = try ClaimInput(json: object, currency: currency) },
            { _ = try PolicyJSON.input(object, currency: currency) },
            { _ = try ClaimLinkInput(json: object, now: context.now) },
            { _ = try ClaimSelection(json: object) },
            { try problems(ClaimLineInput.schema, ClaimLineInput(itemID: 1)) },
            { try problems(SettingsInput.schema, SettingsInput()) },
            {
                var account = AccountInput(), found: [FieldError] = []
                AccountInput.schema.read(json: object, into: &account, context: context, problems: &found)
                if !found.isEmpty { throw ClaimError.invalid(ValidationError(errors: found)) }
                if let email = account.email { _ = try AccountStore.checked(email: email) }
            },
            {
                var problems: [FieldError] = []
                _ = UsefulLivesInput.read(json: object, problems: &problems)
                if !problems.isEmpty { throw ClaimError.invalid(ValidationError(errors: problems)) }
            },
        ]
        return readers.map { read in
            do {
                try read()
                return nil
            } catch let error as any HTTPResponseError {
                return error.jsonResponse()
            } catch {
                preconditionFailure("an input body raised \(error), which has no answer for the client")
            }
        }
    }

    /// The version `If-Match: header` asks of item `id` (see `Request.expectedVersion(of:)`).
    package static func expectedVersion(ifMatch header: String, itemID id: Item.ID) throws -> Int? {
        let request = Request(method: .patch, path: "/api/v1/items/\(id)", pathSegments: ["api", "v1", "items", "\(id)"],
                              query: FormFields(), headers: ["If-Match": header], body: [], remoteAddress: "-", isTLS: false)
        return try request.expectedVersion(of: id)
    }

    /// What the request's `Cookie` and `Authorization` headers name: the API token and each of
    /// Homepwner's cookies as `SiteCookie` reads them, over HTTP and over HTTPS.
    /// What a tus request's own headers say (`TusHeaders`), each read as its handler reads it:
    /// `Upload-Length`, `Upload-Offset`, `Upload-Metadata`, `Upload-Checksum`, `Tus-Resumable`. For
    /// each, the value read or the error answer the client gets.
    package static func tusHeaders(length: String, offset: String, metadata: String, checksum: String, version: String)
        -> (length: Result<Int, AppErrorAnswer>, offset: Result<Int, AppErrorAnswer>,
            metadata: Result<(filename: String, filetype: String, captureID: String?), AppErrorAnswer>,
            checksum: Result<(algorithm: String, digest: [UInt8])?, AppErrorAnswer>, version: AppErrorAnswer?) {
        var headers = HTTPHeaders()
        headers.add("Tus-Resumable", version)
        func read<T>(_ body: () throws -> T) -> Result<T, AppErrorAnswer> {
            do {
                return .success(try body())
            } catch let error as AppError {
                return .failure(AppErrorAnswer(error))
            } catch {
                preconditionFailure("a tus header raised \(error), which has no answer for the client")
            }
        }
        return (read { try TusHeaders.count(length, header: "Upload-Length") },
                read { try TusHeaders.count(offset, header: "Upload-Offset") },
                read { let read = try TusHeaders.metadata(metadata); return (read.filename, read.filetype, read.captureID) },
                read { try TusHeaders.checksum(checksum).map { ($0.algorithm.rawValue, $0.digest) } },
                { () -> AppErrorAnswer? in
                    if case .failure(let answer) = read({ try TusHeaders.checkVersion(headers) }) { return answer }
                    return nil
                }())
    }

    package static func credentials(in headers: HTTPHeaders) -> (token: String?, cookies: [[String]]) {
        let request = Request(method: .get, path: "/", pathSegments: [], query: FormFields(), headers: headers,
                              body: [], remoteAddress: "-", isTLS: false)
        let cookies = [SiteCookie.session, .device, .form].flatMap { cookie in
            [false, true].map { cookie.value(in: request, secure: $0).all }
        }
        return (AccessMiddleware.bearerToken(in: headers["Authorization"]), cookies)
    }
}

/// An error's answer as a client sees it: status, code and message.
package struct AppErrorAnswer: Error {
    package let status: Int
    package let code: String
    package let message: String

    init(_ error: AppError) {
        status = error.status.code
        code = error.code
        message = error.message
    }
}
