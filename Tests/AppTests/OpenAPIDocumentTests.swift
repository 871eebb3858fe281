@testable import App
import Foundation
import HTTPServer
import HTTPTestClient
import Inventory
import Testing

/// The OpenAPI document served at `/api/v1/openapi.json` and the app it describes stay one: every API
/// route is documented with its access and every documented operation is a route; the answers the
/// API really gives fit the documented schemas, which name every key the app writes; every error
/// code is listed; every reference resolves.
@Suite struct OpenAPIDocumentTests {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The document as served, parsed.
    static func document(from client: HTTPTestClient) throws -> JSONValue {
        let response = try client.get(APIRoutes.document.url())
        guard response.status == 200 else { throw TestAppError("the document answered \(response.status)") }
        return try JSONValue.parse(response.body)
    }

    /// `GET /items/{id}`, for each operation in `paths` (relative to the `/api/v1` server).
    static func operations(in document: JSONValue) -> [String: JSONValue] {
        var operations: [String: JSONValue] = [:]
        for (path, item) in document["paths"]?.members ?? [:] {
            for method in methods { if let operation = item[method] { operations["\(method.uppercased()) \(path)"] = operation } }
        }
        return operations
    }

    /// The app's API routes the same way: method and pattern after the `/api/v1` prefix.
    static func apiRoutes(of app: HomepwnerApp) -> [String: Route] {
        let prefix = APIRoutes.v1.prefix
        var routes: [String: Route] = [:]
        for route in app.routes where route.pattern.hasPrefix(prefix + "/") {
            routes["\(route.method) \(route.pattern.dropFirst(prefix.count))"] = route
        }
        return routes
    }

    // MARK: The document itself

    @Test func isServedAsOpenAPI31JSONRevalidatedWithItsETag() throws {
        let app = try TestApp()
        let response = try app.client.get("/api/v1/openapi.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control") == "no-cache")
        let etag = try #require(response.header("ETag"))
        let document = try JSONValue.parse(response.body)
        #expect(document["openapi"]?.string?.hasPrefix("3.1.") == true)
        #expect(document["jsonSchemaDialect"]?.string == "https://json-schema.org/draft/2020-12/schema")
        #expect(document["info"]?["title"]?.string == "Homepwner")
        #expect(document["servers"] == .array([.object(["url": .string(APIRoutes.v1.prefix), "description": .string("This Homepwner")])]))

        let again = try app.client.get("/api/v1/openapi.json", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test func anyoneMayReadItWhileTheAPIItDescribesNeedsASignIn() throws {
        let secured = try SecuredApp()
        let document = try secured.client.get("/api/v1/openapi.json")
        #expect(document.status == 200)
        #expect(document.header("Set-Cookie") == nil)
        #expect(try secured.client.get("/api/v1/items").status == 401)
    }

    @Test func everyReferenceResolvesAndEveryComponentIsUsed() throws {
        let app = try TestApp()
        let document = try Self.document(from: app.client)
        let checker = JSONSchemaChecker(document: document)
        var references: Set<String> = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .string(let reference)? = members["$ref"] { references.insert(reference) }
                members.values.forEach(collect)
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in references.sorted() {
            #expect(checker.resolve(reference) != nil, "\(reference) resolves to nothing")
        }
        for (kind, components) in document["components"]?.members ?? [:] where kind != "securitySchemes" {
            for name in (components.members ?? [:]).keys.sorted() {
                #expect(references.contains("#/components/\(kind)/\(name)"), "components.\(kind).\(name) is never used")
            }
        }
        // Each scheme the operations may use is described.
        let schemes = Set(document["components"]?["securitySchemes"]?.members?.keys.map { $0 } ?? [])
        #expect(schemes == ["bearerToken", "sessionCookie"])
        if case .array(let requirements)? = document["security"] {
            #expect(Set(requirements.flatMap { $0.members?.keys.map { $0 } ?? [] }) == schemes)
        }
    }

    @Test func everyOperationSaysWhoMayCallItWithAtLeastOneAnswer() throws {
        let app = try TestApp()
        let document = try Self.document(from: app.client)
        var operationIDs: Set<String> = []
        for (name, operation) in Self.operations(in: document).sorted(by: { $0.key < $1.key }) {
            #expect(operation["summary"]?.string?.isEmpty == false, "\(name) has no summary")
            #expect(operation["tags"]?.strings?.isEmpty == false, "\(name) has no tag")
            let id = try #require(operation["operationId"]?.string, "\(name) has no operationId")
            #expect(operationIDs.insert(id).inserted, "\(name): operationId \(id) is used twice")
            #expect(operation["responses"]?.members?.isEmpty == false, "\(name) documents no answer")
            // Public operations say they need no credential; the rest use the document's.
            let isPublic = operation["x-access"]?.string == RouteAccess.public.rawValue
            #expect(isPublic == (operation["security"] == .array([])), "\(name): security does not match x-access")
        }
    }

    // MARK: Document and router

    @Test func everyAPIRouteIsDocumentedWithItsAccessAndEveryOperationIsARoute() throws {
        let app = try TestApp()
        let document = try Self.document(from: app.client)
        let documented = Self.operations(in: document)
        let routes = Self.apiRoutes(of: app.app)
        #expect(routes.count > 10)
        for (name, route) in routes.sorted(by: { $0.key < $1.key }) {
            guard let operation = documented[name] else {
                Issue.record("\(name) is a route the OpenAPI document does not describe")
                continue
            }
            #expect(operation["x-access"]?.string == route.access.rawValue, "\(name) is open to \(route.access), documented as \(operation["x-access"]?.string ?? "nothing")")
        }
        for name in documented.keys.sorted() where routes[name] == nil {
            Issue.record("\(name) is documented but no such route is registered")
        }
    }

    @Test func everyPathParameterIsDeclaredAndEveryDeclaredOneIsInThePath() throws {
        let app = try TestApp()
        let document = try Self.document(from: app.client)
        let checker = JSONSchemaChecker(document: document)
        for (path, item) in (document["paths"]?.members ?? [:]).sorted(by: { $0.key < $1.key }) {
            let inPath = Set(path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) })
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                var declared: [String] = []
                for case .array(let parameters)? in [item["parameters"], operation["parameters"]] {
                    for parameter in parameters {
                        let parameter = try #require(checker.dereferenced(parameter))
                        if parameter["in"]?.string == "path", let name = parameter["name"]?.string {
                            declared.append(name)
                            #expect(parameter["required"] == .bool(true), "\(method) \(path): path parameter \(name) must be required")
                        }
                    }
                }
                #expect(Set(declared) == inPath && declared.count == inPath.count, "\(method) \(path) declares path parameters \(declared)")
            }
        }
    }

    @Test func theErrorCodeEnumIsEveryCodeTheAppAndServerAnswerWith() throws {
        let app = try TestApp()
        let document = try Self.document(from: app.client)
        let documented = document["components"]?["schemas"]?["ErrorCode"]?["enum"]?.strings ?? []
        let codes = ErrorCode.allCases.map(\.rawValue) + ServerErrorCode.allCases.map(\.rawValue)
        #expect(documented.count == Set(documented).count, "a code is listed twice")
        #expect(Set(documented).subtracting(codes).sorted() == [], "documented codes the app never answers with")
        #expect(Set(codes).subtracting(documented).sorted() == [], "codes the document does not list")
    }

    // MARK: Document and JSON

    /// Answers have exactly the documented keys because these schemas require every property and
    /// allow no other (`requiredAndNothingElse`); the shapes test below then compares real answers.
    static let answerSchemas = ["Item", "ItemImage", "ItemPhoto", "ItemDocument", "Disposal", "Location", "Tag", "Settings", "LibraryStatus", "LibraryGroup",
                                "LibraryAssetPage", "LibraryAssetSummary", "LibraryAsset", "GPS", "Error",
                                "ClaimLinkCreated", "ClaimLink", "ClaimLinkOpening", "ClaimBundle", "Household", "HouseholdMember"]

    @Test func answerSchemasRequireEveryPropertyAndAllowNoOther() throws {
        let app = try TestApp()
        let schemas = try #require(try Self.document(from: app.client)["components"]?["schemas"])
        for name in Self.answerSchemas {
            let schema = try #require(schemas[name], "no schema \(name)")
            let properties = Set(schema["properties"]?.members?.keys.map { $0 } ?? [])
            #expect(!properties.isEmpty, "\(name) has no properties")
            #expect(schema["additionalProperties"] == .bool(false), "\(name) allows undocumented keys")
            // Error's body is the exception: `fields` comes only with a body that did not validate.
            if name != "Error" { #expect(Set(schema["required"]?.strings ?? []) == properties, "\(name) does not require every property") }
        }
    }

    @Test func inputSchemasNameEveryFieldTheAppReads() throws {
        let app = try TestApp()
        let schemas = try #require(try Self.document(from: app.client)["components"]?["schemas"])
        func keys(_ name: String) -> Set<String> { Set(schemas[name]?["properties"]?.members?.keys.map { $0 } ?? []) }
        #expect(keys("ItemInput") == Set(ItemInput.writableFields))
        #expect(keys("LocationInput") == Set(LocationInput.writableFields))
        #expect(keys("SettingsInput") == ["currency", "offlineCopy"])
        #expect(keys("Item").isSuperset(of: keys("ItemInput")), "a writable field the item does not show")
        #expect(keys("Item").subtracting(keys("ItemInput")) == ItemInput.readOnlyFields)
        #expect(keys("Location").subtracting(keys("LocationInput")) == LocationInput.readOnlyFields)
        #expect(keys("Disposal") == keys("DisposalInput"))
    }

    @Test func theDocumentsOwnExamplesFitTheirSchemas() throws {
        let app = try TestApp()
        let document = try Self.document(from: app.client)
        let checker = JSONSchemaChecker(document: document)
        var checked = 0
        func visit(_ value: JSONValue, at path: String) {
            guard case .object(let members) = value else {
                if case .array(let elements) = value { for (index, element) in elements.enumerated() { visit(element, at: "\(path)[\(index)]") } }
                return
            }
            // A media type's example, and a schema's `examples`.
            if let example = members["example"], let schema = members["schema"] {
                checked += 1
                #expect(checker.problems(example, against: schema) == [], "\(path).example")
            }
            if case .array(let examples)? = members["examples"], members["type"] != nil || members["enum"] != nil {
                for example in examples {
                    checked += 1
                    #expect(checker.problems(example, against: value) == [], "\(path).examples: \(example)")
                }
            }
            for (key, member) in members { visit(member, at: "\(path).\(key)") }
        }
        visit(document, at: "$")
        #expect(checked > 10)
    }
}
