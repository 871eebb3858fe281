import Foundation
import Database

/// Where a window of the item list ended: the order it was in, the last row's sort key and its id.
/// The next window starts after that key (keyset paging), so a deep window costs what the first
/// does, and an item added or removed between windows neither repeats nor skips the others.
///
/// Clients see it as an opaque base64url token (`encoded`); its content may change between versions.
public struct ItemCursor: Sendable, Equatable {
    /// The order the window was in (`ItemOrder.name`).
    let order: String
    let key: [DatabaseValue]
    let id: Item.ID

    init(order: String, key: [DatabaseValue], id: Item.ID) {
        self.order = order
        self.key = key
        self.id = id
    }

    /// The token for URLs: base64url without padding.
    public var encoded: String {
        let payload = Payload(o: order, k: key.map(Payload.Key.init), i: id.rawValue)
        let data = (try? JSONEncoder().encode(payload)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The cursor in a token from `encoded`; nil when the token is not one.
    public init?(encoded: String) {
        guard encoded.count <= 2_000 else { return nil }
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
              let payload = try? JSONDecoder().decode(Payload.self, from: data) else { return nil }
        self.init(order: payload.o, key: payload.k.map(\.value), id: Item.ID(payload.i))
    }

    /// The JSON inside the token: short keys, since it travels in every "next" URL.
    private struct Payload: Codable {
        var o: String
        var k: [Key]
        var i: Int64

        /// One key value; a real number travels as its bit pattern so it comes back exactly.
        struct Key: Codable {
            var n: Int64?
            var t: String?
            var r: UInt64?

            init(_ value: DatabaseValue) {
                switch value {
                case .integer(let integer): n = integer
                case .text(let text): t = text
                case .real(let real): r = real.bitPattern
                case .null, .blob: n = nil
                }
            }

            var value: DatabaseValue {
                if let n { return .integer(n) }
                if let t { return .text(t) }
                if let r { return .real(Double(bitPattern: r)) }
                return .null
            }
        }
    }
}
