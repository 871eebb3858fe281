import App
import Foundation
import HTTPServer
import Inventory

/// A JSON body creating or changing an item, and read as every other input (each through its
/// `InputSchema`): accepted, or refused with a 4xx whose body is the documented error object.
enum ItemJSONTarget {
    /// A currency of each kind of minor unit: cents, none, and thousandths.
    private static let currencies = ["USD", "JPY", "BHD"].compactMap(Currency.init(code:))

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let currency = currencies[bytes.count % currencies.count]
        if let refusal = StrangerInput.itemRefusal(json: bytes, currency: currency) { try check(refusal) }
        for case let refusal? in StrangerInput.inputRefusals(json: bytes, currency: currency) { try check(refusal) }
    }

    private static func check(_ refusal: Response) throws(FuzzFailure) {
        try require((400..<500).contains(refusal.status.code), "answered \(refusal.status.code)")
        guard case .bytes(let body) = refusal.body,
              let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let error = object["error"] as? [String: Any], error["code"] is String,
              let message = error["message"] as? String, !message.isEmpty
        else { throw FuzzFailure(description: "the refusal is not {\"error\": {code, message}}: \(refusal.body)") }
    }
}
