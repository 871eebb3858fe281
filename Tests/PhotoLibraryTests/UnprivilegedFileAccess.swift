import Glibc

/// Runs `body` on this thread with the file permissions of an ordinary user (`nobody`), so that a
/// folder made unreadable with chmod is unreadable here too. The tests run as root in CI, where
/// root would read any folder. Linux keeps a filesystem user id per thread (`setfsuid`), and
/// leaving 0 drops the thread's file capabilities until it returns; other threads are untouched.
func withUnprivilegedFileAccess<T>(_ body: () throws -> T) rethrows -> T {
    guard geteuid() == 0 else { return try body() }
    typealias SetFSUID = @convention(c) (UInt32) -> Int32
    // Glibc's module map leaves out <sys/fsuid.h>.
    let setfsuid = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid"), to: SetFSUID.self)
    _ = setfsuid(65_534)
    defer { _ = setfsuid(0) }
    return try body()
}
