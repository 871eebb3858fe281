import Database
import Foundation

/// What a backup copies: the live database (through SQLite's online backup API, so the server may
/// go on writing) and the content-addressed folders of photos and documents, all inside one data
/// folder. The data folder's owner says where each is; paths in a backup are relative to it.
public struct BackupSource: Sendable {
    public let database: Database
    public let dataFolder: String
    public let imagesFolder: String
    public let documentsFolder: String

    public init(database: Database, dataFolder: URL, imagesFolder: URL, documentsFolder: URL) {
        self.database = database
        self.dataFolder = dataFolder.standardizedFileURL.path
        self.imagesFolder = imagesFolder.standardizedFileURL.path
        self.documentsFolder = documentsFolder.standardizedFileURL.path
    }

    /// `absolute` relative to the data folder; nil for a path outside it.
    func relative(_ absolute: String) -> String? {
        let prefix = dataFolder.hasSuffix("/") ? dataFolder : dataFolder + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        let rest = String(absolute.dropFirst(prefix.count))
        return BackupPath.isSafe(rest) ? rest : nil
    }

    /// The source a backup's own copy makes, to read it as it was read when it was made.
    init(database: Database, backupFolder: String, folders: BackupManifest.Folders) {
        self.database = database
        dataFolder = backupFolder
        imagesFolder = "\(backupFolder)/\(folders.images)"
        documentsFolder = "\(backupFolder)/\(folders.documents)"
    }

    /// Where photos and documents are kept, relative to the data folder.
    var folders: BackupManifest.Folders {
        get throws(BackupError) {
            guard let images = relative(imagesFolder), let documents = relative(documentsFolder) else {
                throw BackupError("The photo and document folders must be inside the data folder \(dataFolder).")
            }
            return BackupManifest.Folders(images: images, documents: documents)
        }
    }

    /// Where the database copy goes in a backup, and back in a restored data folder.
    var databasePath: String {
        get throws(BackupError) {
            guard let path = relative(URL(fileURLWithPath: database.path).standardizedFileURL.path) else {
                throw BackupError("The database \(database.path) is not inside the data folder \(dataFolder).")
            }
            return path
        }
    }
}
