#if canImport(Glibc)
import Glibc
#endif

/// Names the calling thread as `top -H`, `ps -L` and a debugger show it. Foundation's `Thread.name`
/// does not do it on Linux: set before `start()` it never reaches the OS, and set inside the thread it
/// races with `start()` recording the thread's id (a name was missing in 1 of 4 test runs). Glibc's
/// `pthread_setname_np` is not visible to Swift, so the thread writes its own `comm` (Linux 3.17+).
public enum ThreadName {
    /// At most 15 bytes are kept: a longer name is cut there.
    public static func setForCurrentThread(_ name: String) {
        let bytes = Array(name.utf8.prefix(15))
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
