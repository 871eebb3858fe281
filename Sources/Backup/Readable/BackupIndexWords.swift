import Inventory

/// The words of a backup's `index.html`, in one language: US English here; the App fills them from
/// its catalogue in the household owner's language (`BackupIndexWords+Catalogue`). A pattern keeps
/// `{name}` parts for the page to fill in; counts come with their language's plurals and amounts in
/// its format, through `count` and `money`. Dates and times stay ISO (`2026-03-14 02:00 UTC`), read
/// alike in every language.
public struct BackupIndexWords: Sendable {
    /// The page's `lang` (a BCP 47 tag) and whether it is written right to left (`dir`).
    public var language = "en"
    public var isRightToLeft = false
    public var words: [String: String]
    /// `count("items", 3)`: "3 items", with the plural the language has for 3.
    public var count: @Sendable (_ key: String, _ count: Int) -> String
    public var money: @Sendable (_ minorUnits: Int64, _ currency: Currency) -> String

    public init(words: [String: String] = BackupIndexWords.english,
                count: @escaping @Sendable (_ key: String, _ count: Int) -> String = BackupIndexWords.englishCount,
                money: @escaping @Sendable (_ minorUnits: Int64, _ currency: Currency) -> String = { Money(minorUnits: $0, currency: $1).formatted }) {
        self.words = words
        self.count = count
        self.money = money
    }

    /// The word `key`, each `{name}` in it replaced by `values[name]`.
    public subscript(_ key: String, _ values: [String: String] = [:]) -> String {
        var text = words[key] ?? Self.english[key] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The counted words, singular and plural in US English; the App's have each language's plurals.
    public static let countedNouns: [String: (one: String, other: String)] = [
        "items": ("item", "items"), "places": ("place", "places"), "photos": ("photo", "photos"),
        "documents": ("receipt or document", "receipts and documents"), "unvalued": ("without a value", "without a value"),
        "no-longer-owned": ("item no longer owned", "items no longer owned"), "bytes": ("byte", "bytes"),
    ]

    public static let englishCount: @Sendable (String, Int) -> String = { key, count in
        let noun = countedNouns[key] ?? (key, key)
        return "\(count) \(count == 1 ? noun.one : noun.other)"
    }

    public static let english: [String: String] = [
        "title": "Home inventory, {date}", "heading": "Home inventory",
        "made": "A backup made by Homepwner on {date}. This page needs nothing but a browser.",
        "no-longer-owned": "No longer owned", "kept-for-history": "Kept for their history; not in the totals.",
        "footer": "Every row is also in {database} (SQLite). To put this inventory back into Homepwner: {restore}. {verify} checks every file against manifest.json.",
        "database-copy": "the database copy", "totals": "Totals", "summary": "{items} in {places}",
        "missing-title": "Missing from this backup", "missing-intro": "The data folder was damaged when this backup was made:",
        "rooms": "Rooms", "empty": "The inventory had no items when this backup was made.", "walkthroughs": "Walk-through videos",
        "documents": "Receipts and documents", "evidence": "Linked photos in the photo library (not in this backup)",
        "original": "Original", "not-in-backup": "not in this backup", "not-in-a-room": "Not in a room",
        "total-all": "{amount} in all", "total-too-large": "More than the inventory can count",
        "walkthrough-title": "Walk-through recorded {time}", "evidence-taken": "{path}, taken {time}",
        "document-title": "{kind}: {name}", "document-type.text": "Text",
        "photo.general": "Photo", "photo.serial": "Serial plate", "photo.closeup": "Close-up",
        "photo-alt.general": "{item}: photo {number} of {total}", "photo-alt.serial": "{item}: serial plate {number} of {total}",
        "photo-alt.closeup": "{item}: close-up {number} of {total}",
        "document.receipt": "Receipt", "document.manual": "Manual", "document.warranty": "Warranty", "document.appraisal": "Appraisal", "document.other": "Other",
        "field.room": "Room", "field.quantity": "Quantity", "field.value": "Value", "field.value-of-lot": "{line} ({quantity} × {unit})",
        "field.business-use": "Used for business", "field.replacement-cost": "Replacement cost",
        "field.replacement-cost-date": "Replacement cost looked up on", "field.replacement-cost-source": "Where the value comes from",
        "field.purchase-price": "Purchase price", "field.purchase-date": "Purchase date", "field.purchased-from": "Where bought",
        "field.brand": "Brand", "field.model": "Model", "field.serial-number": "Serial number", "field.barcode": "Barcode or asset tag",
        "field.condition": "Condition", "field.tags": "Tags", "field.warranty-ends": "Warranty ends", "field.lifetime-warranty": "Lifetime warranty",
        "field.warranty-details": "Warranty details", "field.marks": "Distinguishing marks", "field.scheduled": "Scheduled on a rider",
        "field.scheduled-for": "Yes, for {amount}", "field.description": "Description", "field.notes": "Notes", "field.disposed": "No longer owned",
        "field.disposed-for": "for {amount}", "field.disposal-notes": "Disposal notes", "field.added": "Added", "yes": "Yes",
        "condition.new": "New", "condition.good": "Good", "condition.fair": "Fair", "condition.poor": "Poor", "condition.broken": "Broken",
        "disposal.sold": "Sold", "disposal.givenAway": "Given away", "disposal.thrownAway": "Thrown away", "disposal.lost": "Lost", "disposal.stolen": "Stolen",
    ]
}
