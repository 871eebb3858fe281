import Glibc
import RegularFiles

/// Reads a whole file of at most a given size, saying why not in words a report can print. Only a
/// regular file, opened without waiting: a FIFO in a file's place would otherwise hold the report
/// until someone writes into it.
enum FileBytes {
    enum Failure: Error, Equatable {
        case missing
        case tooLarge(limit: Int)
        case unreadable(String)
    }

    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let file: RegularFileDescriptor
        switch RegularFileDescriptor.open(path) {
        case .success(let opened): file = opened
        case .failure(.cannotOpen(let error)): return .failure(error == ENOENT ? .missing : .unreadable(String(cString: strerror(error))))
        case .failure(.notRegular): return .failure(.unreadable("not a regular file"))
        }
        let descriptor = file.descriptor
        defer { close(descriptor) }
        guard file.size <= limit else { return .failure(.tooLarge(limit: limit)) }
        var bytes = [UInt8](repeating: 0, count: Int(file.size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return .failure(.unreadable(count < 0 ? String(cString: strerror(errno)) : "the file got shorter while it was read")) }
            offset += count
        }
        return .success(bytes)
    }
}
