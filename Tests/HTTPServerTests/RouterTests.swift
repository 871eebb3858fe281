@testable import HTTPServer
import Testing

/// Route patterns and the router's choice of route, answer for no route (404/405) and body limits,
/// in process: no server, no sockets.
@Suite struct RouterTests {
    private static let ok: @Sendable (Request) throws -> Response = { _ in .text("ok") }

    private static func route(_ pattern: String, _ method: HTTPMethod = .get) -> Route {
        Route(method: method, pattern: pattern, maxBodySize: nil, isSlow: false, handler: ok)
    }

    /// What `respond` throws for a request the plan found no route for.
    private static func refusal(_ router: Router, _ method: HTTPMethod, _ segments: [String]) -> HTTPError? {
        let request = Request(method: method, path: "/" + segments.joined(separator: "/"), pathSegments: segments)
        do {
            _ = try router.respond(to: request)
            return nil
        } catch let error as HTTPError {
            return error
        } catch {
            return nil
        }
    }

    // MARK: Route.match

    @Test func literalsMatchWholeSegmentsExactlyAndCaseSensitively() {
        let route = Self.route("/items/new")
        #expect(route.match(["items", "new"]) != nil)
        #expect(route.match(["Items", "new"]) == nil)
        #expect(route.match(["items", "new", "x"]) == nil)
        #expect(route.match(["items"]) == nil)
        #expect(route.match(["items", "ne"]) == nil)
        #expect(route.match([]) == nil)
    }

    @Test func theRootPatternMatchesOnlyTheEmptyPath() {
        let root = Self.route("/")
        #expect(root.match([]) != nil)
        #expect(root.match(["x"]) == nil)
    }

    @Test func aParameterCapturesOneDecodedSegment() throws {
        let route = Self.route("/items/{id}/image")
        let parameters = try #require(route.match(["items", "42", "image"]))
        #expect(parameters["id"] == "42")
        #expect(parameters["image"] == nil)
        // Segments arrive decoded; a captured value is taken as it is, spaces and all.
        #expect(route.match(["items", "a b/é", "image"])?["id"] == "a b/é")
        #expect(route.match(["items", "42"]) == nil)
        #expect(route.match(["items", "42", "image", "x"]) == nil)
    }

    @Test func severalParametersAreCapturedByName() throws {
        let route = Self.route("/library/files/{id}/{fingerprint}/{file}")
        let parameters = try #require(route.match(["library", "files", "7", "abc", "thumb.jpg"]))
        #expect(parameters["id"] == "7")
        #expect(parameters["fingerprint"] == "abc")
        #expect(parameters["file"] == "thumb.jpg")
    }

    @Test func aRestParameterTakesOneOrMoreSegmentsJoinedBySlashes() throws {
        let route = Self.route("/static/{version}/{path...}")
        #expect(route.match(["static", "v1", "app.css"])?["path"] == "app.css")
        let deep = try #require(route.match(["static", "v1", "js", "lib", "http.js"]))
        #expect(deep["version"] == "v1")
        #expect(deep["path"] == "js/lib/http.js")
        // The rest is never empty: the bare folder is not a file.
        #expect(route.match(["static", "v1"]) == nil)
        #expect(route.match(["other", "v1", "app.css"]) == nil)
    }

    @Test func aPathOfThousandsOfSegmentsIsMatchedOrRefusedAtOnce() {
        let long = ["static", "v1"] + Array(repeating: "a", count: 10_000)
        #expect(Self.route("/static/{version}/{path...}").match(long)?["path"]?.utf8.count == 19_999)
        #expect(Self.route("/items/{id}").match(long) == nil)
    }

    // MARK: Router.plan

    @Test func planFindsTheRouteForTheMethodAndPath() {
        var router = Router()
        router.get("/items/{id}", Self.ok)
        router.post("/items/{id}", Self.ok)
        router.get("/items/new", Self.ok)
        let get = router.plan(method: .get, pathSegments: ["items", "3"])
        #expect(get.route?.method == .get)
        #expect(get.route?.pattern == "/items/{id}")
        #expect(get.parameters["id"] == "3")
        #expect(router.plan(method: .post, pathSegments: ["items", "3"]).route?.method == .post)
        #expect(router.plan(method: .delete, pathSegments: ["items", "3"]).route == nil)
        #expect(router.plan(method: .get, pathSegments: ["nothing"]).route == nil)
    }

    @Test func theFirstRouteAddedWinsWhenTwoPatternsMatch() {
        var router = Router()
        router.get("/items/{id}", Self.ok)
        router.get("/items/new", Self.ok)
        // `/items/new` is shadowed: routes are tried in the order they were added.
        let plan = router.plan(method: .get, pathSegments: ["items", "new"])
        #expect(plan.route?.pattern == "/items/{id}")
        #expect(plan.parameters["id"] == "new")
    }

    @Test func headIsAnsweredByTheGetRoute() {
        var router = Router()
        router.get("/hello", Self.ok)
        router.post("/form", Self.ok)
        #expect(router.plan(method: .head, pathSegments: ["hello"]).route?.method == .get)
        #expect(router.plan(method: .head, pathSegments: ["form"]).route == nil)
    }

    @Test func aHeadRouteOfItsOwnComesBeforeTheGetRoute() {
        var router = Router()
        router.get("/hello", Self.ok)
        router.add(.head, "/uploads/{id}", Self.ok)
        router.get("/uploads/{id}/other", Self.ok)
        #expect(router.plan(method: .head, pathSegments: ["uploads", "7"]).route?.method == .head)
        #expect(router.plan(method: .get, pathSegments: ["uploads", "7"]).route == nil)
        #expect(router.plan(method: .head, pathSegments: ["hello"]).route?.method == .get)
    }

    @Test func unknownMethodsReachNoRoute() {
        var router = Router()
        router.get("/hello", Self.ok)
        #expect(router.plan(method: HTTPMethod(rawValue: "get"), pathSegments: ["hello"]).route == nil)
        #expect(router.plan(method: HTTPMethod(rawValue: "BREW"), pathSegments: ["hello"]).route == nil)
    }

    /// Routes whose first segment is a parameter are listed under every first segment, including ones
    /// added later; whatever the index, the plan is the first route in the table that matches.
    @Test func theFirstSegmentIndexGivesTheSameAnswerAsTryingEveryRoute() {
        var router = Router()
        router.get("/items/{id}", Self.ok)
        router.get("/{section}/new", Self.ok)
        router.get("/items/new", Self.ok)
        router.post("/{section}/{id}", Self.ok)
        router.get("/later/{x}", Self.ok)  // a first segment first seen after the parameter routes
        router.get("/{section}", Self.ok)
        router.get("/", Self.ok)
        router.get("/later/{x}/{rest...}", Self.ok)
        router.delete("/{any...}", Self.ok)
        router.get("/items", Self.ok)

        let words = ["items", "new", "later", "other", "x"]
        var paths: [[String]] = [[]], longest: [[String]] = [[]]
        for _ in 1...3 {
            longest = longest.flatMap { path in words.map { path + [$0] } }
            paths += longest
        }
        for path in paths {
            for method in [HTTPMethod.get, .post, .delete, .put] {
                let expected = router.routes.first { $0.method == method && $0.match(path) != nil }
                #expect(router.plan(method: method, pathSegments: path).route === expected, "\(method) /\(path.joined(separator: "/"))")
            }
        }
        #expect(router.plan(method: .get, pathSegments: ["later", "new"]).route?.pattern == "/{section}/new")
        #expect(router.plan(method: .get, pathSegments: ["other"]).route?.pattern == "/{section}")
        #expect(router.plan(method: .get, pathSegments: ["items"]).route?.pattern == "/{section}")
        #expect(router.plan(method: .delete, pathSegments: ["a", "b", "c"]).parameters["any"] == "a/b/c")
    }

    // MARK: 404 and 405

    @Test func aPathNoPatternMatchesIsNotFound() {
        var router = Router()
        router.get("/items/{id}", Self.ok)
        let error = Self.refusal(router, .get, ["items"])
        #expect(error?.status == .notFound)
        #expect(error?.code == "not-found")
        #expect(error?.headers["Allow"] == nil)
        #expect(Self.refusal(router, .get, [])?.status == .notFound)
    }

    @Test func aPathWithRoutesForOtherMethodsIsMethodNotAllowedWithAllow() {
        var router = Router()
        router.get("/items/{id}", Self.ok)
        router.post("/items/{id}", Self.ok)
        router.delete("/api/items/{id}", Self.ok)
        let error = Self.refusal(router, .put, ["items", "3"])
        #expect(error?.status == .methodNotAllowed)
        #expect(error?.headers["Allow"] == "GET, HEAD, POST")
        #expect(error?.message.contains("PUT") == true)
        #expect(Self.refusal(router, HTTPMethod(rawValue: "BREW"), ["items", "3"])?.headers["Allow"] == "GET, HEAD, POST")
        #expect(Self.refusal(router, .get, ["api", "items", "3"])?.headers["Allow"] == "DELETE")
    }

    /// `/items/new` and `/items/{id}` both match the path `/items/new`: each method is listed once.
    @Test func allowNamesEachMethodOnce() {
        var router = Router()
        router.get("/items/new", Self.ok)
        router.get("/items/{id}", Self.ok)
        router.post("/items/{id}", Self.ok)
        router.post("/{section}/new", Self.ok)
        #expect(Self.refusal(router, .delete, ["items", "new"])?.headers["Allow"] == "GET, HEAD, POST")
    }

    @Test func respondRunsTheRouteThePlanFound() throws {
        var router = Router()
        router.get("/items/{id}") { request in .text("item \(request.parameters["id"] ?? "?")") }
        let plan = router.plan(method: .get, pathSegments: ["items", "9"])
        var request = Request(method: .get, path: "/items/9", pathSegments: ["items", "9"])
        request.route = plan.route
        request.parameters = plan.parameters
        let response = try router.respond(to: request)
        guard case .bytes(let body) = response.body else { Issue.record("not a byte body"); return }
        #expect(String(decoding: body, as: UTF8.self) == "item 9")
    }

    // MARK: Body limits

    @Test func routesTakeTheDefaultBodyLimitUnlessTheySayOtherwise() {
        var router = Router(defaultMaxBodySize: 1 << 20)
        router.post("/items", Self.ok)
        router.post("/items/{id}/image", maxBodySize: 20 << 20, Self.ok)
        #expect(router.plan(method: .post, pathSegments: ["items"]).maxBodySize == 1 << 20)
        #expect(router.plan(method: .post, pathSegments: ["items", "1", "image"]).maxBodySize == 20 << 20)
        // No route: the default limit (the body is refused once the head is answered anyway).
        #expect(router.plan(method: .post, pathSegments: ["nothing"]).maxBodySize == 1 << 20)
    }

    @Test func slownessIsRecordedOnTheRoute() {
        var router = Router()
        router.get("/a", Self.ok)
        router.post("/b", isSlow: true, Self.ok)
        #expect(router.plan(method: .post, pathSegments: ["b"]).isSlow)
        #expect(!router.plan(method: .get, pathSegments: ["a"]).isSlow)
    }

    private enum Audience: RequestContextKey { typealias Value = String }
    private enum Format: RequestContextKey { typealias Value = String }

    @Test func aGroupPrefixesItsRoutesAndGivesThemItsMetadataUnderTheirOwn() {
        var groupMetadata = RouteMetadata()
        groupMetadata[Audience.self] = "scripts"
        groupMetadata[Format.self] = "json"
        let api = RouteGroup("/api/v1", metadata: groupMetadata)
        var ownMetadata = RouteMetadata()
        ownMetadata[Audience.self] = "owners"
        var router = Router()
        router.add(.get, "/items", in: api, Self.ok)
        router.add(.delete, "/items/{id}", in: api, metadata: ownMetadata, Self.ok)
        router.get("/items", Self.ok)

        let list = router.plan(method: .get, pathSegments: ["api", "v1", "items"]).route
        #expect(list?.pattern == "/api/v1/items")
        #expect(list?.metadata[Audience.self] == "scripts")
        let delete = router.plan(method: .delete, pathSegments: ["api", "v1", "items", "3"])
        #expect(delete.route?.metadata[Audience.self] == "owners")
        #expect(delete.route?.metadata[Format.self] == "json")
        #expect(delete.parameters["id"] == "3")
        // Outside the group: neither prefix nor metadata.
        #expect(router.plan(method: .get, pathSegments: ["items"]).route?.metadata[Format.self] == nil)
    }
}
