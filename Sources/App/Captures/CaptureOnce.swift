import HTTPServer
import Inventory
import Messages

/// "Never twice": a capture (a photo, a document, a video, a draft) sent with a `Capture-Id` is stored
/// once. The outbox sends a capture again whenever it did not see the answer — the network dropped,
/// the phone slept, the server restarted — so a second request naming the same capture is answered
/// with what the first one made, as the first was, and stores nothing.
enum CaptureOnce {
    /// Answers with `make`, given the request's capture (nil without a `Capture-Id`), or, when that
    /// capture was stored before, with `again` of what it made. `again` answers nil when what was made
    /// is not what this call makes (the same id sent elsewhere) or is gone since: `409 capture-id-reused`.
    /// Checked before the body is read (a retry costs nothing) and again inside the store's transaction.
    static func respond(to request: Request, items: ItemStore, make: (Capture?) throws -> Response,
                        again: (CapturedThing) throws -> Response?) throws -> Response {
        let capture = try request.capture()
        do {
            if let earlier = try items.captured(capture) { return try answer(earlier, again) }
            return try make(capture)
        } catch InventoryError.alreadyCaptured(let earlier) {
            return try answer(earlier, again)
        }
    }

    private static func answer(_ earlier: CapturedThing, _ again: (CapturedThing) throws -> Response?) throws -> Response {
        guard let response = try again(earlier) else { throw InventoryError.alreadyCaptured(earlier) }
        return response
    }
}

extension Request {
    /// The `Capture-Id` header, as the calling account's capture; nil without one.
    func capture() throws -> Capture? {
        guard let text = headers["Capture-Id"] else { return nil }
        guard let capture = Capture(id: text, sender: caller?.account.id.rawValue ?? 0) else {
            let sent = String(text.prefix(40))
            throw AppError(.invalidCaptureID, Message("error.inventory.capture-id", "Capture-Id must be 1 to \(Capture.maxLength) letters, digits, dots, underscores or dashes "
                + "(a UUID fits), not “\(sent)”. Make one id per photo, document or video on the device, and send it again with every retry.",
                ["limit": .text("\(Capture.maxLength)"), "value": .text(sent)]))
        }
        return capture
    }
}
