import CTesseract
import Foundation
import Imaging

/// How tesseract finds the text on a page; both detect the page's orientation first (OSD, from
/// Debian's tesseract-ocr-osd), so a photo taken sideways or upside down is read upright.
public enum PageLayout: Sendable {
    /// Blocks and columns of text: receipts, documents (tesseract's `--psm 1`).
    case document
    /// Text scattered over the picture, as on a rating plate (`--psm 12`).
    case sparse

    var mode: TessPageSegMode { self == .document ? PSM_AUTO_OSD : PSM_SPARSE_TEXT_OSD }
    /// The `--psm` the `tesseract` command takes for the same layout (for comparisons).
    public var commandLineMode: Int { Int(mode.rawValue) }
}

/// The one Swift owner of a `TessBaseAPI`. tesseract's engines are not thread-safe: each worker
/// keeps its own and reuses it (starting one reads ~15 MB of trained data).
final class TesseractEngine {
    private let handle: OpaquePointer

    /// tesseract's version, as `tesseract --version` prints it.
    static var version: String { String(cString: TessVersion()) }

    init(dataFolder: String, language: String) throws(TextReadingError) {
        guard let handle = TessBaseAPICreate() else { throw .engineFailed(detail: "no memory for an engine") }
        // The LSTM engine only (`--oem 1`): the legacy engine's data is not in tesseract-ocr-eng.
        guard TessBaseAPIInit2(handle, dataFolder, language, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(handle)
            throw .engineFailed(detail: "it could not load \(language) from \(dataFolder)")
        }
        self.handle = handle
        // Its diagnostics ("Estimating resolution as …") are not the server's log.
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Reads the words of an 8-bit grey picture, line by line, in its own pixels. Stops at `limit`.
    func recognise(_ image: RasterImage, layout: PageLayout, limit: Duration) throws(TextReadingError) -> [TextLine] {
        precondition(image.bands == 1, "tesseract is given one grey band")
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetPageSegMode(handle, layout.mode)
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        // The pictures come without a resolution; 300 dpi is what the text was scaled for, and
        // saying so skips tesseract's guess (the command line gets `--dpi 300` to compare).
        TessBaseAPISetSourceResolution(handle, 300)
        guard let monitor = TessMonitorCreate() else { throw .engineFailed(detail: "no memory for a monitor") }
        defer { TessMonitorDelete(monitor) }
        let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
        TessMonitorSetDeadlineMSecs(monitor, Int32(clamping: max(1, milliseconds)))
        let started = ContinuousClock.now
        let status = TessBaseAPIRecognize(handle, monitor)
        if status != 0 {
            if ContinuousClock.now - started >= limit { throw .timedOut(limit: limit) }
            // An empty picture, or one with nothing tesseract takes for text.
            return []
        }
        return lines()
    }

    /// The words of the last recognition, grouped into lines.
    private func lines() -> [TextLine] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        guard let page = TessResultIteratorGetPageIterator(iterator) else { return [] }
        var lines: [TextLine] = []
        var current: [TextWord] = []
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0, !current.isEmpty {
                lines.append(TextLine(words: current))
                current = []
            }
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            defer { TessDeleteText(text) }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
            let word = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !word.isEmpty else { continue }
            current.append(TextWord(
                text: word,
                region: PixelRegion(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)),
                confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
            ))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        if !current.isEmpty { lines.append(TextLine(words: current)) }
        return lines
    }
}
