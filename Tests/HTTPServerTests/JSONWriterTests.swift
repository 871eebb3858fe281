import Foundation
import HTTPServer
import Testing

@Suite struct JSONWriterTests {
    @Test func datesMatchFoundationsISO8601() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        let samples = [0, -1, 951_782_400, 4_107_542_399, -2_208_988_800] + (0..<2_000).map { _ in Int.random(in: -5_000_000_000...5_000_000_000, using: &generator) }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(JSONWriter.iso8601(date) == formatter.string(from: date), "at \(seconds)")
        }
    }

    @Test func outputParsesBackWithEscapedText() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} emoji 📷 <script>"
        var writer = JSONWriter()
        writer.array([1, 2]) { json, number in
            json.object { json in
                json.key("n"); json.value(number)
                json.key("text"); json.value(tricky)
                json.key("flag"); json.value(number == 1)
                json.key("nothing"); json.null()
            }
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [[String: Any]]
        #expect(parsed?.count == 2)
        #expect(parsed?.first?["text"] as? String == tricky)
        #expect(parsed?.last?["n"] as? Int == 2)
        #expect(parsed?.first?["nothing"] is NSNull)
        #expect(String(decoding: writer.bytes, as: UTF8.self).hasPrefix("[{\"n\":1,\"text\":"))
    }
}
