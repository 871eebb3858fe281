import Foundation
import Testing

/// `/api/v1/settings`: the inventory's currency and whether devices keep an offline copy (`OfflineAppTests` turns it off).
@Suite struct SettingsAPITests {
    @Test func theCurrencyIsUSDUntilChangedAndStaysChangedAfterARestart() throws {
        let app = try TestApp()
        #expect(try app.client.get("/api/v1/settings").text == #"{"currency":"USD","offlineCopy":true}"#)
        let changed = try app.client.json("PATCH", "/api/v1/settings", ["currency": "eur"])
        #expect(changed.status == 200)
        #expect(changed.text == #"{"currency":"EUR","offlineCopy":true}"#)
        let restarted = try app.restarted()
        #expect(try restarted.client.get("/api/v1/settings").text == #"{"currency":"EUR","offlineCopy":true}"#)
    }

    @Test func aCodeThatIsNotACurrencyIsRefusedNamingTheFieldAndNothingChanges() throws {
        let app = try TestApp()
        for (body, field) in [(["currency": "XYZ"], "currency"), (["currency": "EURO"], "currency"), (["currency": 978], "currency"),
                              (["theme": "dark"], "theme")] as [([String: Any], String)] {
            let response = try app.client.json("PATCH", "/api/v1/settings", body)
            #expect(response.status == 422, "\(body): \(response.text)")
            let error = (response.json as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["code"] as? String == "invalid-settings")
            #expect((error?["fields"] as? [String: String])?[field] != nil, "\(body): \(response.text)")
        }
        #expect(try app.client.get("/api/v1/settings").text == #"{"currency":"USD","offlineCopy":true}"#)
    }
}
