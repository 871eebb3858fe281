import Accounts
import App
import Clocks
import Foundation
import HTTPTestClient
import Synchronization
import Testing

/// The sign-in throttle as an attacker and the owner meet it over HTTP. Other clients come from other
/// loopback addresses (127.x.y.z), or, behind `--trust-proxy`, from the address the proxy forwards.
@Suite struct SecuritySignInThrottleTests {
    static func guess(_ name: String, _ attempt: Int) -> [(String, String)] {
        [("name", name), ("password", "guess \(attempt)"), ("next", "/")]
    }

    static func rightPassword(_ name: String) -> [(String, String)] {
        [("name", name), ("password", SecuredApp.password), ("next", "/")]
    }

    @Test func longNamesCostTheThrottleNoMemory() throws {
        let app = try SecuredApp()
        var answers: [Int: Int] = [:]
        // Each from its own address, so that no per-address limit turns them away before they count.
        for index in 0..<20 {
            let name = String(repeating: "n", count: index < 10 ? (1 << 20) - 300 : 10_000) + "\(index)"
            let response = try app.postSignIn(Self.guess(name, index), from: app.client.from("127.30.\(index).1"))
            answers[response.status, default: 0] += 1
        }
        let footprint = app.app.signInThrottle.footprint
        #expect(footprint.bytes < 64 * 1024, "10 names of 1 MB and 10 of 10 kB: the throttle holds \(footprint.entries) entries in \(footprint.bytes) bytes; answers \(answers)")
        #expect(Set(answers.keys).isSubset(of: [401, 413, 429]), "\(answers)")
        #expect(try app.signIn("olivia").id.count == 22)
    }

    @Test func tenWrongGuessesFromElsewhereDoNotStopTheOwnerSigningInFromTheirOwnBrowser() throws {
        let app = try SecuredApp()
        let earlier = try app.signIn("olivia")
        #expect(earlier.deviceCookie != nil, "signing in leaves the browser a device cookie")
        let device = earlier.deviceCookie ?? ""
        let attacker = app.client.from("127.0.0.66")
        let answers = try (1...10).map { try app.postSignIn(Self.guess("olivia", $0), from: attacker).status }
        #expect(answers.prefix(5).allSatisfy { $0 == 401 } && answers.dropFirst(5).allSatisfy { $0 == 429 }, "the guesser is slowed: \(answers)")
        // The owner, in the browser they signed in with before: at home, on another network, and even
        // on the attacker's own network (a shared Wi-Fi).
        for source in ["127.0.0.1", "127.0.0.67", "127.0.0.66"] {
            let owner = try app.postSignIn(Self.rightPassword("olivia"), cookies: [device], from: app.client.from(source))
            #expect(owner.status == 303, "the owner from \(source) → \(owner.status): \(owner.text.prefix(200))")
        }
        // The guesser stays slowed, device cookie or not: it is bound to a name it cannot sign in as.
        #expect(try app.postSignIn(Self.guess("olivia", 11), from: attacker).status == 429)
    }

    @Test func sprayingNamesFromManyAddressesMeetsAGlobalCeilingWhileAKnownBrowserSignsIn() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        var answers: [Int: Int] = [:]
        for index in 0..<30 {
            let status = try app.postSignIn([("name", "user\(index)"), ("password", "Spring2024!"), ("next", "/")],
                                            from: app.client.from("127.40.\(index).1")).status
            answers[status, default: 0] += 1
        }
        #expect(answers[401, default: 0] <= 20 && answers[429, default: 0] >= 10, "30 guesses at 30 names from 30 addresses: \(answers)")
        let owner = try app.postSignIn(Self.rightPassword("olivia"), cookies: [olivia.deviceCookie ?? ""], from: app.client.from("127.40.99.1"))
        #expect(owner.status == 303, "a browser that signed in before → \(owner.status)")
        // A browser never seen before waits, and is told why and for how long.
        let stranger = try app.postSignIn(Self.rightPassword("eddie"), from: app.client.from("127.40.98.1"))
        #expect(stranger.status == 429)
        #expect(stranger.header("Retry-After").flatMap(Int.init).map { (1...60).contains($0) } == true)
        #expect(stranger.text.contains("signed in with before"), "\(stranger.text.prefix(600))")
    }

    /// A spray from other networks (two /24s) goes on while the owner signs in on a new phone, with no
    /// device cookie, from a network that has not been failing: the spray gets its budget, the owner gets in.
    @Test func theOwnerOnANewPhoneSignsInDuringASprayFromOtherNetworks() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.clock = clock }
        var answers: [Int: Int] = [:]
        for index in 0..<60 {
            let status = try app.postSignIn([("name", "user\(index)"), ("password", "Spring2024!"), ("next", "/")],
                                            from: app.client.from("127.60.\(index % 2).\(index / 2 + 1)")).status
            answers[status, default: 0] += 1
            clock.advance(by: 0.5)
        }
        #expect(answers[401, default: 0] <= SignInThrottle.failuresPerMinute && answers[429, default: 0] >= 40, "60 guesses in 30 s: \(answers)")
        let phone = try (1...5).map { _ in try app.postSignIn(Self.rightPassword("olivia"), from: app.client.from("127.61.0.9")).status }
        #expect(phone.allSatisfy { $0 == 303 }, "the owner's new phone, during the spray: \(phone)")
        // The spray's own networks are still held.
        #expect(try app.postSignIn(Self.rightPassword("eddie"), from: app.client.from("127.60.0.200")).status == 429)
    }

    @Test func ipv6AddressesInOneSlash64CountAsOneClient() throws {
        let app = try SecuredApp { $0.trustProxy = true }
        let answers = try (1...12).map { index in
            try app.postSignIn(Self.guess("made-up-\(index)", index), headers: ["X-Forwarded-For": "2001:db8:7:42::\(String(index, radix: 16))"]).status
        }
        #expect(answers.contains(429), "12 addresses of one /64, a name each: \(answers)")
        let sameNetwork = try app.postSignIn(Self.rightPassword("olivia"), headers: ["X-Forwarded-For": "2001:db8:7:42:ffff:1:2:3"])
        #expect(sameNetwork.status == 429, "another address of the same /64 → \(sameNetwork.status)")
        let otherNetwork = try app.postSignIn(Self.rightPassword("olivia"), headers: ["X-Forwarded-For": "2001:db8:7:43::1"])
        #expect(otherNetwork.status == 303, "the next /64 → \(otherNetwork.status)")
    }

    /// Eight guesses sent at once, each counted before the others' slow password checks end.
    static func burst(_ app: SecuredApp, _ name: String, from first: Int) throws -> [Int] {
        let forms = try (0..<8).map { _ in try app.signInForm() }
        let statuses = Mutex<[Int]>([])
        let ready = DispatchGroup(), done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for attempt in 0..<8 {
            ready.enter()
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                ready.leave()
                go.wait()
                let status = (try? app.postSignIn(Self.guess(name, first + attempt), form: forms[attempt]).status) ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        ready.wait()
        for _ in 0..<8 { go.signal() }
        done.wait()
        return statuses.withLock { $0 }.sorted()
    }

    @Test func eightConcurrentWrongGuessesReachThePasswordCheckAtMostFiveTimes() throws {
        let app = try SecuredApp()
        let burst = try Self.burst(app, "vera", from: 0)
        #expect(burst.filter { $0 == 401 }.count <= 5, "8 guesses at once: \(burst)")
        #expect(burst.allSatisfy { $0 == 401 || $0 == 429 }, "\(burst)")
        // With four guesses spent, a burst gets the one guess left, not one per worker thread.
        let other = try SecuredApp()
        for attempt in 1...4 { #expect(try other.postSignIn(Self.guess("vera", attempt)).status == 401) }
        let last = try Self.burst(other, "vera", from: 10)
        #expect(last.filter { $0 == 401 }.count == 1, "8 guesses at once after 4: \(last)")
    }

    @Test func theOwnerIsToldOfABurstOfFailedSignIns() throws {
        let app = try SecuredApp()
        for index in 0..<12 {
            _ = try app.postSignIn(Self.guess(["olivia", "eddie", "nobody"][index % 3], index), from: app.client.from("127.50.\(index % 4).1"))
        }
        let olivia = try app.signIn("olivia")
        for path in ["/users", "/account"] {
            let page = try olivia.get(path).text
            #expect(page.contains("12 failed sign-ins for 3 names from 4 addresses "), "\(path): \(page.prefix(2000))")
            #expect(page.contains(". Homepwner slowed them down; browsers that have signed in before were not."), "\(path): \(page.prefix(2000))")
            // In the reader's language, its counts in the language's plurals and digits.
            let german = try olivia.get(path + "?lang=de").text
            #expect(german.contains("12 fehlgeschlagene Anmeldungen mit 3 Namen von 4 Adressen "), "\(path): \(german.prefix(2000))")
            #expect(!german.contains("failed sign-ins"), "\(path): \(german.prefix(2000))")
            let arabic = try olivia.get(path + "?lang=ar").text
            #expect(arabic.contains("١٢ محاولة دخول فاشلة باستخدام ٣ أسماء من ٤ عناوين "), "\(path): \(arabic.prefix(2000))")
        }
        // Only owners are told.
        let eddie = try app.signIn("eddie")
        #expect(try !eddie.get("/account").text.contains("failed sign-ins"))
    }
}
