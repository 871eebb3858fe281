import App
import Backup
import Foundation

/// `homepwner backup`, `restore` and `verify`.
enum BackupCommands {
    static let backupUsage = """
        Usage: homepwner backup --to DIR [--data DIR] [--keep N] [--offsite restic:REPO]

        Backs up the data folder (default ./data) into a new folder DIR/<time>/, safely while
        homepwner serve is running: the database (SQLite's online backup), the photos and documents,
        an index.html any browser opens, and manifest.json with every file's SHA-256. Files an earlier
        backup in DIR holds are linked, not copied again. Then verifies the new backup.

          --keep N                Keep the newest N backups in DIR, removing older ones.
          --offsite restic:REPO   Then copy it off site with restic (S3, SFTP, another disk…). The
                                  password and keys come from restic's environment variables
                                  (RESTIC_PASSWORD_FILE or RESTIC_PASSWORD, AWS_ACCESS_KEY_ID, …).
        """

    static let restoreUsage = """
        Usage: homepwner restore FROM --data DIR [--force]

        Restores the backup FROM (a backup's folder, or a folder of backups: then the newest) as the
        data folder DIR, checking every file against the manifest before anything is put in place.
        DIR must be new or empty; with --force its contents are moved aside to DIR.replaced-<time>.
        Stop homepwner serve on DIR first.
        """

    static let verifyUsage = """
        Usage: homepwner verify FROM [--offsite restic:REPO]

        Checks the backup FROM (a backup's folder, or a folder of backups: then the newest): every
        file against its SHA-256 in the manifest, and the database copy with SQLite's integrity check.
        When the backup was copied off site, also checks that restic snapshot (restic check, and every
        file in the snapshot); --offsite names the repository if it cannot be read from offsite.json.
        """

    static func backup(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, values: ["--to", "--data", "--keep", "--offsite"], flags: [], usage: backupUsage)
        guard !options.helpShown else { return }
        guard let target = options.values["--to"] else { throw CommandLineError(message: "say where to back up to: homepwner backup --to DIR [--data DIR]") }
        let folder = DataFolder(URL(fileURLWithPath: options.values["--data"] ?? "data"))
        guard folder.hasDatabase else {
            throw CommandLineError(message: "\(folder.url.path) is not a Homepwner data folder (it has no homepwner.sqlite). Give the folder homepwner serve --data uses.")
        }
        let keep = try options.values["--keep"].map { text in
            guard let number = Int(text), number >= 1 else { throw CommandLineError(message: "--keep must be a whole number of backups, 1 or more, not “\(text)”.") }
            return number
        }
        let offsite = try options.values["--offsite"].map { text -> ResticRepository in
            do { return try ResticRepository(option: text) } catch { throw CommandLineError(message: "\(error)") }
        }
        let database = try folder.openDatabase()
        let job = BackupJob(source: folder.backupSource(database), store: BackupStore(path: target), keep: keep, offsite: offsite,
                            status: folder.backupStatus, indexWords: folder.backupIndexWords(database))
        let outcome = try job.run(log: { print($0); fflush(nil) })
        if let problem = outcome.problem { throw BackupError(problem) }
    }

    static func restore(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, values: ["--data"], flags: ["--force"], usage: restoreUsage)
        guard !options.helpShown else { return }
        guard let from = options.positional.first, options.positional.count == 1, let data = options.values["--data"] else {
            throw CommandLineError(message: "usage: homepwner restore FROM --data DIR [--force]")
        }
        let report = try BackupRestorer.restore(from: from, into: data, force: options.flags.contains("--force"))
        let counts = report.manifest.counts
        print("Restored \(counts.inWords) from \(report.backup) into \(URL(fileURLWithPath: data).standardizedFileURL.path) "
              + "(\(report.restored.files) files, every one matching the manifest).")
        if let former = report.formerContents { print("What the data folder held before is now in \(former).") }
        print("Serve it with: homepwner serve --data \(data)")
    }

    static func verify(_ arguments: [String]) throws {
        let options = try CommandOptions(arguments, values: ["--offsite"], flags: [], usage: verifyUsage)
        guard !options.helpShown else { return }
        guard let from = options.positional.first, options.positional.count == 1 else { throw CommandLineError(message: "usage: homepwner verify FROM") }
        let backup = try BackupLocator.backup(at: from)
        let started = ContinuousClock.now
        let verification = try BackupVerifier.verify(backup)
        var problems = verification.problems
        if verification.isSound {
            print("Verified \(backup): \(verification.filesChecked) files match the manifest, and the database copy passes SQLite's checks (\(BackupJob.seconds(ContinuousClock.now - started))).")
        }
        if let manifest = verification.manifest, let record = OffsiteRecord.read(from: backup) {
            let repository: ResticRepository
            if let option = options.values["--offsite"] {
                do { repository = try ResticRepository(option: option) } catch { throw CommandLineError(message: "\(error)") }
            } else if let environment = ProcessInfo.processInfo.environment["RESTIC_REPOSITORY"], !environment.isEmpty {
                repository = ResticRepository(repository: environment)
            } else {
                repository = ResticRepository(repository: record.repository)
            }
            let offsite = repository.problems(snapshot: record.snapshot, manifest: manifest)
            if offsite.isEmpty {
                print("Off site: restic snapshot \(record.snapshot) in \(repository.shownName) holds every file, and the repository passes restic check.")
            }
            problems += offsite
        } else if options.values["--offsite"] != nil {
            problems.append("\(backup) was never copied off site (it has no \(OffsiteRecord.fileName)).")
        }
        guard problems.isEmpty else {
            throw BackupError("\(backup) cannot be trusted:\n" + problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
    }
}

/// `serve --backup-to DIR [--backup-every 24h] [--backup-keep N] [--offsite restic:REPO]`.
struct ServeBackupOptions {
    static let names: Set<String> = ["--backup-to", "--backup-every", "--backup-keep", "--offsite"]
    private var values: [String: String] = [:]

    mutating func take(_ option: String, _ value: String) { values[option] = value }

    /// The schedule asked for; nil when none was.
    func schedule() throws -> BackupSchedule? {
        guard let directory = values["--backup-to"] else {
            if let stray = values.keys.sorted().first {
                throw CommandLineError(message: "\(stray) needs --backup-to DIR, the folder the server backs up into. Run homepwner serve --help.")
            }
            return nil
        }
        let every = values["--backup-every"] ?? "24h"
        guard let interval = BackupSchedule.interval(from: every) else {
            throw CommandLineError(message: "--backup-every must be a time from 1m to 366d such as 24h, 12h, 30m or 7d, not “\(every)”.")
        }
        let keep = try values["--backup-keep"].map { text in
            guard let number = Int(text), number >= 1 else { throw CommandLineError(message: "--backup-keep must be a whole number of backups, 1 or more, not “\(text)”.") }
            return number
        }
        let offsite = try values["--offsite"].map { text -> ResticRepository in
            do { return try ResticRepository(option: text) } catch { throw CommandLineError(message: "\(error)") }
        }
        return BackupSchedule(directory: URL(fileURLWithPath: directory), interval: interval, keep: keep, offsite: offsite)
    }
}
