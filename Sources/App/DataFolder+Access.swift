import Foundation
@preconcurrency import Glibc

/// The data folder holds the password hashes, the sessions and the whole inventory: only the user
/// Homepwner runs as may open it. Its folders are 0700 and its files 0600 whatever the umask (the
/// stores make theirs so, and `homepwner` runs with umask 077); a folder or database someone else
/// could open — made by an earlier version under umask 022, or copied with its modes — is put right
/// at every start, with a warning for the folder itself (fixed rather than only warned of: nothing
/// but Homepwner has a reason to read it, and a backup is the way to hand its contents on).
extension DataFolder {
    /// The folders of the data folder that hold its data.
    var privateFolders: [String] { [url, images, documents, libraryCache, uploadsInProgress].map(\.path) }
    /// The database's files.
    var privateFiles: [String] { ["", "-wal", "-shm", "-journal"].map { databasePath + $0 } }

    /// Takes away whatever others may do in the data folder (the bits of group and others): of the
    /// folders above and the database's files, those that exist. Returns the warning to print when
    /// the data folder itself was open to others (or could not be closed), nil when it was not.
    func restrictAccess() -> String? {
        var warning: String?
        for (index, path) in (privateFolders + privateFiles).enumerated() {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == (index < privateFolders.count ? S_IFDIR : S_IFREG) else { continue }
            let others = info.st_mode & 0o077
            guard others != 0 else { continue }
            let mode = info.st_mode & 0o777 & ~0o077
            let fixed = chmod(path, mode) == 0
            guard path == url.path else { continue }
            let was = String(info.st_mode & 0o777, radix: 8)
            warning = fixed
                ? "warning: other users of this computer could open the data folder \(path) (mode \(was)), which holds the password hashes and the whole inventory; it is now for its owner only (mode \(String(mode, radix: 8)))."
                : "warning: other users of this computer can open the data folder \(path) (mode \(was)), which holds the password hashes and the whole inventory, and Homepwner could not change that (\(String(cString: strerror(errno)))): run chmod 700 \(path)."
        }
        return warning
    }
}
