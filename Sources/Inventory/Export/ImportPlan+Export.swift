/// Our own export, checked, as the preview every import shows: everything in it is new (it goes
/// into an empty inventory only), and amounts are in its currency, which the inventory takes.
extension ImportPlan {
    init(_ export: ArchiveImportPlan) {
        self.init(currency: export.currency, format: .homepwnerExport)
        rowsRead = export.items.count
        additions = export.items.enumerated().map { index, planned in
            PlannedItem(line: index + 1, name: planned.item.name, itemID: nil, noLongerOwned: planned.item.details.disposal != nil)
        }
        newLocations = export.locations.map(\.path)
        var seen: Set<String> = []
        newTags = export.items.flatMap(\.item.details.tags).filter { seen.insert($0.lowercased()).inserted }
        photos = export.items.map(\.photos.count).reduce(0, +)
        documents = export.items.map(\.documents.count).reduce(0, +)
        videos = export.walkthroughs.count
    }

    /// This plan with `error` as its one problem: at the file inside the zip it is about.
    func refused(by error: InventoryArchiveError) -> ImportPlan {
        var plan = self
        let column: String? = switch error {
        case .damagedFile(let path, _): path
        case .invalidManifest, .placeTooDeep, .notAnExport, .newerFormat: InventoryManifest.fileName
        case .inventoryNotEmpty: nil
        }
        plan.problems = [ImportProblem(line: nil, column: column, error.wording)]
        return plan
    }
}
