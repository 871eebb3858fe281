import Dispatch
import Foundation
import Synchronization

/// First-page thumbnails of PDFs, from untrusted bytes. Poppler cannot be told to stop, so each
/// render runs on a thread of its own while the caller waits at most `deadline`: a PDF that takes
/// longer gets no thumbnail (the document is kept all the same). One render at a time: a render
/// still running past its deadline holds the next ones back only until their own deadlines, so a
/// hostile file costs at most one core, never a worker for good. Documents of more than `maxPages`
/// pages, and pages larger than `maxPageSide` points, get no thumbnail either.
public final class PDFPreview: Sendable {
    public let maxPages: Int
    /// 14,400 points (200 inches) is the largest page the PDF format allows.
    public let maxPageSide: Double
    public let deadline: Duration
    private let gate = DispatchSemaphore(value: 1)

    public init(maxPages: Int = 2_000, maxPageSide: Double = 14_400, deadline: Duration = .seconds(5)) {
        self.maxPages = maxPages
        self.maxPageSide = maxPageSide
        self.deadline = deadline
    }

    /// The first page of the PDF in `bytes`, fitting `size` × `size` pixels, as PNG; nil when the file
    /// is damaged, too long, has an absurd page size, or does not render within the deadline.
    public func firstPagePNG(of bytes: [UInt8], fitting size: Int) -> [UInt8]? {
        let maxPageSide = maxPageSide
        return withDocument(bytes) { $0.firstPagePNG(fitting: size, maxSide: maxPageSide) }
    }

    /// The text layer of the PDF's first `pages` pages, in reading order, under the same limits; nil
    /// when the file cannot be read in time, "" when it has no text (a scan).
    public func text(of bytes: [UInt8], pages: Int = 2) -> String? {
        textOfDocument(bytes) { $0.text(ofPages: pages) }
    }

    /// `work` on the opened document, on a thread of its own, for at most `deadline`.
    private func withDocument(_ bytes: [UInt8], _ work: @escaping @Sendable (PDFDocument) -> [UInt8]?) -> [UInt8]? {
        let components = deadline.components
        let end = DispatchTime.now() + .nanoseconds(Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000))
        guard gate.wait(timeout: end) == .success else { return nil }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        let (gate, maxPages) = (gate, maxPages)
        let thread = Thread {
            var output: [UInt8]?
            if let document = PDFDocument(bytes), (1...maxPages).contains(document.pageCount) {
                output = work(document)
            }
            result.value.withLock { [output] in $0 = output }
            done.signal()
            gate.signal()
        }
        // Parsers recurse: give it the main thread's stack, not a secondary thread's default.
        thread.stackSize = 8 << 20
        thread.start()
        guard done.wait(timeout: end) == .success else { return nil }
        return result.value.withLock { $0 }
    }

    private func textOfDocument(_ bytes: [UInt8], _ work: @escaping @Sendable (PDFDocument) -> String?) -> String? {
        withDocument(bytes) { document in work(document).map { Array($0.utf8) } }.map { String(decoding: $0, as: UTF8.self) }
    }

    private final class Result: Sendable {
        let value = Mutex<[UInt8]?>(nil)
    }
}
