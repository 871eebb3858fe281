import CSodium
import Dispatch
import Synchronization

/// Argon2id password hashes through libsodium, with OWASP's parameters (19 MiB, 2 passes, 1 lane).
/// At most `concurrency` hashes run at once: each takes memory and a core for a while, and a flood
/// of sign-ins must not take the machine away from everyone else.
public final class PasswordHasher: Sendable {
    public static let memoryLimit = 19 * 1024 * 1024
    public static let passes: UInt64 = 2
    private let slots: DispatchSemaphore
    private let running = Atomic<Int>(0)
    private let mostAtOnce = Atomic<Int>(0)

    /// The most hashes that have run at the same time (never above the limit).
    public var peakConcurrency: Int { mostAtOnce.load(ordering: .relaxed) }
    /// A real hash of a random password, checked against when an account does not exist, so a wrong
    /// name takes as long as a wrong password.
    private let decoy: String

    /// The decoy hash (for tests: it must be made like every stored hash).
    package var decoyHash: String { decoy }

    public init(concurrency: Int = 2) {
        slots = DispatchSemaphore(value: max(1, concurrency))
        decoy = (try? Self.argon2(Secrets.token())) ?? ""
    }

    public struct Failure: Error {}

    public func hash(_ password: String) throws -> String {
        try withSlot { try Self.argon2(password) }
    }

    /// Runs `work` in one of the limited slots, keeping count of how many run at once.
    private func withSlot<T>(_ work: () throws -> T) rethrows -> T {
        slots.wait()
        let now = running.add(1, ordering: .relaxed).newValue
        var peak = mostAtOnce.load(ordering: .relaxed)
        while now > peak, !mostAtOnce.compareExchange(expected: peak, desired: now, ordering: .relaxed).exchanged {
            peak = mostAtOnce.load(ordering: .relaxed)
        }
        defer {
            running.subtract(1, ordering: .relaxed)
            slots.signal()
        }
        return try work()
    }

    private static func argon2(_ password: String) throws -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let status = password.withCString { input in
            crypto_pwhash_str_alg(&output, input, UInt64(password.utf8.count), passes, memoryLimit, crypto_pwhash_ALG_ARGON2ID13)
        }
        guard status == 0 else { throw Failure() }
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `password` matches `stored`; with nil, checks against the decoy and answers false.
    public func verify(_ password: String, against stored: String?) -> Bool {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        let hash = stored ?? decoy
        let matches = withSlot {
            hash.withCString { stored in
                password.withCString { input in crypto_pwhash_str_verify(stored, input, UInt64(password.utf8.count)) == 0 }
            }
        }
        return matches && stored != nil
    }
}
