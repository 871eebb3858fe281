import CTesseract
import Foundation
import Imaging

/// How tesseract finds the text on a page (the page is made upright first: `TextReader`).
public enum PageLayout: Sendable {
    /// One block of lines, each read whole across the page: receipts, documents (tesseract's
    /// `--psm 6`; `--psm 1`, `3` and `4` cut a receipt's amounts off from their names into a column
    /// of their own, and lost their cents).
    case document
    /// Text scattered over the picture, as on a rating plate (`--psm 11`).
    case sparse

    var mode: TessPageSegMode { self == .document ? PSM_SINGLE_BLOCK : PSM_SPARSE_TEXT }
    /// The `--psm` the `tesseract` command takes for the same layout (for comparisons).
    public var commandLineMode: Int { Int(mode.rawValue) }
}

/// The one Swift owner of a `TessBaseAPI`. tesseract's engines are not thread-safe: each worker
/// keeps its own and reuses it (starting one reads ~15 MB of trained data).
final class TesseractEngine {
    private let handle: OpaquePointer

    /// tesseract's version, as `tesseract --version` prints it.
    static var version: String { String(cString: TessVersion()) }

    /// `osd` starts the orientation detector instead (Debian's tesseract-ocr-osd, legacy engine).
    init(dataFolder: String, language: String) throws(TextReadingError) {
        guard let handle = TessBaseAPICreate() else { throw .engineFailed(detail: "no memory for an engine") }
        // The LSTM engine only (`--oem 1`): the legacy engine's data is not in tesseract-ocr-eng.
        guard TessBaseAPIInit2(handle, dataFolder, language, language == "osd" ? OEM_TESSERACT_ONLY : OEM_LSTM_ONLY) == 0 else {
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
    /// With `line`, only that rectangle is read, as one line of text, and with `characters`, only
    /// those characters can be read. `pause` is called before each line (tesseract's monitor asks
    /// whether to cancel there): what it says it took is not counted against `limit`.
    func recognise(_ image: RasterImage, layout: PageLayout, limit: Duration, line: PixelRegion? = nil, characters: String? = nil,
                   pause: (() -> Duration)? = nil) throws(TextReadingError) -> [TextLine] {
        precondition(image.bands == 1, "tesseract is given one grey band")
        defer {
            TessBaseAPIClear(handle)
            if characters != nil { TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "") }
        }
        TessBaseAPISetPageSegMode(handle, line == nil ? layout.mode : PSM_SINGLE_LINE)
        if let characters { TessBaseAPISetVariable(handle, "tessedit_char_whitelist", characters) }
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        if let line {
            let left = max(0, line.x), top = max(0, line.y)
            let right = min(image.width, line.x + line.width), bottom = min(image.height, line.y + line.height)
            guard right > left, bottom > top else { return [] }
            TessBaseAPISetRectangle(handle, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        }
        // The pictures come without a resolution; 300 dpi is what the text was scaled for, and
        // saying so skips tesseract's guess (the command line gets `--dpi 300` to compare).
        TessBaseAPISetSourceResolution(handle, 300)
        guard let monitor = TessMonitorCreate() else { throw .engineFailed(detail: "no memory for a monitor") }
        defer { TessMonitorDelete(monitor) }
        TessMonitorSetDeadlineMSecs(monitor, Self.milliseconds(limit))
        let started = ContinuousClock.now
        let pauses = MonitorPauses(monitor: monitor, deadline: started + limit, pause: pause)
        if pause != nil {
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(pauses).toOpaque())
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                Unmanaged<MonitorPauses>.fromOpaque(context).takeUnretainedValue().pauseHere()
                return false
            }
        }
        let status = withExtendedLifetime(pauses) { TessBaseAPIRecognize(handle, monitor) }
        if status != 0 {
            if ContinuousClock.now - started - pauses.paused >= limit { throw .timedOut(limit: limit) }
            // An empty picture, or one with nothing tesseract takes for text.
            return []
        }
        return lines()
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    /// How far the picture is turned: the degrees to turn it clockwise to make it upright (0, 90,
    /// 180, 270), and how sure the detector is; nil when it finds too little text to tell.
    func orientation(of image: RasterImage) -> (clockwise: Int, confidence: Double)? {
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, 300)
        var degrees: Int32 = 0
        var confidence: Float = 0
        var script: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        // The script's name points into the detector's own tables: not to be freed, whatever capi.h's
        // comment says (tesseract 5.3's baseapi.cpp hands out the unicharset's string; freeing it crashed).
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        // tesseract gives the page's orientation counter-clockwise ("Orientation in degrees" of `--psm 0`).
        return ((360 - Int(degrees)) % 360, Double(confidence))
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

/// What tesseract's monitor calls before each line (the LSTM engine reads a line as one "word")
/// while a recognition may give way: the pause, and the monitor's deadline, moved on by the time paused.
private final class MonitorPauses {
    let monitor: OpaquePointer
    let deadline: ContinuousClock.Instant
    let pause: (() -> Duration)?
    private(set) var paused: Duration = .zero

    init(monitor: OpaquePointer, deadline: ContinuousClock.Instant, pause: (() -> Duration)?) {
        self.monitor = monitor
        self.deadline = deadline
        self.pause = pause
    }

    func pauseHere() {
        guard let took = pause?(), took > .zero else { return }
        paused += took
        TessMonitorSetDeadlineMSecs(monitor, TesseractEngine.milliseconds(deadline + paused - ContinuousClock.now))
    }
}
