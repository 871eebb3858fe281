import HTTPServer
import Inventory

/// `/api/v1/tags`: every tag in use, `[{"name","count"}]` by name. Tags are made by giving them to
/// items, and forgotten with their last item. The request's household's tags.
struct TagAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    func register(in router: inout AppRouter) {
        router.get(TagRoutes.apiList) { request in
            let tags = try store.in(try households.household(of: request)).tags()
            var writer = JSONWriter(capacity: 32 * tags.count + 2)
            writer.array(tags) { json, tag in
                json.object { json in
                    json.key("name"); json.value(tag.name)
                    json.key("count"); json.value(tag.count)
                }
            }
            return .json(writer)
        }
    }
}
