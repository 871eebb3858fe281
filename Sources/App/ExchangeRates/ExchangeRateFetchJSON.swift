import Foundation
import HTTPServer
import Messages

/// `fetching` in `GET /api/v1/exchange-rates`: where the rates are fetched from and what the last
/// fetch did (`null` before one has ended): `{"source", "last": {"url", "at", "succeeded",
/// "daysInFile", "newDays", "ratesAdded"} | {"url", "at", "succeeded": false, "problem"}}`.
struct ExchangeRateFetchJSON {
    let source: String
    let last: ExchangeRateFetch?
    /// The problem in the caller's language.
    let words: (Message) -> String

    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("source"); json.value(source)
            json.key("last")
            guard let last else { return json.null() }
            json.object { json in
                json.key("url"); json.value(last.url)
                json.key("at"); json.value(last.at)
                json.key("succeeded"); json.value(last.succeeded)
                switch last.outcome {
                case .success(let imported):
                    json.key("daysInFile"); json.value(imported.daysInFile)
                    json.key("newDays"); json.value(imported.newDays)
                    json.key("ratesAdded"); json.value(imported.ratesAdded)
                case .failure(let error):
                    json.key("problem"); json.value(words(error.wording))
                }
            }
        }
    }
}
