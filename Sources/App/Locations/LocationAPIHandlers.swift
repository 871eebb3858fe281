import HTTPServer
import Inventory

/// `/api/v1/locations…`: the tree of places items are kept in, in the request's household.
struct LocationAPIHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver


    func register(in router: inout AppRouter) {
        router.get(LocationRoutes.apiList) { request in LocationJSON.list(try households.items(store, of: request).locations()) }
        router.post(LocationRoutes.apiList) { request in
            let items = try households.items(store, of: request)
            let location = try items.createLocation(try LocationInput(json: try ItemAPIHandlers.jsonObject(of: request)))
            var response = LocationJSON.response(location, status: .created)
            response.headers["Location"] = LocationRoutes.apiLocation(location.id)
            return response
        }
        router.get(LocationRoutes.apiLocation) { request in
            let items = try households.items(store, of: request)
            return LocationJSON.response(try items.location(id: try request.locationID()))
        }
        router.patch(LocationRoutes.apiLocation) { request in
            let items = try households.items(store, of: request)
            let id = try request.locationID()
            return LocationJSON.response(try items.updateLocation(id: id, try LocationInput(json: try ItemAPIHandlers.jsonObject(of: request))))
        }
        router.delete(LocationRoutes.apiLocation) { request in
            let items = try households.items(store, of: request)
            try items.deleteLocation(id: try request.locationID())
            return .noContent
        }
    }
}

extension Request {
    /// The `{id}` of a location route; an id that cannot exist is simply not found.
    func locationID() throws -> Location.ID {
        try id(of: Location.self) { AppError(.locationNotFound, Message("error.place.unknown-id", "There is no location “\($0)”. Location ids are whole numbers; list them at \(LocationRoutes.apiList.url()).",
                                                                  ["id": .text($0), "url": .text(LocationRoutes.apiList.url())])) }
    }
}
