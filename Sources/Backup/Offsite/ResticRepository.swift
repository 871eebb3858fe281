import Foundation

/// An off-site copy through restic (`--offsite restic:REPO`): whatever restic can store to (S3 and
/// compatible services, SFTP, a REST server, another disk). The repository is handed to restic in
/// its environment (`RESTIC_REPOSITORY`), never on a command line other users can read; passwords
/// and keys come only from restic's own variables (`RESTIC_PASSWORD_FILE`, `RESTIC_PASSWORD`,
/// `AWS_ACCESS_KEY_ID`, `RESTIC_REST_USERNAME`, `RESTIC_REST_PASSWORD`, …) in Homepwner's
/// environment, or from the configuration file's `offsite` URL, and are never written to a log. A
/// password in `--offsite`'s URL on the command line is refused (`refusePasswordOnTheCommandLine`):
/// every user of the computer can read a process's command line.
public struct ResticRepository: Sendable, Equatable {
    /// What follows `restic:`, as restic reads it (`s3:https://host/bucket`, `sftp:user@host:/srv/x`, `/mnt/disk/x`).
    public let repository: String

    public static let optionPrefix = "restic:"

    public init(repository: String) {
        self.repository = repository
    }

    /// Reads `restic:REPO`.
    public init(option: String) throws(BackupError) {
        guard option.hasPrefix(Self.optionPrefix), option.count > Self.optionPrefix.count else {
            throw BackupError("--offsite must be restic:REPOSITORY, as restic names it (restic:s3:https://host/bucket, restic:sftp:user@host:/path, restic:/mnt/disk/backups), not “\(option)”.")
        }
        repository = String(option.dropFirst(Self.optionPrefix.count))
        guard !repository.contains("\n"), !repository.hasPrefix("-") else {
            throw BackupError("--offsite restic:REPOSITORY names no repository restic could open: it may not start with “-” or hold a line break.")
        }
    }

    /// Refuses `option` (an `--offsite` value given on the command line) when its URL holds a
    /// password: `ps` and /proc show a command line to every user of the computer. The message says
    /// where the password goes instead.
    public static func refusePasswordOnTheCommandLine(_ option: String) throws(BackupError) {
        let repository = ResticRepository(repository: String(option.dropFirst(option.hasPrefix(optionPrefix) ? optionPrefix.count : 0)))
        guard let userInfo = repository.userInfo, userInfo.contains(":") else { return }
        let user = userInfo.prefix { $0 != ":" }
        let withoutPassword = repository.repository.replacingOccurrences(of: userInfo + "@", with: user.isEmpty ? "" : user + "@")
        throw BackupError("""
            --offsite \(optionPrefix)\(repository.shownName) holds a password in its URL, and a command line is there for every \
            user of this computer to read. Give --offsite \(optionPrefix)\(withoutPassword) and set RESTIC_REST_PASSWORD \
            (and RESTIC_REST_USERNAME) in Homepwner's environment, or put the whole URL in the configuration file \
            (offsite = …, with --config FILE), which only Homepwner's user should be able to read.
            """)
    }

    /// What stands between `://` and `@` in the repository's URL (`user:password`), if anything does.
    var userInfo: String? {
        guard let scheme = repository.range(of: "://"), let at = repository[scheme.upperBound...].firstIndex(of: "@"),
              !repository[scheme.upperBound..<at].contains("/") else { return nil }
        return String(repository[scheme.upperBound..<at])
    }

    /// The repository as logs and pages may show it: any `user:password@` in a URL left out.
    public var shownName: String {
        guard let userInfo, let scheme = repository.range(of: "://") else { return repository }
        return repository[..<scheme.upperBound] + "…@" + repository[repository.index(scheme.upperBound, offsetBy: userInfo.count + 1)...]
    }

    /// The repository restic is handed (in its environment): a REST server's URL with the user and
    /// password of `RESTIC_REST_USERNAME` and `RESTIC_REST_PASSWORD` written in, when they are set and
    /// it has none, so that a restic older than 0.17 (which does not read them; Debian 12 has 0.14)
    /// opens it as a newer one does.
    func location(in environment: [String: String]) -> String {
        guard repository.hasPrefix("rest:"), let scheme = repository.range(of: "://"),
              let password = environment["RESTIC_REST_PASSWORD"], !password.isEmpty else { return repository }
        let given = userInfo
        guard given?.contains(":") != true else { return repository }
        let user = environment["RESTIC_REST_USERNAME"].flatMap { $0.isEmpty ? nil : $0 } ?? given ?? ""
        let encodedUser = user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? user
        let encodedPassword = password.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed.subtracting(CharacterSet(charactersIn: ":@"))) ?? password
        let rest = given.map { repository[repository.index(scheme.upperBound, offsetBy: $0.count + 1)...] } ?? repository[scheme.upperBound...]
        return repository[..<scheme.upperBound] + "\(encodedUser):\(encodedPassword)@" + rest
    }

    /// Backs up the finished backup in `folder` and returns the snapshot's id.
    func backup(folder: String, tag: String) throws(BackupError) -> String {
        let result = try restic(["backup", "--json", "--tag", "homepwner", "--tag", tag, "."], in: folder)
        guard result.status == 0 else { throw failure("could not copy \(folder) off site", result) }
        for line in String(decoding: result.output, as: UTF8.self).split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["message_type"] as? String == "summary", let id = object["snapshot_id"] as? String else { continue }
            return id
        }
        throw BackupError("restic finished without naming the snapshot it made of \(folder) in \(shownName).")
    }

    /// Checks the repository's structure (`restic check`) and that snapshot `id` holds every file of
    /// `manifest` at its size; returns what is wrong, in words.
    public func problems(snapshot id: String, manifest: BackupManifest) -> [String] {
        do {
            let listing = try restic(["ls", "--json", "--quiet", id])
            guard listing.status == 0 else { return [failure("has no snapshot \(id)", listing).description] }
            var root: String?
            var sizes: [String: Int64] = [:]
            for line in String(decoding: listing.output, as: UTF8.self).split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                if object["struct_type"] as? String == "snapshot" {
                    root = (object["paths"] as? [String])?.first
                } else if object["type"] as? String == "file", let path = object["path"] as? String {
                    // Backed up as ".", the folder is the snapshot's root; restic versions that keep the
                    // whole path put it under the folder's absolute path.
                    let relative = root.flatMap { path.hasPrefix($0 + "/") ? path.dropFirst($0.count + 1) : nil } ?? path.drop { $0 == "/" }
                    sizes[String(relative)] = (object["size"] as? NSNumber)?.int64Value
                }
            }
            var problems: [String] = []
            let absent = manifest.files.filter { sizes[$0.path] != $0.size }.map(\.path)
            if !absent.isEmpty {
                problems.append("The off-site snapshot \(id) in \(shownName) lacks \(absent.count) of the backup's files, or holds them at another size: "
                                + absent.prefix(5).joined(separator: ", ") + (absent.count > 5 ? ", …" : "") + ".")
            }
            let check = try restic(["check", "--quiet"])
            if check.status != 0 { problems.append(failure("fails restic check", check).description) }
            return problems
        } catch {
            return [error.description]
        }
    }

    private func restic(_ arguments: [String], in folder: String? = nil) throws(BackupError) -> ProcessRunner.Result {
        guard let executable = ProcessRunner.find("restic") else {
            throw BackupError("restic is not installed (Debian: apt install restic); it makes the off-site copies.")
        }
        var environment = ProcessInfo.processInfo.environment
        let passwords = ["RESTIC_PASSWORD", "RESTIC_PASSWORD_FILE", "RESTIC_PASSWORD_COMMAND"]
        guard passwords.contains(where: { environment[$0]?.isEmpty == false }) else {
            throw BackupError("restic needs the password of \(shownName): set RESTIC_PASSWORD_FILE (a file only Homepwner's user can read) or RESTIC_PASSWORD in Homepwner's environment.")
        }
        environment["RESTIC_REPOSITORY"] = location(in: environment)
        environment.removeValue(forKey: "RESTIC_REPOSITORY_FILE")
        return try ProcessRunner.run(executable, arguments, environment: environment, in: folder)
    }

    private func failure(_ what: String, _ result: ProcessRunner.Result) -> BackupError {
        // restic's own message (its last lines), which names no secret: the repository is shown without credentials.
        let said = result.errorText.split(separator: "\n").suffix(3).joined(separator: " ")
            .replacingOccurrences(of: location(in: ProcessInfo.processInfo.environment), with: shownName).replacingOccurrences(of: repository, with: shownName)
        return BackupError("restic \(what) (\(shownName), exit status \(result.status))" + (said.isEmpty ? "." : ": \(said)"))
    }
}

/// The off-site copy of one backup: `offsite.json` in the backup's folder, written once restic has
/// made the snapshot (the manifest, written before, does not list it).
public struct OffsiteRecord: Codable, Sendable, Equatable {
    public static let fileName = "offsite.json"
    public var repository: String
    public var snapshot: String
    public var copiedAt: Date

    func write(into folder: String) throws(BackupError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let bytes = try? encoder.encode(self) else { throw BackupError("The off-site record cannot be written as JSON.") }
        try FileOperations.replaceAtomically("\(folder)/\(Self.fileName)", with: Array(bytes))
    }

    public static func read(from folder: String) -> OffsiteRecord? {
        guard let size = FileOperations.regularFileSize("\(folder)/\(fileName)"), size < 1 << 16,
              let data = FileManager.default.contents(atPath: "\(folder)/\(fileName)") else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(OffsiteRecord.self, from: data)
    }
}
