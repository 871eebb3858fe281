import Foundation

/// What importing a file would do, worked out against the inventory as it stands: the preview a
/// person sees before anything is written. The import makes it again inside its own transaction, so
/// it does exactly this unless the inventory changed in between (then it does what the new plan says,
/// or nothing).
public struct ImportPlan: Sendable, Equatable {
    /// An item the import adds or changes.
    public struct PlannedItem: Sendable, Equatable {
        /// The line of the file it comes from.
        public let line: Int
        public let name: String
        /// The item it changes; nil for a new one.
        public let itemID: Item.ID?
        /// Whether it will be marked no longer owned (sold): kept, but left out of the list and totals.
        public let noLongerOwned: Bool
    }

    /// Rows in the file (blank lines not counted).
    public internal(set) var rowsRead = 0
    /// New items, in the file's order.
    public internal(set) var additions: [PlannedItem] = []
    /// Items already in the inventory (by their import ref) that the rows change.
    public internal(set) var updates: [PlannedItem] = []
    /// Places to make, by path (`Home / Garage`), each before the places inside it.
    public internal(set) var newLocations: [String] = []
    /// Tags no item has yet.
    public internal(set) var newTags: [String] = []
    /// Every row (or the file) that cannot be imported, and why. Nothing is imported while there is one.
    public internal(set) var problems: [ImportProblem] = []
    /// Columns in the file that are not imported (`HB.url`, columns Homepwner does not know); for a
    /// Homebox backup, the parts of it not imported (`maintenance_entries.json (3 maintenance entries)`).
    public internal(set) var ignoredColumns: [String] = []
    /// Cells imported differently from what the file says, and why (a quantity with more decimals than
    /// Homepwner keeps, rounded): shown in the preview, never a reason not to import.
    public internal(set) var notices: [ImportProblem] = []
    /// The currency amounts were read in: the inventory's (for our own export, the export's, which
    /// the inventory takes).
    public let currency: Currency
    /// What the file is; nil when even that could not be told (a zip that cannot be unpacked).
    public internal(set) var format: ImportFormat?
    /// Photos the import gives items (a zip's; the same bytes an item has already are not added twice).
    public internal(set) var photos = 0
    /// Documents (receipts, manuals, warranties) the import gives items.
    public internal(set) var documents = 0
    /// Walk-through videos the import gives places (only our own export has them).
    public internal(set) var videos = 0

    /// What the import carries out, row by row.
    var steps: [Step] = []
    /// Places to make, parents first: each one's key, name, and the key of the place it is inside
    /// (`PlaceKeys.top` for none).
    var locationsToMake: [(key: Int, name: String, parentKey: Int)] = []
    /// The places that exist, by key.
    var locationIDs: [Int: Location.ID] = [:]

    struct Step: Sendable, Equatable {
        /// The item to change; nil to add one.
        let itemID: Item.ID?
        /// Checked already.
        var input: ItemInput
        /// Where to put it, as a place's key (`PlaceKeys.top` for nowhere); nil to leave it where it is.
        let locationKey: Int?
        let importRef: String?
        /// A new item's creation date; nil: the import's.
        var dateCreated: Date?
        /// Photos and documents to give it: none it has already.
        var attachments: [ImportAttachment] = []
    }

    init(currency: Currency, format: ImportFormat? = .homeboxCSV) {
        self.currency = currency
        self.format = format
    }

    /// Whether importing would go ahead: rows to import and no problem.
    public var canImport: Bool { problems.isEmpty && rowsRead > 0 }

    public static func == (lhs: ImportPlan, rhs: ImportPlan) -> Bool {
        lhs.rowsRead == rhs.rowsRead && lhs.additions == rhs.additions && lhs.updates == rhs.updates && lhs.newLocations == rhs.newLocations
            && lhs.newTags == rhs.newTags && lhs.problems == rhs.problems && lhs.ignoredColumns == rhs.ignoredColumns && lhs.notices == rhs.notices && lhs.currency == rhs.currency
            && lhs.format == rhs.format && lhs.photos == rhs.photos && lhs.documents == rhs.documents && lhs.videos == rhs.videos
    }
}

/// An import that did not happen because of the problems its plan lists; nothing was written.
public struct ImportRefused: Error, Sendable {
    public let plan: ImportPlan
}
