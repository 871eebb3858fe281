import Foundation
import Inventory

/// What a police officer taking a theft report needs to enter each line into a stolen-property
/// database (NCIC's article file asks for the type, brand, model, serial number, owner-applied
/// number and distinguishing marks): the item's name, brand, model, every serial number, how many,
/// its marks, its value and where it was. A line without a serial number is listed too, said to have
/// none, so that the household knows which ones to look for on boxes, receipts and old photos.
public struct ClaimPoliceList: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public let number: Int
        public let itemID: Item.ID
        public let name: String
        public let brand: String
        public let model: String
        /// In the order written; empty: none known.
        public let serials: [String]
        public let quantity: String
        public let distinguishingMarks: String
        /// The line's replacement cost before tax, in minor units: what the things would cost new
        /// today, the figure a police report's "value" asks for (its depreciated value is the
        /// insurer's business, and the sales tax is not the property's).
        public let value: Int64
        public let room: String
    }

    public static let noSerial = "No serial"
    public let lines: [Line]
    /// The theft's police report number and the force or station that took it, on every row of
    /// the CSV (one header row, for import); empty when not given.
    public let policeReport: String
    public let policeForce: String

    public init(_ schedule: ClaimSchedule, policeReport: String = "", policeForce: String = "") {
        self.policeReport = policeReport
        self.policeForce = policeForce
        lines = schedule.lines.map { line in
            Line(number: line.number, itemID: line.itemID, name: line.name, brand: line.brand, model: line.model,
                 serials: Self.serials(in: line.serialNumber), quantity: Self.quantityText(line),
                 distinguishingMarks: line.distinguishingMarks, value: line.valuation.lineReplacementCost, room: line.room)
        }
    }

    /// The serial numbers an item's serial field holds: one, or several written with `;`, `,` or a
    /// new line between them (a set's pieces, a device and its charger). A serial accepted from a
    /// photo's reading is written into the same field, so it is here too.
    public static func serials(in field: String) -> [String] {
        field.split(whereSeparator: { $0 == ";" || $0 == "," || $0.isNewline })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// How many were lost, as every file of the police list prints it.
    public static func quantityText(_ line: ClaimScheduleLine) -> String { line.quantityLostText }

    /// The CSV's header, the value's column naming the currency.
    public static func header(currency: Currency) -> [String] {
        ["Line", "Item", "Brand", "Model", "Serial number", "Quantity", "Distinguishing marks", "Value (\(currency.code))", "Room",
         "Police report number", "Police force or station"]
    }

    /// As `ClaimScheduleCSV` writes CSV: UTF-8 with a byte-order mark, formulas neutralised, CRLF.
    public func csv(currency: Currency) -> String {
        var text = ClaimScheduleCSV.byteOrderMark + CSVLine.make(Self.header(currency: currency))
        for line in lines {
            text += CSVLine.make([String(line.number), line.name, line.brand, line.model,
                                  line.serials.isEmpty ? Self.noSerial : line.serials.joined(separator: "; "), line.quantity,
                                  line.distinguishingMarks, Money(minorUnits: line.value, currency: currency).decimalString, line.room,
                                  policeReport, policeForce])
        }
        return text
    }
}
