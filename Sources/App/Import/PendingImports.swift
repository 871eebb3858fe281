import Clocks
import Foundation

/// Files uploaded to be imported, kept between their preview and the import: each under an
/// unguessable token (128 random bits) in the data folder's tmp, readable only by this user, and
/// forgotten once imported, discarded, or an hour old. Only a few are kept at once, and only so
/// many bytes: each may be a backup of up to 1 GB, and the oldest make room for the newest.
struct PendingImports: Sendable {
    let folder: URL
    var lifetime: TimeInterval = 3_600
    var maxKept = 20
    var maxKeptBytes = 3 * ImportUpload.maxRequestBytes
    /// What a file's age is measured against.
    var clock: any TimeSource = WallClock()

    /// The file as it was uploaded, and the name it had.
    struct Upload: Sendable {
        let path: String
        let name: String
    }

    /// Keeps `bytes` and returns the token that finds them again.
    func keep(_ bytes: [UInt8], name: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        forgetExpired(makingRoomFor: bytes.count)
        var generator = SystemRandomNumberGenerator()
        let token = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let shortName = String(name.replacingOccurrences(of: "\n", with: " ").prefix(200))
        let upload = file(token, Self.upload)
        try Importer.write(bytes, toNewFile: upload.path)
        do {
            try Importer.write(Array(shortName.utf8), toNewFile: file(token, "name").path)
        } catch {
            // A full disk, say: no upload is kept that no one holds the token of.
            try? FileManager.default.removeItem(at: upload)
            throw error
        }
        return token
    }

    /// The upload kept under `token`; nil for a token that is not one, or whose file is gone or too old.
    func upload(_ token: String) -> Upload? {
        guard Self.isToken(token), let age = age(of: file(token, Self.upload)), age < lifetime else { return nil }
        let name = (try? Data(contentsOf: file(token, "name"))).map { String(decoding: $0, as: UTF8.self) } ?? "import"
        return Upload(path: file(token, Self.upload).path, name: name)
    }

    func discard(_ token: String) {
        guard Self.isToken(token) else { return }
        for kind in [Self.upload, "name"] { try? FileManager.default.removeItem(at: file(token, kind)) }
    }

    /// Removes uploads past their lifetime, and the oldest beyond the most kept (in number, and in
    /// bytes with `incoming` more).
    func forgetExpired(makingRoomFor incoming: Int = 0) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // An earlier Homepwner kept uploads as <token>.csv; nothing reads them now.
        for name in names where name.hasSuffix(".csv") { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let tokens = names.filter { $0.hasSuffix("." + Self.upload) }.map { String($0.dropLast(Self.upload.count + 1)) }.filter(Self.isToken)
        let byAge = tokens.map { (token: $0, age: age(of: file($0, Self.upload)) ?? .infinity) }.sorted { $0.age < $1.age }
        var kept = incoming
        for (index, entry) in byAge.enumerated() {
            let size = ((try? FileManager.default.attributesOfItem(atPath: file(entry.token, Self.upload).path))?[.size] as? Int) ?? 0
            kept += size
            if entry.age >= lifetime || index >= maxKept - 1 || kept > maxKeptBytes { discard(entry.token) }
        }
    }

    /// Removes the uploads a stopped server was still writing: `keep` writes the name last, so an
    /// upload without one is incomplete (and its token was never given out). Returns the names removed.
    func removeIncomplete() -> [String] {
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        var removed: [String] = []
        for name in names.sorted() {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, Self.isToken(parts[0]), [Self.upload, "name"].contains(parts[1]) else { continue }
            guard !names.contains("\(parts[0]).upload") || !names.contains("\(parts[0]).name") else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            removed.append(name)
        }
        return removed
    }

    /// 32 lowercase hexadecimal digits, so a token never names another path.
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The kept file's extension: whatever it is, CSV or zip, it is only ever read as an import.
    private static let upload = "upload"

    private func file(_ token: String, _ kind: String) -> URL { folder.appendingPathComponent("\(token).\(kind)") }

    private func age(of url: URL) -> TimeInterval? {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else { return nil }
        return clock.now.timeIntervalSince(modified)
    }
}
