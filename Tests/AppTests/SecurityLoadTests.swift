import App
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Synchronization
import Testing

/// A bounded flood of wrong-password sign-ins on loopback: the server stays responsive for a signed-in user.
@Suite(.serialized) struct SecurityLoadTests {
    final class Tally: Sendable {
        let statuses = Mutex<[Int: Int]>([:])
        let errors = Mutex<[String]>([])
        func add(_ status: Int) { statuses.withLock { $0[status, default: 0] += 1 } }
        let failures = Atomic<Int>(0)
        func fail(_ error: any Error) {
            failures.add(1, ordering: .relaxed)
            errors.withLock { if $0.count < 20 { $0.append("\(error)") } }
        }
        /// Answers and failures.
        var count: Int { statuses.withLock { $0.values.reduce(0, +) } + failures.load(ordering: .relaxed) }
    }

    /// Posts a wrong-password sign-in from `source` (any 127.x.y.z address reaches the server over
    /// loopback and counts as a different client address); returns the status.
    static func signIn(port: UInt16, from source: String, name: String, password: String, form: SignInForm) throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestAppError("socket: \(errno)") }
        defer { close(descriptor) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw TestAppError("bind \(source): \(errno)") }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw TestAppError("connect from \(source): \(errno)") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let body = "name=\(name)&password=\(password)&next=%2F&csrf=\(form.token ?? "")"
        let request = "POST /signin HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: text/html\r\nCookie: \(form.cookie ?? "")\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { throw TestAppError("send") }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        let line = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        guard line.hasPrefix("HTTP/1."), let status = Int(line.split(separator: " ").dropFirst().first ?? "") else { throw TestAppError("no answer: \(line)") }
        return status
    }

    struct Outcome {
        let userAnswers: Int
        let userFailures: [String]
        let statuses: [Int: Int]
        let errors: [String]

        var attempts: Int { statuses.values.reduce(0, +) }
    }

    /// Four attackers run `attack(thread, index)` as fast as they can while the signed-in user fetches
    /// the item list every 50 ms; both go on until the user has had `answers` answers and the attackers
    /// have made `attempts` attempts, so the whole attack happens while the user is being served,
    /// however fast or slow the machine is. Each of the user's requests must be answered (the client
    /// gives up after 10 s). How fast they are answered is the reliability parts' to measure.
    static func flood(_ user: SecuritySession, answers: Int = 20, attempts: Int,
                      attack: @escaping @Sendable (Int, Int) throws -> Int) -> Outcome {
        let attackers = Tally()
        let served = Tally()
        let isOver = { @Sendable in served.count >= answers && attackers.count >= attempts }
        let group = DispatchGroup()
        for attacker in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var index = 0
                while !isOver() {
                    index += 1
                    do { attackers.add(try attack(attacker, index)) } catch { attackers.fail(error) }
                }
            }
        }
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            while !isOver() {
                do {
                    let response = try user.get("/")
                    served.add(response.status)
                    if response.status != 200 { served.fail(TestAppError("GET / → \(response.status)")) }
                } catch {
                    served.fail(error)
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        group.wait()
        return Outcome(userAnswers: served.statuses.withLock { $0[200, default: 0] }, userFailures: served.errors.withLock { $0 },
                       statuses: attackers.statuses.withLock { $0 }, errors: attackers.errors.withLock { $0 })
    }

    func expectServed(_ outcome: Outcome, by app: SecuredApp, _ label: String) {
        print("\(label): the user had \(outcome.userAnswers) answers; attackers \(outcome.statuses)")
        #expect(outcome.userFailures.isEmpty, "\(label): \(outcome.userFailures.prefix(10))")
        #expect(outcome.errors.isEmpty, "\(label): attackers' requests failed: \(outcome.errors)")
        #expect(Set(outcome.statuses.keys).isSubset(of: [401, 429]), "\(label): attackers got \(outcome.statuses)")
        // What keeps the user served: never more hashes at once than the cap (two), whatever the flood.
        #expect((1...2).contains(app.app.accounts.hasher.peakConcurrency), "\(label): \(app.app.accounts.hasher.peakConcurrency) hashes at once")
    }

    @Test(.timeLimit(.minutes(2))) func wrongPasswordFloodFromOneAddressLeavesSignedInUsersServed() throws {
        let app = try SecuredApp(overSocket: true)
        let vera = try app.signIn("vera")
        let outcome = Self.flood(vera, attempts: 150) { attacker, index in
            let name = index % 3 == 0 ? "mallory\(attacker)-\(index)" : ["olivia", "eddie", "vera"][index % 3]
            return try app.postSignIn([("name", name), ("password", "guess \(attacker)-\(index)"), ("next", "/")]).status
        }
        expectServed(outcome, by: app, "one address")
        // The address is throttled: most attempts are turned away before any hashing.
        #expect(outcome.statuses[429, default: 0] > outcome.statuses[401, default: 0] * 5, "\(outcome.statuses)")
        #expect(outcome.attempts > 50)
        #expect(try vera.get("/account").status == 200)
    }

    @Test(.timeLimit(.minutes(2))) func wrongPasswordFloodFromManyAddressesLeavesSignedInUsersServed() throws {
        // Every attempt from a new loopback address with a new name: only the server-wide ceiling
        // applies (20 failures a minute), and until it does every attempt costs a full Argon2id hash;
        // the cap on concurrent hashes keeps the rest served. (A tool gets a form token like anyone.)
        let app = try SecuredApp(overSocket: true)
        let vera = try app.signIn("vera")
        let port = app.app.port
        let form = try app.signInForm()
        let outcome = Self.flood(vera, attempts: 40) { attacker, index in
            let source = "127.\(10 + attacker).\(index / 250 % 250).\(index % 250 + 1)"
            return try Self.signIn(port: port, from: source, name: "bot\(attacker)x\(index)", password: "guess\(index)", form: form)
        }
        expectServed(outcome, by: app, "many addresses")
        #expect(outcome.statuses[401, default: 0] > 10, "each attempt is checked: \(outcome.statuses)")
        #expect(try vera.get("/account").status == 200)
    }
}
