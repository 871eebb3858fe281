import HTTPServer
import Inventory

/// `/api/v1/tags`: every tag in use, `[{"name","count"}]` by name. Tags are made by giving them to
/// items, and forgotten with their last item.
struct TagAPIHandlers: Sendable {
    let items: ItemStore

    func register(in router: inout AppRouter) {
        router.get(TagRoutes.apiList) { _ in
            let tags = try items.tags()
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
