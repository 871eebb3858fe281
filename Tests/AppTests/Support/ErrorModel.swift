import HTTPTestClient

/// An API error body, `{"error": {"code", "message", "fields"?}}`, as the `error` inside it.
struct ErrorModel: Decodable, Equatable, Sendable {
    /// A stable code (`invalid-json`, `not-found`, …).
    let code: String
    let message: String
    /// Per-field messages, by field name, for a form or JSON object that did not validate.
    let fields: [String: String]?

    private struct Envelope: Decodable {
        let error: ErrorModel
    }

    /// The error in `response`'s body, or nil when the body is not an API error.
    init?(_ response: TestResponse) {
        guard let envelope = try? response.decode(Envelope.self) else { return nil }
        self = envelope.error
    }
}

extension TestResponse {
    /// The API error this response carries, if it is one.
    var apiError: ErrorModel? { ErrorModel(self) }
}
