/// The errors the server itself answers with, before or around any handler: each stable code with
/// the one status it always has. Applications list their own beside these.
public enum ServerErrorCode: String, CaseIterable, Sendable {
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case badRequest = "bad-request"
    case malformedRequest = "malformed-request"
    case invalidPath = "invalid-path"
    case invalidQuery = "invalid-query"
    case tooManyParameters = "too-many-parameters"
    case bodyTooLarge = "body-too-large"
    case busy
    case diskFull = "disk-full"
    case bodyNotStored = "body-not-stored"
    case internalError = "internal-error"

    public var status: HTTPStatus {
        switch self {
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .badRequest, .malformedRequest, .invalidPath, .invalidQuery: .badRequest
        case .tooManyParameters: .uriTooLong
        case .bodyTooLarge: .contentTooLarge
        case .busy: .serviceUnavailable
        case .diskFull: .insufficientStorage
        case .bodyNotStored, .internalError: .internalServerError
        }
    }
}
