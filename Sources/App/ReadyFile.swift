import Foundation

/// The file `serve --ready-file PATH` names: absent until the server listens, then a small JSON
/// object with its address and process id, written whole (a temporary file renamed over it, so a
/// reader never sees half of it), and removed again as the server stops. A file left by a server
/// that was killed is removed before the next one starts, so nobody waiting reads the old address.
struct ReadyFile: Sendable {
    let path: URL

    /// Removes a file an earlier server left.
    func clear() {
        try? FileManager.default.removeItem(at: path)
    }

    func announce(url: String, port: UInt16) throws {
        let content = ["url": url, "port": Int(port), "pid": Int(getpid())] as [String: Any]
        let data = try JSONSerialization.data(withJSONObject: content, options: [.sortedKeys, .withoutEscapingSlashes])
        let temporary = path.deletingLastPathComponent()
            .appendingPathComponent(".\(path.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, path.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw AppStartError("cannot write the ready file \(path.path): \(error.localizedDescription). Check that its folder exists and can be written.")
        }
    }
}
