import Database
import Foundation
import TextRules

/// A photo of the household's library linked (not copied) to an item as evidence that it was owned:
/// what the photo was when it was linked (its capture time, camera and file), so it stays listed with
/// its last known path and date if it later leaves the library. The inventory knows nothing of the
/// library: whether the photo is still there is found out by whoever reads the item (`isMissing`).
public struct EvidenceLink: Sendable, Equatable {
    /// The library photo's id (opaque).
    public let assetID: LibraryPhotoID
    /// When it was taken, as the camera's wall-clock time (kept as if UTC, as the library keeps it);
    /// nil when the photo does not say (a file's own time says when it was copied, not taken).
    public let takenAt: Date?
    public let camera: String?
    /// Where its file was when it was linked.
    public let lastPath: String
    public let added: Date
    /// Whether the photo has left the library since, as the reader of the item found; nil until one
    /// has looked. Only evidence known to be there counts towards readiness.
    public var isMissing: Bool?

    public init(assetID: LibraryPhotoID, takenAt: Date?, camera: String?, lastPath: String, added: Date = Date(), isMissing: Bool? = nil) {
        self.assetID = assetID
        self.takenAt = takenAt
        self.camera = camera
        self.lastPath = lastPath
        self.added = added
        self.isMissing = isMissing
    }

    /// What a file says of a photo (our own export's manifest), held to the rules of typed text: it is
    /// shown on the item's page and printed in the claim report. Named in messages that have named the link.
    /// Named by the manifest's own field names, which no language translates.
    static let cameraRule = TextRule(Message(english: "camera"), maxCharacters: 200, oneLine: false)
    static let pathRule = TextRule(Message(english: "path"), maxCharacters: 4_096, oneLine: false)

    /// `2019-05-04T18:30:07`: the capture time as stored and as the API writes it (no zone: wall-clock time).
    public static func isoText(_ date: Date) -> String {
        String(date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)).dropLast())
    }

    /// The capture time of `isoText`'s text.
    static func date(isoText text: String) -> Date? {
        try? Date(text + "Z", strategy: .iso8601)
    }
}

extension Item {
    /// The day of the earliest photo among its evidence still in the library: since when the item is
    /// known to have been owned. Nil when no such photo has a capture date.
    public var documentedSince: CalendarDate? {
        evidence.filter { $0.isMissing == false }.compactMap(\.takenAt).min().map(CalendarDate.init)
    }
}
