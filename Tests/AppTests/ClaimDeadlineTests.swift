import Accounts
import Clocks
import Foundation
import HTTPTestClient
import Testing

/// The proof of loss is due 60 days after the loss: the claim's page and the list of claims count the
/// days down, turn urgent two weeks before, and say how late it is once overdue.
@Suite struct ClaimDeadlineTests {
    /// The text and class of the first element of `className` on `path`, tags dropped.
    private func status(_ app: TestApp, _ path: String, _ className: String) throws -> (text: String, urgent: Bool)? {
        let html = try app.client.get(path).text
        let pattern = try Regex(#"<(?:p|span) class="\#(className)( urgent)?">(.*?)</(?:p|span)>"#)
        guard let match = html.firstMatch(of: pattern) else { return nil }
        let text = String(match.output[2].substring ?? "").replacing(try Regex("<[^>]+>"), with: "")
        return (text, match.output[1].substring != nil)
    }

    @Test func theDeadlineIsCountedDownOnTheClaimAndInTheList() throws {
        let clock = TestClock(try #require(ISO8601DateFormatter().date(from: "2026-04-01T12:00:00Z")))
        let app = try TestApp { $0.clock = clock }
        let created = try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14"])
        let claim = try #require((created.json as? [String: Any])?["id"] as? Int, "\(created.text)")
        func both() throws -> [String] {
            let page = try #require(try status(app, "/claims/\(claim)", "claim-deadline"))
            let list = try #require(try status(app, "/claims", "claim-status"))
            #expect(page.text == list.text && page.urgent == list.urgent)
            return [page.text, page.urgent ? "urgent" : "calm"]
        }

        #expect(try both() == ["Proof of loss due in 42 days (May 13, 2026)", "calm"])
        #expect(try app.client.get("/claims/\(claim)").text.contains("<dd dir=\"auto\">Mar 14, 2026</dd>"), "the date of the loss reads as the deadline does")
        #expect(try app.client.get("/claims/\(claim)").text.contains(#"<time datetime="2026-05-13">May 13, 2026</time>"#),
                "the date is a <time> the page shows in the reader's language, kept on one line")
        clock.advance(by: 27 * 86_400)
        #expect(try both() == ["Proof of loss due in 15 days (May 13, 2026)", "calm"])
        clock.advance(by: 86_400)
        #expect(try both() == ["Proof of loss due in 14 days (May 13, 2026)", "urgent"])
        clock.advance(by: 13 * 86_400)
        #expect(try both() == ["Proof of loss due tomorrow", "urgent"])
        clock.advance(by: 86_400)
        #expect(try both() == ["Proof of loss due today", "urgent"])
        clock.advance(by: 86_400)
        #expect(try both() == ["Proof of loss 1 day overdue (due May 13, 2026)", "urgent"])
        clock.advance(by: 6 * 86_400)
        #expect(try both() == ["Proof of loss 7 days overdue (due May 13, 2026)", "urgent"])
    }
}
