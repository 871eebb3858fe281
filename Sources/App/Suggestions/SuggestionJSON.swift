import Inventory

/// `GET /api/v1/items/{id}/suggestions`: `{"pending", "suggestions": [{"field", "value", "source", "region"?}]}`.
struct SuggestionsJSON: Encodable {
    struct Source: Encodable {
        var photoId: Int64?
        var documentId: Int64?
        var assetId: String?
        /// A library photo's: when it was taken (the camera's wall-clock time, or the file's) and its album.
        var takenAt: String?
        var album: String?
    }
    /// Where on the photo, as fractions of the upright photo's width and height.
    struct Region: Encodable {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
    }
    struct Entry: Encodable {
        let field: String
        let value: String
        let source: Source
        let region: Region?
    }
    let pending: Bool
    let suggestions: [Entry]

    /// What was read on the item's own photos and documents, then the library photos its serial number or barcode was seen on.
    init(_ suggestions: ItemSuggestions, sightings: [LibrarySighting] = []) {
        pending = suggestions.pending
        self.suggestions = suggestions.suggestions.map { suggestion in
            var source = Source()
            switch suggestion.source {
            case .photo(let id): source.photoId = id.rawValue
            case .document(let id): source.documentId = id.rawValue
            case .asset(let id): source.assetId = id.rawValue
            }
            return Entry(field: suggestion.field.rawValue, value: suggestion.value, source: source,
                         region: suggestion.region.map { Region(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
        } + sightings.map { sighting in
            Entry(field: sighting.field.rawValue, value: sighting.suggestion.value,
                  source: Source(assetId: sighting.asset.id.rawValue, takenAt: LibraryFormat.localISO8601(sighting.asset.takenAt), album: sighting.album),
                  region: sighting.suggestion.region.map { Region(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
        }
    }
}
