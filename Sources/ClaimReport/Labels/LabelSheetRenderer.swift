import CPangoCairo
import Foundation
import QRCode

/// Writes labels as a PDF on their stock's sheets (or one a page on tape), with the claim report's
/// canvas and typesetter: each label its QR code at the left (on top on tape), then its code,
/// its name and its lines.
public enum LabelSheetRenderer {
    static let pointsPerMillimetre = 72 / 25.4

    /// Writes the labels to `url` (replacing what is there) only once the file is whole.
    public static func render(_ document: LabelSheetDocument, to url: URL) throws(LabelSheetError) {
        let layout = document.stock.layout
        guard (1...layout.perSheet).contains(document.start) else { throw .start(document.start, perSheet: layout.perSheet) }
        // Every code first: a label that cannot hold its address fails before a page is drawn.
        var codes: [QRCode] = []
        for label in document.labels {
            do { codes.append(try QRCode(label.address)) } catch { throw .address(label.address, error) }
        }
        do {
            let file = try ReportFile(target: url)
            // The canvas starts at A4 and is given the stock's size before anything is drawn.
            let canvas = try PDFCanvas(descriptor: file.descriptor, path: file.target, geometry: PageGeometry(paper: .a4), title: document.title)
            cairo_pdf_surface_set_size(canvas.surface, layout.sheetWidth * pointsPerMillimetre, layout.sheetHeight * pointsPerMillimetre)
            let typesetter = try Typesetter(cairo: canvas.cairo)
            var position = document.start - 1
            for (label, code) in zip(document.labels, codes) {
                if position == layout.perSheet {
                    try canvas.showPage()
                    position = 0
                }
                let frame = layout.frame(at: position)
                LabelDrawing(cairo: canvas.cairo, typesetter: typesetter).draw(label, code: code, in: (
                    frame.x * pointsPerMillimetre, frame.y * pointsPerMillimetre,
                    frame.width * pointsPerMillimetre, frame.height * pointsPerMillimetre))
                position += 1
            }
            try canvas.showPage()
            try canvas.finish()
            try file.commit()
        } catch let error as ClaimReportError {
            throw .drawing(error)
        } catch {
            throw .drawing(.drawingFailed(detail: "\(error)"))
        }
    }
}

/// Why no label sheet was written; nothing is left at the target path.
public enum LabelSheetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first label's place is not on the sheet.
    case start(Int, perSheet: Int)
    /// An address too long for a QR code.
    case address(String, QRCodeError)
    case drawing(ClaimReportError)

    public var description: String {
        switch self {
        case .start(let start, let perSheet):
            "The first label's place must be from 1 to \(perSheet) on this stock, not \(start)."
        case .address(let address, let error):
            "The address \(address.prefix(80)) could not be made a QR code: \(error)"
        case .drawing(let error):
            error.description
        }
    }
}
