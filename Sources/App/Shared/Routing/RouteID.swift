import Database
import HTTPServer

extension Request {
    /// The route's `{name}` as the id of a row of `Entity` (`Item.ID`, `Claim.ID`): what a URL builder
    /// of the same routes type put there. Text that is no positive whole number names no row, so it
    /// is not found: `notFound` is given the text to say so.
    func id<Entity>(_ name: String = "id", of entity: Entity.Type, notFound: (String) -> AppError) throws -> RowID<Entity> {
        let raw = parameters[name] ?? ""
        guard let id = RowID<Entity>(raw) else { throw notFound(raw) }
        return id
    }

    /// The route's `{name}` as a library photo's id: what a `LibraryRoutes` (or `ItemRoutes`,
    /// `ClaimLinkRoutes`) builder put there. Text that is not one names no photo, so it is not found,
    /// as an unknown photo is.
    func libraryPhotoID(_ name: String = "id", notFound: (String) -> any Error) throws -> LibraryPhotoID {
        let raw = parameters[name] ?? ""
        guard let id = LibraryPhotoID(raw) else { throw notFound(raw) }
        return id
    }
}

extension JSONWriter {
    /// An id as the JSON API shows it: a number.
    mutating func value<Entity>(_ id: RowID<Entity>) { value(id.rawValue) }

    /// A library photo's id as the JSON API shows it: a string.
    mutating func value(_ id: LibraryPhotoID) { value(id.rawValue) }
}
