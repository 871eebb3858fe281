import Database
import Foundation

/// A file kept as evidence for an item: a receipt, a manual, a warranty. Kept byte for byte under
/// the SHA-256 of its bytes (shared by every document with the same bytes).
public struct ItemDocument: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<ItemDocument>

    public enum Kind: String, Sendable, CaseIterable {
        case receipt, manual, warranty, appraisal, other

        /// "receipt, manual, warranty, appraisal or other", for messages.
        public static let choices = "receipt, manual, warranty, appraisal or other"
    }

    public let id: ID
    public let kind: Kind
    /// What the owner called it, as given (`fileName` is the name its file is saved under).
    public let name: String
    /// What the bytes are, as sniffed (never as the uploader said).
    public let type: DocumentType
    public let byteSize: Int
    /// Hex SHA-256 of the bytes.
    public let sha256: String
    /// Whether a thumbnail was made (first page of a PDF, or the image).
    public let hasThumbnail: Bool

    public init(id: ID, kind: Kind, name: String, type: DocumentType, byteSize: Int, sha256: String, hasThumbnail: Bool) {
        self.id = id
        self.kind = kind
        self.name = name
        self.type = type
        self.byteSize = byteSize
        self.sha256 = sha256
        self.hasThumbnail = hasThumbnail
    }

    /// The name its file is saved under when downloaded: its name made safe (`SafeFileName`: no bidi
    /// or invisible characters), ending with the extension of what its bytes are, never one only the
    /// uploader gave ("receipt.html" holding a PDF is saved as "receipt.html.pdf").
    public var fileName: String {
        SafeFileName.make(name, extension: type.fileExtension, aliases: type.otherFileExtensions)
    }
}
