import Foundation

/// One backup from start to end, the same whether a person asked for it or the server's schedule
/// did: made, verified, copied off site when asked, and recorded in the data folder's status.
public struct BackupJob: Sendable {
    public let source: BackupSource
    public let store: BackupStore
    /// Keep this many finished backups (the newest); nil keeps every one.
    public let keep: Int?
    public let offsite: ResticRepository?
    public let status: BackupStatusFile?
    /// The words of each backup's `index.html`, asked for as it is made (the household's language may
    /// have changed since the last); US English unless given.
    public let indexWords: @Sendable () -> BackupIndexWords

    public init(source: BackupSource, store: BackupStore, keep: Int? = nil, offsite: ResticRepository? = nil, status: BackupStatusFile? = nil,
                indexWords: @escaping @Sendable () -> BackupIndexWords = { BackupIndexWords() }) {
        self.indexWords = indexWords
        self.source = source
        self.store = store
        self.keep = keep
        self.offsite = offsite
        self.status = status
    }

    /// What happened, step by step.
    public struct Outcome: Sendable {
        public var report: BackupReport?
        public var verification: BackupVerification?
        public var verifyDuration: Duration?
        public var offsiteSnapshot: String?
        /// Why the backup cannot be counted on, in words; nil when it can.
        public var problem: String?
        public var attempt: BackupStatus.Attempt

        public var succeeded: Bool { attempt.succeeded }
    }

    /// Runs every step, reporting each as it ends to `log`. Never throws: a failure is the outcome's
    /// `problem`, and is recorded like a success. A stop asked by `shouldStop` records nothing.
    public func run(now: Date = Date(), shouldStop: () -> Bool = { false }, log: (String) -> Void = { _ in }) throws(BackupStopped) -> Outcome {
        var outcome = Outcome(attempt: BackupStatus.Attempt(startedAt: now, finishedAt: now, backup: nil, verified: false, problem: nil, offsiteSnapshot: nil))
        do {
            let report = try BackupWriter.make(from: source, into: store, keep: keep, now: now, indexWords: indexWords(), shouldStop: shouldStop)
            outcome.report = report
            outcome.attempt.backup = report.backup.path
            log(Self.describe(report))
            let started = ContinuousClock.now
            let verification = try BackupVerifier.verify(report.backup.path, shouldStop: shouldStop)
            outcome.verification = verification
            outcome.verifyDuration = ContinuousClock.now - started
            outcome.attempt.verified = verification.isSound
            if verification.isSound {
                log("Verified: \(verification.filesChecked) files (\(Self.bytes(verification.bytesChecked))) match the manifest, and the database copy passes SQLite's checks, in \(Self.seconds(outcome.verifyDuration!)).")
            } else {
                outcome.problem = "The backup \(report.backup.name) failed verification: " + verification.problems.joined(separator: " ")
            }
            if outcome.problem == nil, let offsite {
                guard !shouldStop() else { throw BackupStopped() }
                let snapshot = try offsite.backup(folder: report.backup.path, tag: report.backup.name)
                try OffsiteRecord(repository: offsite.shownName, snapshot: snapshot, copiedAt: Date()).write(into: report.backup.path)
                outcome.offsiteSnapshot = snapshot
                outcome.attempt.offsiteSnapshot = snapshot
                log("Off site: restic snapshot \(snapshot) in \(offsite.shownName).")
            }
        } catch let stopped as BackupStopped {
            throw stopped
        } catch {
            outcome.problem = "\(error)"
        }
        outcome.attempt.problem = outcome.problem
        outcome.attempt.finishedAt = Date()
        if let status {
            do {
                try status.record(outcome.attempt)
            } catch {
                log("The backup's outcome could not be recorded in \(status.path): \(error)")
            }
        }
        return outcome
    }

    static func describe(_ report: BackupReport) -> String {
        let counts = report.manifest.counts
        var line = "Backed up \(counts.inWords) to \(report.backup.path) in \(seconds(report.duration)): "
            + "copied the database and \(plural(report.copied.files, "file")) (\(bytes(report.copied.bytes)))"
            + (report.linked.files == 0 ? "." : ", linked \(report.linked.files) (\(bytes(report.linked.bytes))) already held by an earlier backup.")
        if !report.removed.isEmpty { line += " Removed \(plural(report.removed.count, "older backup")) to keep the newest: \(report.removed.joined(separator: ", "))." }
        if !report.manifest.problems.isEmpty { line += " The data folder is damaged: " + report.manifest.problems.joined(separator: " ") }
        return line
    }

    static func plural(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }

    static func bytes(_ count: Int64) -> String {
        switch count {
        case ..<1_000_000: String(format: "%.1f KB", Double(count) / 1_000)
        case ..<1_000_000_000: String(format: "%.1f MB", Double(count) / 1_000_000)
        default: String(format: "%.2f GB", Double(count) / 1_000_000_000)
        }
    }

    public static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
