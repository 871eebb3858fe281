import Foundation

/// `homepwner.json`, the heart of our own export: everything the inventory holds, with the photos'
/// originals and the documents as files beside it in the zip, named by their SHA-256. Amounts are
/// decimal strings in `currency` (`"1299.99"`), days `YYYY-MM-DD`, moments ISO 8601 in UTC with
/// milliseconds: the same as the JSON API. `formatVersion` goes up when a reader of an older one
/// would misread the file.
public struct InventoryManifest: Codable, Sendable, Equatable {
    public static let formatName = "homepwner"
    /// 2: quantities are exact decimals with a unit, and items say whether they are used for a business.
    public static let currentFormatVersion = 2
    public static let fileName = "homepwner.json"

    public var format: String
    public var formatVersion: Int
    public var exportedAt: String
    public var currency: String
    /// The inventory's whole settings table (key → value), currency included.
    public var settings: [String: String]
    /// Every place, parents before the places inside them.
    public var locations: [Location]
    /// Every tag in use, by name.
    public var tags: [String]
    /// Every item, in list order.
    public var items: [Item]
    /// Every place's walk-through videos (absent in exports made before there were any). Their
    /// candidate frames are not in the export: they are made again from the video once imported.
    public var walkthroughs: [Walkthrough]? = nil

    public struct Location: Codable, Sendable, Equatable {
        public var id: Int64
        public var name: String
        public var parentId: Int64?
        public var notes: String
        /// True for a box; absent for another place, and in exports made before boxes (inventory schema 26).
        public var isBox: Bool? = nil
    }

    public struct Item: Codable, Sendable, Equatable {
        public var id: Int64
        /// The item's id in the inventory it was imported from (`HB.import_ref`), if any: a later
        /// import of that inventory's file updates the item.
        public var importRef: String?
        public var name: String
        public var serialNumber: String
        public var valueInDollars: Int
        public var dateCreated: String
        public var position: Int
        public var version: Int
        public var locationId: Int64?
        /// A JSON number, exact (`2.5`, `0.75`, `3`: Foundation reads and writes `Decimal` as the
        /// number's digits, never through a double); read back through `Quantity.parse`.
        public var quantity: Decimal
        /// The quantity's unit (`QuantityUnit.symbol`, "" for pieces); absent in exports made before units.
        public var quantityUnit: String? = nil
        public var description: String
        public var brand: String
        public var model: String
        public var barcode: String
        public var condition: String?
        public var notes: String
        public var purchasePrice: String?
        public var purchaseDate: String?
        public var purchasedFrom: String
        public var replacementCost: String?
        public var replacementCostDate: String?
        public var replacementCostSource: String
        public var tags: [String]
        public var warrantyExpires: String?
        public var lifetimeWarranty: Bool
        public var warrantyDetails: String
        public var scheduled: Bool
        public var riderAmount: String?
        /// Absent in exports made before the field.
        public var businessUse: Bool? = nil
        /// Paid in another currency: "129.99 GBP at 1.32527 on 2019-03-14" (`purchasePrice` is it converted);
        /// absent when paid in the inventory's currency, and in exports made before the field.
        public var purchasePaid: String? = nil
        public var disposal: Disposal?
        public var customFields: [CustomField]
        /// In the owner's order: the first is the primary.
        public var photos: [Photo]
        public var documents: [Document]
        public var evidence: [Evidence]
        /// True for a draft (a photo from walking a room, not named yet: its name may be empty);
        /// absent for a named item, and in exports made before drafts.
        public var draft: Bool? = nil
        /// Absent in exports made before distinguishing marks (inventory schema 23).
        public var distinguishingMarks: String? = nil
        /// For an item packed in a box, the place it was packed from; absent otherwise (and before boxes).
        public var packedFromId: Int64? = nil
    }

    public struct Disposal: Codable, Sendable, Equatable {
        public var kind: String
        public var date: String?
        public var price: String?
        public var notes: String
    }

    public struct CustomField: Codable, Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public struct Photo: Codable, Sendable, Equatable {
        public var id: Int64
        public var kind: String
        public var sha256: String
        public var contentType: String
        public var width: Int
        public var height: Int
        public var size: Int
        /// Its original in the zip: `photos/<sha256>.<ext>`.
        public var file: String
    }

    public struct Document: Codable, Sendable, Equatable {
        public var id: Int64
        public var kind: String
        public var name: String
        public var contentType: String
        public var size: Int
        public var sha256: String
        /// Its bytes in the zip: `documents/<sha256>.<ext>`.
        public var file: String
    }

    /// A place's walk-through: its video byte for byte beside the manifest, and the drafts made from its frames.
    public struct Walkthrough: Codable, Sendable, Equatable {
        public var id: Int64
        public var locationId: Int64
        public var recordedAt: String
        public var contentType: String
        public var size: Int
        public var sha256: String
        /// Its bytes in the zip: `videos/<sha256>.<mp4|mov>`.
        public var file: String
        /// The items made from its frames, each with the second of the video it shows.
        public var drafts: [WalkthroughDraft]
    }

    public struct WalkthroughDraft: Codable, Sendable, Equatable {
        public var itemId: Int64
        public var second: Double
    }

    /// A library photo linked as evidence: the photo itself stays in the library (not in the export).
    public struct Evidence: Codable, Sendable, Equatable {
        public var assetId: String
        public var takenAt: String?
        public var camera: String?
        public var path: String
        public var added: String
    }
}
