import Foundation
@preconcurrency import Glibc

/// The data folder's `homepwner.lock`: every process that writes the inventory's files (a server,
/// `homepwner import`) holds it shared while it runs, so a starting server can tell whether it is
/// alone. Only then does it clear what a killed process left (`DataFolder.removeLeftovers`): a folder
/// another process is still filling has no row yet, and must not be taken for a leftover. An flock
/// goes with its process, however that ends.
final class DataFolderLock: Sendable {
    private let descriptor: Int32

    init(_ folder: DataFolder) throws(AppStartError) {
        let path = folder.lockPath
        descriptor = path.withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw AppStartError("Cannot open \(path): \(String(cString: strerror(errno))). Check the data folder's permissions.")
        }
    }

    /// Runs `body` if no other process holds the lock (true then), and holds it shared from then on.
    func aloneThenShared(_ body: () throws -> Void) rethrows -> Bool {
        defer { share() }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        try body()
        return true
    }

    /// Holds the lock shared: waits while a starting server clears the folder.
    func share() {
        while flock(descriptor, LOCK_SH) != 0, errno == EINTR {}
    }

    /// Lets go: the app has stopped writing (another may start on the folder in this process).
    func release() { flock(descriptor, LOCK_UN) }

    deinit { close(descriptor) }
}
