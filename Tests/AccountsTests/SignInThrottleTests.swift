import Accounts
import Clocks
import Foundation
import Synchronization
import Testing

/// Failed sign-ins slow down guessing per name on a network, per network, per name from browsers
/// not known for it, and server-wide; a browser known for the name is counted on its own.
@Suite struct SignInThrottleTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    typealias Attempt = SignInThrottle.Attempt

    /// A wrong password: counted, and the outcome returned.
    @discardableResult
    func fail(_ throttle: SignInThrottle, _ name: String, from address: String, device: String? = nil, at now: Date? = nil) -> SignInThrottle.Outcome<Int> {
        throttle.attempt(Attempt(name: name, address: address, knownDevice: device), now: now ?? start) { nil }
    }

    func succeed(_ throttle: SignInThrottle, _ name: String, from address: String, device: String? = nil, at now: Date? = nil) -> SignInThrottle.Outcome<Int> {
        throttle.attempt(Attempt(name: name, address: address, knownDevice: device), now: now ?? start) { 1 }
    }

    func waits(_ throttle: SignInThrottle, _ name: String, from address: String, device: String? = nil, at now: Date? = nil) -> Bool {
        throttle.wait(for: Attempt(name: name, address: address, knownDevice: device), now: now ?? start) != nil
    }

    @Test func fiveFailuresForANameOnANetworkSlowThatPairOnly() {
        let throttle = SignInThrottle()
        for attempt in 1...4 {
            fail(throttle, "alice", from: "10.0.0.1")
            #expect(!waits(throttle, "alice", from: "10.0.0.1"), "after \(attempt) failures")
        }
        fail(throttle, "alice", from: "10.0.0.1")
        #expect(waits(throttle, "alice", from: "10.0.0.1"))
        #expect(waits(throttle, "ALICE", from: "10.0.0.1"), "names are matched without case")
        #expect(!waits(throttle, "alice", from: "10.0.0.2"), "the name from elsewhere is not slowed by one network's guesses")
        #expect(!waits(throttle, "bob", from: "10.0.0.1"), "nor another name from this network, yet")
    }

    /// Without a `now` of its own, an attempt is counted at the throttle's clock.
    @Test func attemptsWithoutATimeGoByTheThrottlesClock() throws {
        let clock = TestClock(start)
        let throttle = SignInThrottle(clock: clock)
        let attempt = Attempt(name: "alice", address: "10.0.0.1")
        for _ in 1...5 { _ = throttle.attempt(attempt) { nil as Int? } }
        let wait = try #require(throttle.wait(for: attempt))
        guard case .wait = throttle.attempt(attempt, check: { 1 }) else { Issue.record("the right password was let in during the wait"); return }
        clock.advance(by: wait.seconds)
        #expect(throttle.wait(for: attempt) == nil)
        guard case .succeeded = throttle.attempt(attempt, check: { 1 }) else { Issue.record("the right password was refused after the wait"); return }
    }

    @Test func tenFailuresFromANetworkSlowEveryNameFromIt() {
        let throttle = SignInThrottle()
        for attempt in 0..<10 { fail(throttle, "guess\(attempt)", from: "203.0.113.7") }
        #expect(waits(throttle, "somebody-new", from: "203.0.113.7"))
        #expect(!waits(throttle, "somebody-new", from: "203.0.113.8"))
    }

    @Test func aNameGuessedFromEverywhereSlowsOnlyBrowsersNotKnownForIt() {
        let throttle = SignInThrottle()
        // From everywhere: twenty networks in twenty blocks (a minute's guesses from one block meet the
        // server-wide ceiling first).
        for index in 0..<20 { fail(throttle, "alice", from: "198.51.\(index).1") }
        #expect(waits(throttle, "alice", from: "192.0.2.1"), "a new browser, on a new network, waits")
        #expect(!waits(throttle, "alice", from: "192.0.2.1", device: "alices-browser"), "alice's own browser does not")
        guard case .succeeded = succeed(throttle, "alice", from: "198.51.100.1", device: "alices-browser") else {
            Issue.record("alice's browser, even on a guesser's network, was refused")
            return
        }
    }

    @Test func aKnownBrowserIsCountedOnItsOwn() {
        let throttle = SignInThrottle()
        for _ in 0..<5 { fail(throttle, "alice", from: "10.0.0.1", device: "stolen-cookie") }
        #expect(waits(throttle, "alice", from: "10.0.0.2", device: "stolen-cookie"), "its own failures slow it, from anywhere")
        #expect(!waits(throttle, "alice", from: "10.0.0.1", device: "alices-browser"))
        #expect(!waits(throttle, "alice", from: "10.0.0.1"), "nor do they count against the name or network")
    }

    @Test func theWaitGrowsWithEachFurtherFailureUpToFifteenMinutes() {
        let throttle = SignInThrottle()
        var now = start
        for _ in 0..<5 { fail(throttle, "alice", from: "10.0.0.1") }
        var waits: [TimeInterval] = []
        for _ in 0..<14 {
            let wait = throttle.wait(for: Attempt(name: "alice", address: "10.0.0.1"), now: now)?.seconds ?? 0
            waits.append(wait)
            // Try again just after the wait ends, and fail again.
            now = now.addingTimeInterval(wait + 0.001)
            #expect(!self.waits(throttle, "alice", from: "10.0.0.1", at: now))
            fail(throttle, "alice", from: "10.0.0.1", at: now)
        }
        #expect(waits.first.map { $0 > 0 } == true)
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $0 <= $1 }, "waits: \(waits)")
        #expect(waits[3] > waits[0] * 4, "waits: \(waits)")
        #expect(waits.max()! <= SignInThrottle.longestWait)
        #expect(waits.last == SignInThrottle.longestWait, "waits: \(waits)")
    }

    @Test func theRightPasswordResetsThePairButNotTheNetwork() {
        let throttle = SignInThrottle()
        for _ in 0..<4 { fail(throttle, "alice", from: "10.0.0.1") }
        _ = succeed(throttle, "alice", from: "10.0.0.1")
        for _ in 0..<4 { fail(throttle, "alice", from: "10.0.0.1") }
        #expect(!waits(throttle, "alice", from: "10.0.0.1"), "4 + 4 failures with a success between")
        // 8 failures from the network so far; signing in between guesses at others does not wipe them.
        _ = succeed(throttle, "mallory", from: "10.0.0.1")
        fail(throttle, "victim-1", from: "10.0.0.1")
        fail(throttle, "victim-2", from: "10.0.0.1")
        #expect(waits(throttle, "someone-else", from: "10.0.0.1"))
    }

    @Test func aBlockEndsAndAQuietHourForgives() {
        let throttle = SignInThrottle()
        for _ in 0..<5 { fail(throttle, "alice", from: "10.0.0.1") }
        let wait = throttle.wait(for: Attempt(name: "alice", address: "10.0.0.1"), now: start)!.seconds
        #expect(!waits(throttle, "alice", from: "10.0.0.1", at: start.addingTimeInterval(wait + 0.01)))
        let later = start.addingTimeInterval(3_700)
        for _ in 0..<4 { fail(throttle, "alice", from: "10.0.0.1", at: later) }
        #expect(!waits(throttle, "alice", from: "10.0.0.1", at: later), "after a quiet hour the count starts again")
    }

    @Test func namesThatDoNotExistAreThrottledTheSame() {
        // The throttle knows nothing of accounts, so a refusal tells nothing about which names exist.
        let throttle = SignInThrottle()
        for _ in 0..<5 {
            fail(throttle, "real-owner", from: "10.0.0.1")
            fail(throttle, "no-such-user", from: "10.0.0.2")
        }
        let real = throttle.wait(for: Attempt(name: "real-owner", address: "10.0.0.1"), now: start)
        let fake = throttle.wait(for: Attempt(name: "no-such-user", address: "10.0.0.2"), now: start)
        #expect(real != nil && real == fake)
    }

    /// The ceiling holds unknown browsers on the spraying networks' block (198.51.100.0/24), not the
    /// owner's new phone on a network that has not been failing (192.0.2.9).
    @Test func aServerWideCeilingSlowsUnknownBrowsersFromFailingNetworksForAMinute() {
        let throttle = SignInThrottle()
        var checked = 0
        for index in 0..<SignInThrottle.failuresPerMinute {
            if case .failed = fail(throttle, "user\(index)", from: "198.51.100.\(index)", at: start.addingTimeInterval(Double(index))) { checked += 1 }
        }
        #expect(checked == SignInThrottle.failuresPerMinute - SignInThrottle.reservedForCleanBlocks, "\(checked) guesses checked")
        let now = start.addingTimeInterval(Double(SignInThrottle.failuresPerMinute))
        let wait = throttle.wait(for: Attempt(name: "alice", address: "198.51.100.200"), now: now)
        #expect(wait?.isServerWide == true && wait.map { (39...41).contains($0.seconds) } == true, "\(String(describing: wait))")
        #expect(!waits(throttle, "alice", from: "198.51.100.200", device: "alices-browser", at: now))
        #expect(!waits(throttle, "alice", from: "192.0.2.9", at: now), "a network that has not been failing")
        #expect(!waits(throttle, "alice", from: "198.51.100.200", at: start.addingTimeInterval(60.5)), "the oldest failure left the minute")
    }

    /// Ten minutes of a spray at 5 guesses a second, each from the next address of two IPv4 /24s and
    /// an IPv6 /48 and at the next of 1,000 names; the owner signs in from a new phone, with no
    /// device cookie, every 20 seconds from a network that has not been failing.
    @Test func theOwnerOnANewPhoneGetsInDuringASprayFromOtherNetworks() {
        let clock = TestClock(start)
        let throttle = SignInThrottle(clock: clock)
        let addresses = (0..<250).flatMap { ["198.51.100.\($0)", "203.0.113.\($0)", "2001:db8:bad:\(String($0, radix: 16))::1"] }
        var checked: [Date] = []
        var ownerIn = 0, ownerTries = 0
        for second in 0..<600 {
            for index in (second * 5)..<(second * 5 + 5) {
                _ = throttle.attempt(Attempt(name: "user\(index % 1000)", address: addresses[index % addresses.count])) { () -> Int? in
                    checked.append(clock.now)
                    return nil
                }
            }
            if second % 20 == 10 {
                ownerTries += 1
                if case .succeeded = throttle.attempt(Attempt(name: "olivia", address: "192.0.2.7"), check: { 1 }) { ownerIn += 1 }
            }
            clock.advance(by: 1)
        }
        #expect(ownerIn == ownerTries, "the owner got in \(ownerIn) of \(ownerTries) times")
        let mostInAMinute = checked.indices.map { first in checked[first...].prefix { $0.timeIntervalSince(checked[first]) < 60 }.count }.max() ?? 0
        #expect(mostInAMinute <= SignInThrottle.failuresPerMinute, "\(mostInAMinute) guesses checked within a minute")
        #expect(checked.count <= 10 * SignInThrottle.failuresPerMinute, "\(checked.count) of 3,000 guesses checked in 10 minutes")
    }

    /// A spray from ever new blocks (each guess from its own /24) has no failing block to be told by:
    /// all of it shares the one budget, the clean blocks' share included.
    @Test func aSprayFromEverNewNetworksGetsNoMoreThanTheCeiling() {
        let clock = TestClock(start)
        let throttle = SignInThrottle(clock: clock)
        var checked: [Date] = []
        for index in 0..<3_000 {
            _ = throttle.attempt(Attempt(name: "user\(index)", address: "10.\(index / 250).\(index % 250).1")) { () -> Int? in
                checked.append(clock.now)
                return nil
            }
            clock.advance(by: 0.2)
        }
        let mostInAMinute = checked.indices.map { first in checked[first...].prefix { $0.timeIntervalSince(checked[first]) < 60 }.count }.max() ?? 0
        #expect(mostInAMinute <= SignInThrottle.failuresPerMinute, "\(mostInAMinute) guesses checked within a minute")
    }

    @Test func networkBlocksAreIPv4Slash24sAndIPv6Slash48s() {
        #expect(SignInThrottle.block(of: "198.51.100.7") == SignInThrottle.block(of: "::ffff:198.51.100.250"))
        #expect(SignInThrottle.block(of: "198.51.100.7") != SignInThrottle.block(of: "198.51.101.7"))
        #expect(SignInThrottle.block(of: "2001:db8:bad:1::1") == SignInThrottle.block(of: "2001:db8:bad:ffff::2"))
        #expect(SignInThrottle.block(of: "2001:db8:bad::1") != SignInThrottle.block(of: "2001:db8:bae::1"))
    }

    @Test func addressesInOneIPv6Slash64AreOneNetwork() {
        #expect(SignInThrottle.network(of: "2001:db8:7:42::1") == SignInThrottle.network(of: "2001:db8:7:42:ffff:1:2:3"))
        #expect(SignInThrottle.network(of: "[2001:db8:7:42::1]") == SignInThrottle.network(of: "2001:DB8:7:42::9%eth0"))
        #expect(SignInThrottle.network(of: "2001:db8:7:42::1") != SignInThrottle.network(of: "2001:db8:7:43::1"))
        #expect(SignInThrottle.network(of: "::ffff:192.0.2.1") == SignInThrottle.network(of: "192.0.2.1"))
        #expect(SignInThrottle.network(of: "192.0.2.1") != SignInThrottle.network(of: "192.0.2.2"), "IPv4 addresses are whole")
        let throttle = SignInThrottle()
        for index in 1...10 { fail(throttle, "name\(index)", from: "2001:db8:7:42::\(index)") }
        #expect(waits(throttle, "alice", from: "2001:db8:7:42:abcd::1"))
        #expect(!waits(throttle, "alice", from: "2001:db8:7:43::1"))
    }

    @Test func longNamesAndManyClientsTakeBoundedMemory() {
        let throttle = SignInThrottle()
        let megabyte = String(repeating: "n", count: 1 << 20)
        for index in 0..<300 { fail(throttle, megabyte + "\(index)", from: "10.1.\(index / 250).\(index % 250)", at: start.addingTimeInterval(Double(index) * 3)) }
        let afterLongNames = throttle.footprint
        #expect(afterLongNames.bytes < 100_000, "300 one-megabyte names: \(afterLongNames.entries) entries, \(afterLongNames.bytes) bytes")
        // Far more clients than the table holds, an hour apart so the ceiling never applies: bounded.
        for index in 0..<(SignInThrottle.maximumRecords * 2) {
            fail(throttle, "name\(index)", from: "10.2.\(index / 250 % 250).\(index % 250)", at: start.addingTimeInterval(Double(index) * 3.1))
        }
        #expect(throttle.footprint.entries <= SignInThrottle.maximumRecords, "\(throttle.footprint)")
        // Known browsers are not held by the ceiling: all at once, none forgiven yet. Still bounded.
        let now = start.addingTimeInterval(100_000)
        for index in 0..<(SignInThrottle.maximumRecords * 2) { fail(throttle, "name", from: "10.3.0.1", device: "browser\(index)", at: now) }
        let footprint = throttle.footprint
        #expect(footprint.entries <= SignInThrottle.maximumRecords, "\(footprint)")
        #expect(footprint.bytes < 4_000_000, "\(footprint)")
    }

    @Test func aBurstSentAtOnceGetsNoMoreChecksThanOneSentInTurn() {
        let throttle = SignInThrottle()
        let checked = Atomic<Int>(0), refused = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                let outcome = throttle.attempt(Attempt(name: "vera", address: "10.0.0.1"), now: start) { () -> Int? in
                    // Every check waits until all eight attempts were either let in or refused.
                    checked.add(1, ordering: .relaxed)
                    release.wait()
                    return nil
                }
                if case .wait = outcome { refused.add(1, ordering: .relaxed) }
            }
        }
        while checked.load(ordering: .relaxed) + refused.load(ordering: .relaxed) < 8 { Thread.sleep(forTimeInterval: 0.001) }
        for _ in 0..<checked.load(ordering: .relaxed) { release.signal() }
        done.wait()
        #expect(checked.load(ordering: .relaxed) == 5, "\(checked.load(ordering: .relaxed)) of 8 reached the password check")
        #expect(waits(throttle, "vera", from: "10.0.0.1"))
    }

    @Test func aCheckThatThrowsIsNotCounted() {
        struct DatabaseDown: Error {}
        let throttle = SignInThrottle()
        for _ in 0..<10 {
            #expect(throws: DatabaseDown.self) {
                try throttle.attempt(Attempt(name: "alice", address: "10.0.0.1"), now: start) { () throws -> Int? in throw DatabaseDown() }
            }
        }
        #expect(!waits(throttle, "alice", from: "10.0.0.1"))
        #expect(throttle.footprint.entries == 0)
    }

    @Test func aBurstOfFailuresIsSummedUpForTheOwner() {
        let throttle = SignInThrottle()
        for index in 0..<9 { fail(throttle, ["alice", "bob", "carol"][index % 3], from: "10.0.\(index % 4).1", at: start.addingTimeInterval(Double(index) * 30)) }
        #expect(throttle.latestBurst(now: start) == nil, "9 failures are not worth a note")
        fail(throttle, "alice", from: "10.0.0.1", at: start.addingTimeInterval(270))
        let burst = throttle.latestBurst(now: start.addingTimeInterval(300))
        #expect(burst?.count == 10 && burst?.names == 3 && burst?.addresses == 4, "\(String(describing: burst))")
        #expect(burst?.first == start && burst?.last == start.addingTimeInterval(270))
        #expect(burst?.description.hasPrefix("10 failed sign-ins for 3 names from 4 addresses between ") == true, "\(String(describing: burst))")
        // Within one minute, a time, not "between 14:02 and 14:02".
        let quick = SignInThrottle()
        for index in 0..<12 { fail(quick, "alice", from: "10.1.\(index).1", at: start.addingTimeInterval(Double(index))) }
        let described = quick.latestBurst(now: start.addingTimeInterval(20))?.description ?? ""
        #expect(described.contains(" from 12 addresses at "), "\(described)")
        #expect(throttle.takeBurstReport() == burst, "the tenth failure is reported to the log once")
        #expect(throttle.takeBurstReport() == nil)
        // A few failures after a quiet spell start a new burst; the noteworthy one is kept, for a week.
        fail(throttle, "dave", from: "10.9.9.9", at: start.addingTimeInterval(3_000))
        #expect(throttle.latestBurst(now: start.addingTimeInterval(3_000)) == burst)
        #expect(throttle.latestBurst(now: start.addingTimeInterval(8 * 86_400)) == nil)
    }
}
