import Archive
import Foundation
import Messages
import Imaging

/// The euro foreign exchange reference rates the European Central Bank publishes each working day
/// (https://www.ecb.europa.eu/stats/eurofxref/), read from any of its files: `eurofxref-hist.zip` (one
/// CSV of every day since 1999), `eurofxref.csv` (the latest day) and `eurofxref-daily.xml` (the latest
/// day; `eurofxref-hist-90d.xml` and `eurofxref-hist.xml` have the same form). Each rate is how many
/// units of a currency one euro bought that day, kept as the ECB wrote it.
///
/// The file is a stranger's: it is read whole or refused whole, with the row (or `Cube`) that is wrong.
public struct ECBRates: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public let day: CalendarDate
        /// Three-letter codes, as the ECB writes them (it also published since-retired ones: CYP, TRL).
        public let rates: [(code: String, rate: ExchangeRate)]

        public static func == (lhs: Day, rhs: Day) -> Bool {
            lhs.day == rhs.day && lhs.rates.elementsEqual(rhs.rates) { $0.code == $1.code && $0.rate == $1.rate }
        }
    }

    /// In the file's order.
    public let days: [Day]

    /// The most a file may be, and what the zip's CSV may unpack to: the whole history since 1999 is a
    /// 640 KB zip of a 1.9 MB CSV.
    public static let maxFileBytes = 16 << 20
    public static let maxDays = 50_000
    public static let maxCurrencies = 100

    /// Reads a zip, an XML or a CSV file, told apart by their first bytes.
    public init(reading bytes: [UInt8]) throws(ExchangeRateFileError) {
        guard bytes.count <= Self.maxFileBytes else { throw .init(Message("error.rates.file.too-large", "The file is larger than \(Self.maxFileBytes >> 20) MB; the ECB’s files are far smaller.", ["megabytes": .text(String(Self.maxFileBytes >> 20))])) }
        if bytes.starts(with: [0x50, 0x4B]) {
            self = try Self(csv: try Self.unzippedCSV(bytes))
        } else if bytes.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first == UInt8(ascii: "<") {
            self = try Self(xml: bytes)
        } else {
            self = try Self(csv: bytes)
        }
    }

    init(days: [Day]) throws(ExchangeRateFileError) {
        guard !days.isEmpty else { throw .init(Message("error.rates.file.no-rates", "The file holds no rates. Import the ECB’s eurofxref-hist.zip, eurofxref.csv or eurofxref-daily.xml.")) }
        var seen = Set<CalendarDate>()
        for day in days where !seen.insert(day.day).inserted { throw .init(Message("error.rates.file.day-twice", "The file gives \(day.day.iso) twice.", ["day": .text(day.day.iso)])) }
        self.days = days
    }

    /// The one CSV inside an ECB zip, unpacked within limits into a folder removed afterwards.
    static func unzippedCSV(_ bytes: [UInt8]) throws(ExchangeRateFileError) -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ecb-rates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let zip = folder.appendingPathComponent("rates.zip")
            try Data(bytes).write(to: zip)
            let limits = ArchiveLimits(maxEntries: 1, maxEntryBytes: Int64(maxFileBytes), maxTotalBytes: Int64(maxFileBytes), maxCompressionRatio: 20)
            let entries = try ZipReader.extract(zipAt: zip.path, into: folder.appendingPathComponent("unpacked").path, limits: limits)
            guard entries.count == 1, let entry = entries.first, !entry.isDirectory, entry.path.description.lowercased().hasSuffix(".csv") else {
                throw ExchangeRateFileError(Message("error.rates.file.zip-no-csv", "The zip holds no CSV file; the ECB’s eurofxref-hist.zip holds eurofxref-hist.csv alone."))
            }
            return Array(try Data(contentsOf: folder.appendingPathComponent("unpacked").appendingPathComponent(entry.path.description)))
        } catch let error as ExchangeRateFileError {
            throw error
        } catch let error as ArchiveError {
            throw .init(zipProblem(error))
        } catch {
            throw .init(Message("error.rates.file.zip-unreadable", "The zip could not be read: \(error.localizedDescription)", ["problem": .text(error.localizedDescription)]))
        }
    }

    /// Why the rates' zip could not be unpacked, in the reader's language; libarchive's own words (in
    /// English) only as the detail of a sentence of ours.
    static func zipProblem(_ error: ArchiveError) -> Message {
        switch error {
        case .tooManyEntries:
            return Message("error.rates.file.zip-many-files", "The zip holds more than one file; the ECB’s eurofxref-hist.zip holds eurofxref-hist.csv alone.")
        case .unreadable(let reason):
            return Message("error.rates.file.zip-damaged", "The file is not a zip archive that can be read (\(reason)).", ["reason": .text(reason)])
        case .entryTooLarge, .tooLargeInTotal, .compressionRatioTooHigh:
            let megabytes = String(maxFileBytes >> 20)
            return Message("error.rates-file.zip-too-large",
                           "The zip unpacks to more than \(megabytes) MB, or to far more than its own size; the ECB’s eurofxref-hist.zip unpacks to about 2 MB.",
                           ["megabytes": .text(megabytes)])
        case .encrypted:
            return Message("error.rates-file.zip-encrypted", "The zip is protected by a password; the ECB’s eurofxref-hist.zip is not. Download it from the ECB again.")
        default:
            return Message("error.rates-file.zip-detail", "The rates file could not be opened as a zip: \(error.description)", ["detail": .message(error.wording)])
        }
    }
}

/// Why an exchange-rate file was refused; nothing of it was imported.
public struct ExchangeRateFileError: Error, Sendable, Equatable {
    public let wording: Message
    public var message: String { wording.english }
    public init(_ wording: Message) { self.wording = wording }
}

// MARK: - CSV

extension ECBRates {
    /// `Date,USD,JPY,…,` then a row a day (`2019-03-14,1.1295,126.09,N/A,…,` in the history; `30
    /// October 2026, 1.1172, …` in the daily file): `N/A` or nothing where the ECB had no rate.
    init(csv bytes: [UInt8]) throws(ExchangeRateFileError) {
        // Read as bytes: 7,000 lines of 43 cells split as Characters took seconds.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard String(validating: body, as: UTF8.self) != nil else {
            throw .init(Message("error.rates.file.not-text", "The file is neither a zip, XML, nor CSV text in UTF-8. Import the ECB’s eurofxref-hist.zip, eurofxref.csv or eurofxref-daily.xml."))
        }
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        while let last = lines.last, last.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) { lines.removeLast() }
        guard let headerLine = lines.first else { throw .init(Message("error.rates.file.empty", "The file is empty.")) }
        var header = Self.cells(headerLine).map { String(decoding: $0, as: UTF8.self) }
        // The ECB ends every line with a comma; a row then has one more (empty) cell than it has values.
        let trailingComma = header.last == ""
        if trailingComma { header.removeLast() }
        guard header.first == "Date", header.count >= 2 else {
            throw .init(Message("error.rates.file.header", "Row 1 must be the ECB’s header, “Date,USD,JPY,…”; it starts “\(String(decoding: headerLine.prefix(30), as: UTF8.self))”.", ["start": .text(String(decoding: headerLine.prefix(30), as: UTF8.self))]))
        }
        let codes = Array(header.dropFirst())
        guard codes.count <= Self.maxCurrencies else { throw .init(Message("error.rates.file.too-many-currencies", "Row 1 names \(codes.count) currencies; the ECB’s files name at most \(Self.maxCurrencies).", ["count": .text(String(codes.count)), "max": .text(String(Self.maxCurrencies))])) }
        for code in codes where !Self.isCode(code) {
            throw .init(Message("error.rates.file.not-a-code", "Row 1 names “\(String(code.prefix(20)))”, which is not a currency code of three capital letters.", ["code": .text(String(code.prefix(20)))]))
        }
        if Set(codes).count != codes.count { throw .init(Message("error.rates.file.currency-twice", "Row 1 names a currency twice.")) }
        guard lines.count - 1 <= Self.maxDays else { throw .init(Message("error.rates.file.too-many-rows", "The file has more than \(Self.maxDays) rows; the ECB’s whole history has about 7,000.", ["max": .text(String(Self.maxDays))])) }
        let notAvailable = Array("N/A".utf8)[...]
        var days: [Day] = []
        days.reserveCapacity(lines.count - 1)
        for (index, line) in lines.enumerated().dropFirst() {
            let row = index + 1
            var cells = Self.cells(line)
            let values = cells.count - (trailingComma && cells.last?.isEmpty == true ? 1 : 0)
            guard values == codes.count + 1, !trailingComma || cells.count == codes.count + 2 else {
                throw .init(Message("error.rates.file.row-values", "Row \(row) has \(values) values; the header names \(codes.count + 1) (Date and \(codes.count) currencies).", ["row": .text(String(row)), "values": .text(String(values)), "expected": .text(String(codes.count + 1)), "currencies": .text(String(codes.count))]))
            }
            if trailingComma { cells.removeLast() }
            let dayText = String(decoding: cells[0], as: UTF8.self)
            guard let day = Self.day(dayText) else {
                throw .init(Message("error.rates.file.row-date", "Row \(row) starts “\(String(dayText.prefix(30)))”, which is not a date like 2019-03-14 or 14 March 2019.", ["row": .text(String(row)), "text": .text(String(dayText.prefix(30)))]))
            }
            var rates: [(code: String, rate: ExchangeRate)] = []
            rates.reserveCapacity(codes.count)
            for (code, cell) in zip(codes, cells.dropFirst()) where !cell.isEmpty && cell != notAvailable {
                do { rates.append((code, try ExchangeRate(ascii: cell))) } catch {
                    throw .init(Self.rateProblem(in: Message("error.rates.file.row", "Row \(row) (\(day.iso))", ["row": .text(String(row)), "day": .text(day.iso)]), error, code: code))
                }
            }
            days.append(Day(day: day, rates: rates))
        }
        try self.init(days: days)
    }

    /// A line's cells, without the spaces the daily file puts after each comma.
    static func cells(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: 0x2C, omittingEmptySubsequences: false).map { cell in
            var cell = cell
            while let first = cell.first, first == 0x20 || first == 0x09 { cell.removeFirst() }
            while let last = cell.last, last == 0x20 || last == 0x09 { cell.removeLast() }
            return cell
        }
    }

    static func isCode(_ text: String) -> Bool { text.utf8.count == 3 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) } }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `2019-03-14` (the history) or `14 March 2019` (the daily file).
    static func day(_ text: String) -> CalendarDate? {
        if let day = CalendarDate(iso: text) { return day }
        let parts = text.split(separator: " ")
        guard parts.count == 3, let month = monthNames.firstIndex(of: String(parts[1])), parts[0].count <= 2, let day = Int(parts[0]), parts[2].count == 4 else { return nil }
        return CalendarDate(iso: "\(parts[2])-\(month < 9 ? "0" : "")\(month + 1)-\(day < 10 ? "0" : "")\(day)")
    }
}

// MARK: - XML

extension ECBRates {
    static let namespace = "http://www.ecb.int/vocabulary/2002-08-01/eurofxref"

    /// `<gesmes:Envelope><Cube><Cube time="2026-10-30"><Cube currency="USD" rate="1.1172"/>…`, read by
    /// libxml2 without loading or expanding anything (`XMLEventReader`); a document that does not reach
    /// its end (cut short, or not well-formed) is refused, never half read.
    init(xml bytes: [UInt8]) throws(ExchangeRateFileError) {
        let reader = CubeReader()
        bytes.withUnsafeBytes { XMLEventReader.read($0, into: reader) }
        if let problem = reader.problem { throw .init(problem) }
        guard reader.finished else {
            throw .init(Message("error.rates.file.xml-broken", "The XML file is cut short or not well-formed (or not the ECB’s eurofxref-daily.xml): nothing was imported."))
        }
        try self.init(days: reader.days)
    }

    private final class CubeReader: XMLEventHandler {
        var days: [Day] = []
        var current: (day: CalendarDate, rates: [(code: String, rate: ExchangeRate)])?
        var problem: Message?
        var depth = 0
        var finished = false
        var cubes = 0

        func startElement(_ name: XMLName, attributes: [(name: XMLName, value: String)]) {
            depth += 1
            guard problem == nil, name.local == "Cube", name.namespace == ECBRates.namespace else { return }
            cubes += 1
            if cubes > ECBRates.maxDays * ECBRates.maxCurrencies { problem = Message("error.rates.file.too-many-cubes", "The XML file holds too many Cube elements."); return }
            func attribute(_ local: String) -> String? { attributes.first { $0.name.local == local && $0.name.namespace.isEmpty }?.value }
            if let time = attribute("time") {
                guard let day = CalendarDate(iso: time) else { problem = Message("error.rates.file.cube-time", "Cube \(cubes) has time “\(String(time.prefix(30)))”, which is not a date like 2019-03-14.",
                                                                               ["cube": .text(String(cubes)), "text": .text(String(time.prefix(30)))]); return }
                close()
                current = (day, [])
            } else if let code = attribute("currency") {
                guard ECBRates.isCode(code) else { problem = Message("error.rates.file.cube-currency", "Cube \(cubes) has currency “\(String(code.prefix(20)))”, which is not a code of three capital letters.",
                                                                    ["cube": .text(String(cubes)), "code": .text(String(code.prefix(20)))]); return }
                guard current != nil else { problem = Message("error.rates.file.cube-outside-day", "Cube \(cubes) gives a rate for \(code) outside a day’s Cube.", ["cube": .text(String(cubes)), "code": .text(code)]); return }
                do { current?.rates.append((code, try ExchangeRate(parsing: attribute("rate") ?? ""))) } catch {
                    problem = ECBRates.rateProblem(in: Message("error.rates.file.cube", "Cube \(cubes) (\(current!.day.iso))", ["cube": .text(String(cubes)), "day": .text(current!.day.iso)]),
                                                 error, code: code)
                }
            }
        }

        func characters(_ text: UnsafeBufferPointer<UInt8>) {}

        func endElement(_ name: XMLName) {
            depth -= 1
            if depth == 0 { close(); finished = true }
        }

        private func close() {
            if let current { days.append(Day(day: current.day, rates: current.rates)) }
            current = nil
        }
    }
}

extension ECBRates {
    /// "Row 12 (2019-03-14): the USD rate “x” isn’t a rate. …": where in the file, then what is wrong.
    static func rateProblem(in place: Message, _ error: ExchangeRateError, code: String) -> Message {
        let rate = Message("error.rates.file.currency-rate", "the \(code) rate", ["currency": .text(code)])
        let problem = error.wording(naming: rate)
        return Message("error.rates.file.where", "\(place.english): \(problem.english)", ["place": .message(place), "problem": .message(problem)])
    }
}
