import Accounts
import Backup
import Database

extension DataFolder {
    /// What a backup of this folder copies: the database (read through `database`, the one open
    /// connection set of this process) and the photos and documents.
    public func backupSource(_ database: Database) -> BackupSource {
        BackupSource(database: database, dataFolder: url, imagesFolder: images, documentsFolder: documents)
    }

    /// The words of a backup's `index.html` as it is made: in the household's language (`BackupIndexWords.household`).
    public func backupIndexWords(_ database: Database) -> @Sendable () -> BackupIndexWords {
        let accounts = AccountStore(database: database)
        return { BackupIndexWords.household(accounts) }
    }

    /// How this folder's backups have gone, whoever made them (the schedule, `homepwner backup`).
    public var backupStatus: BackupStatusFile { BackupStatusFile(path: url.appendingPathComponent("backup-status.json").path) }

    /// Whether the folder holds a Homepwner database (a backup of anything else is a mistake).
    public var hasDatabase: Bool { !isNew }
}
