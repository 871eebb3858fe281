import ClaimReport
import Inventory

/// Every path of printed labels, spelled once: the short address a label's QR code holds, and the
/// sheets of labels.
enum LabelRoutes {
    /// What a phone opens from a label: redirects to the place or item (`LabelCode`).
    static let label = RoutePath("/l/{code}")
    static let apiSheet = RoutePath("/labels.pdf", in: APIRoutes.v1)

    static func label(_ code: LabelCode) -> String { label.url(code) }

    /// The sheet of one place's or one item's label on `stock`.
    static func sheet(location id: Location.ID, stock: LabelStock) -> String { "\(apiSheet.url())?locations=\(id)&stock=\(stock.rawValue)" }
    static func sheet(item id: Item.ID, stock: LabelStock) -> String { "\(apiSheet.url())?items=\(id)&stock=\(stock.rawValue)" }
}
