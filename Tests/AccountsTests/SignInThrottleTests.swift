import Accounts
import Foundation
import Testing

/// Failed sign-ins slow down guessing per account name (from any address) and per address (for any name).
@Suite struct SignInThrottleTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func fiveFailuresForANameBlockThatNameFromEveryAddress() {
        let throttle = SignInThrottle()
        for attempt in 0..<4 {
            throttle.failed(name: "alice", address: "10.0.0.\(attempt)", now: start)
            #expect(throttle.wait(name: "alice", address: "10.0.0.99", now: start) == nil, "after \(attempt + 1) failures")
        }
        throttle.failed(name: "alice", address: "10.0.0.4", now: start)
        let wait = throttle.wait(name: "alice", address: "10.0.0.99", now: start)
        #expect(wait != nil && wait! > 0, "the sixth try, from a new address, must wait")
        #expect(throttle.wait(name: "ALICE", address: "10.0.0.98", now: start) != nil, "names are matched without case")
        #expect(throttle.wait(name: "bob", address: "10.0.0.99", now: start) == nil, "other names from other addresses are not slowed")
    }

    @Test func fiveFailuresFromAnAddressBlockEveryNameFromIt() {
        let throttle = SignInThrottle()
        for attempt in 0..<5 { throttle.failed(name: "guess\(attempt)", address: "203.0.113.7", now: start) }
        #expect(throttle.wait(name: "somebody-new", address: "203.0.113.7", now: start) != nil)
        #expect(throttle.wait(name: "somebody-new", address: "203.0.113.8", now: start) == nil)
        #expect(throttle.wait(name: "guess0", address: "203.0.113.8", now: start) == nil, "each name failed only once")
    }

    @Test func theWaitGrowsWithEachFurtherFailureUpToFifteenMinutes() {
        let throttle = SignInThrottle()
        var now = start
        for _ in 0..<5 { throttle.failed(name: "alice", address: "10.0.0.1", now: now) }
        var waits: [TimeInterval] = []
        for _ in 0..<14 {
            let wait = throttle.wait(name: "alice", address: "10.0.0.1", now: now) ?? 0
            waits.append(wait)
            // Try again just after the wait ends, and fail again.
            now = now.addingTimeInterval(wait + 0.001)
            #expect(throttle.wait(name: "alice", address: "10.0.0.1", now: now) == nil)
            throttle.failed(name: "alice", address: "10.0.0.1", now: now)
        }
        #expect(waits.first.map { $0 > 0 } == true)
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $0 <= $1 }, "waits: \(waits)")
        #expect(waits[3] > waits[0] * 4, "waits: \(waits)")
        #expect(waits.max()! <= SignInThrottle.longestWait)
        #expect(waits.last == SignInThrottle.longestWait, "waits: \(waits)")
    }

    @Test func aSuccessResetsTheNamesCountButNotTheAddresss() {
        let throttle = SignInThrottle()
        for _ in 0..<4 { throttle.failed(name: "alice", address: "10.0.0.1", now: start) }
        throttle.succeeded(name: "alice", address: "10.0.0.1")
        for _ in 0..<4 { throttle.failed(name: "alice", address: "10.0.0.2", now: start) }
        #expect(throttle.wait(name: "alice", address: "10.0.0.2", now: start) == nil, "4 + 4 failures with a success between")
        throttle.failed(name: "alice", address: "10.0.0.2", now: start)
        #expect(throttle.wait(name: "alice", address: "10.0.0.2", now: start) != nil)
    }

    /// Signing in to one's own account between guesses at other names does not start the count again.
    @Test func anOwnSignInDoesNotWipeTheGuessesFromAnAddress() {
        let throttle = SignInThrottle()
        for guess in 0..<8 {
            if guess % 2 == 0 { throttle.succeeded(name: "mallory", address: "10.0.0.9") }
            throttle.failed(name: "victim-\(guess)", address: "10.0.0.9", now: start)
        }
        #expect(throttle.wait(name: "someone-else", address: "10.0.0.9", now: start) != nil)
    }

    @Test func aBlockEndsAndAQuietHourForgives() {
        let throttle = SignInThrottle()
        for _ in 0..<5 { throttle.failed(name: "alice", address: "10.0.0.1", now: start) }
        let wait = throttle.wait(name: "alice", address: "10.0.0.1", now: start)!
        #expect(throttle.wait(name: "alice", address: "10.0.0.1", now: start.addingTimeInterval(wait + 0.01)) == nil)
        // After more than an hour without failures, the count starts again.
        let later = start.addingTimeInterval(3_700)
        for _ in 0..<4 { throttle.failed(name: "alice", address: "10.0.0.1", now: later) }
        #expect(throttle.wait(name: "alice", address: "10.0.0.1", now: later) == nil)
    }

    @Test func namesThatDoNotExistAreThrottledTheSame() {
        // The throttle knows nothing of accounts, so a refusal tells nothing about which names exist.
        let throttle = SignInThrottle()
        for _ in 0..<5 {
            throttle.failed(name: "real-owner", address: "10.0.0.1", now: start)
            throttle.failed(name: "no-such-user", address: "10.0.0.2", now: start)
        }
        let real = throttle.wait(name: "real-owner", address: "10.0.0.3", now: start)
        let fake = throttle.wait(name: "no-such-user", address: "10.0.0.4", now: start)
        #expect(real != nil && real == fake)
    }

    @Test func concurrentFailuresAreAllCounted() {
        let throttle = SignInThrottle()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            throttle.failed(name: "user\(index)", address: "10.9.\(index % 50).1", now: start)
        }
        // Each address failed 4 times: not blocked; a fifth failure blocks it.
        #expect(throttle.wait(name: "x", address: "10.9.7.1", now: start) == nil)
        throttle.failed(name: "y", address: "10.9.7.1", now: start)
        #expect(throttle.wait(name: "x", address: "10.9.7.1", now: start) != nil)
    }
}
