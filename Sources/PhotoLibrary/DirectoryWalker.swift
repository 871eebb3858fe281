import Foundation
@preconcurrency import Glibc

/// Walks a library root with POSIX calls: hidden names skipped, symlinks followed only while they
/// stay inside the root, each directory visited once (so symlink loops end), unreadable folders
/// reported and skipped.
struct DirectoryWalker {
    struct File: Sendable {
        /// Relative to the root, `/`-separated.
        let relativePath: String
        let relativeDirectory: String
        let name: String
        let size: Int64
        let modifiedNanoseconds: Int64
    }

    struct Listing: Sendable {
        var files: [File] = []
        /// Folders inside the root that could not be read, with why.
        var problems: [String] = []
    }

    let root: String

    /// Why the root itself cannot be read, or nil when it can.
    static func problem(withRoot root: String) -> LibraryProblem? {
        var status = stat()
        guard stat(root, &status) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return .missing(path: root)
            case EACCES, EPERM: return .permissionDenied(path: root)
            default: return .unknown(path: root, detail: String(cString: strerror(code)))
            }
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return .notADirectory(path: root) }
        guard let directory = opendir(root) else {
            let code = errno
            return code == EACCES || code == EPERM
                ? .permissionDenied(path: root) : .unknown(path: root, detail: String(cString: strerror(code)))
        }
        closedir(directory)
        return nil
    }

    func list() -> Listing {
        var listing = Listing()
        guard let realRoot = Self.realPath(root) else { return listing }
        var visited = Set<[UInt64]>()
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let full = relative.isEmpty ? realRoot : "\(realRoot)/\(relative)"
            guard let directory = opendir(full) else {
                listing.problems.append("\(relative.isEmpty ? "." : relative): \(String(cString: strerror(errno)))")
                continue
            }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            var own = stat()
            if fstat(descriptor, &own) == 0 {
                guard visited.insert([UInt64(own.st_dev), UInt64(own.st_ino)]).inserted else { continue }
            }
            var children: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    raw.withMemoryRebound(to: CChar.self) { String(validatingCString: $0.baseAddress!) }
                }
                guard let name else {
                    listing.problems.append("\(relative.isEmpty ? "." : relative): a name that is not UTF-8 was skipped")
                    continue
                }
                if name.hasPrefix(".") { continue }
                let childRelative = relative.isEmpty ? name : "\(relative)/\(name)"
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                if (status.st_mode & S_IFMT) == S_IFLNK {
                    // Follow only when the target stays inside the root.
                    guard let target = Self.realPath("\(full)/\(name)"),
                          target.hasPrefix(realRoot + "/"), stat(target, &status) == 0 else { continue }
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    children.append(childRelative)
                case S_IFREG:
                    listing.files.append(File(
                        relativePath: childRelative, relativeDirectory: relative, name: name, size: Int64(status.st_size),
                        modifiedNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)))
                default:
                    continue
                }
            }
            pending.append(contentsOf: children.sorted().reversed())
        }
        return listing
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
