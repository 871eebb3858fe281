import HTTPTestClient

extension HTTPTestClient {
    /// GETs `path`, insists on 200, and decodes the JSON body as `type` (one of the test models).
    func get<Model: Decodable>(_ path: String, as type: Model.Type) throws -> Model {
        let response = try get(path)
        guard response.status == 200 else { throw TestAppError("\(path) answered \(response.status): \(response.text.prefix(300))") }
        return try response.decode(type)
    }
}
