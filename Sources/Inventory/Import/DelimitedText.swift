import Messages

/// A CSV or TSV file as records of text cells (RFC 4180 quoting), read from untrusted bytes.
///
/// `read` is a pure function of the bytes and the limits: what it refuses it refuses before reading
/// further, with the line (and column) to look at, so a 50 MB file of garbage costs one pass at most.
/// Lines are counted as an editor shows them: from 1, a line break inside a quoted cell counting too.
public struct DelimitedText: Sendable, Equatable {
    public enum Separator: UInt8, Sendable {
        case comma = 0x2C
        case tab = 0x09

        public var name: String { self == .comma ? "comma" : "tab" }
    }

    /// One row of the file: the line it starts on and its cells, unquoted.
    public struct Record: Sendable, Equatable {
        public let line: Int
        public var cells: [String]

        public init(line: Int, cells: [String]) {
            self.line = line
            self.cells = cells
        }
    }

    /// How much of a file is read before it is refused.
    public struct Limits: Sendable {
        public var maxBytes = 64 << 20
        public var maxColumns = 1_000
        public var maxCellBytes = 64 << 10
        public var maxRecords = 100_000

        public init() {}
    }

    public let separator: Separator
    /// The first record: the column names.
    public let header: Record
    /// Every record after the header, blank lines (and lines of empty cells) left out.
    public let records: [Record]

    public init(separator: Separator, header: Record, records: [Record]) {
        self.separator = separator
        self.header = header
        self.records = records
    }

    /// Reads `bytes` as UTF-8 text (an initial byte-order mark is skipped) separated by commas, or by
    /// tabs when the first line has more tabs than commas.
    /// - Parameter checkHeader: looks at the first record before the rest is read; an error it returns
    ///   is thrown at once (a file with the wrong columns costs no more than its first line).
    public static func read(_ bytes: [UInt8], limits: Limits = Limits(),
                            checkHeader: (Record) -> DelimitedTextError? = { _ in nil }) throws(DelimitedTextError) -> DelimitedText {
        guard bytes.count <= limits.maxBytes else {
            throw DelimitedTextError(line: nil, column: nil, Message("error.import.too-many-bytes", "The file is \(bytes.count.grouped) bytes; the most Homepwner imports at once is "
                                     + "\(limits.maxBytes.grouped) bytes. Split it into smaller files and import each.",
                                     ["size": .count(bytes.count), "max": .count(limits.maxBytes)]))
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(DelimitedTextError) in
            var parser = DelimitedTextParser(buffer, limits: limits)
            return try parser.parse(checkHeader: checkHeader)
        }
    }
}

/// Why a file could not be read as CSV or TSV: where, and what to do.
public struct DelimitedTextError: Error, Sendable, Equatable {
    /// The line to look at, from 1; nil for the file as a whole.
    public let line: Int?
    /// The column, from 1, when the fault is in one cell.
    public let column: Int?
    /// Why, in words the app writes in the reader's language.
    public let wording: Message

    /// Why, in US English.
    public var message: String { wording.english }

    public init(line: Int?, column: Int?, _ wording: Message) {
        self.line = line
        self.column = column
        self.wording = wording
    }
}

/// One pass over the bytes: checks the encoding first (with line numbers), then splits records.
private struct DelimitedTextParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: DelimitedText.Limits

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: DelimitedText.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private static let quote = UInt8(ascii: "\""), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    mutating func parse(checkHeader: (DelimitedText.Record) -> DelimitedTextError?) throws(DelimitedTextError) -> DelimitedText {
        let start = try textStart()
        try checkEncoding(from: start)
        let separator = Self.separator(in: bytes, from: start)
        var records: [DelimitedText.Record] = []
        var header: DelimitedText.Record?
        var position = start, line = 1
        while position < bytes.count {
            let (record, next, nextLine) = try readRecord(at: position, line: line, separator: separator.rawValue)
            position = next
            defer { line = nextLine }
            if header == nil {
                if let error = checkHeader(record) { throw error }
                header = record
                continue
            }
            if record.cells.allSatisfy(\.isEmpty) { continue }
            guard records.count < limits.maxRecords else {
                throw DelimitedTextError(line: record.line, column: nil, Message("error.import.too-many-rows", "The file has more than \(limits.maxRecords.grouped) rows; "
                                         + "the most Homepwner imports at once is \(limits.maxRecords.grouped). Split it into smaller files and import each.",
                                         ["max": .count(limits.maxRecords)]))
            }
            records.append(record)
        }
        guard let header, !header.cells.allSatisfy(\.isEmpty) else {
            throw DelimitedTextError(line: nil, column: nil, Message("error.import.empty", "The file is empty. Choose the CSV file Homebox exported (Items → Import/Export → Export)."))
        }
        return DelimitedText(separator: separator, header: header, records: records)
    }

    /// Where the text starts: after a UTF-8 byte-order mark; a UTF-16 or UTF-32 one is refused.
    private func textStart() throws(DelimitedTextError) -> Int {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return 3 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            throw DelimitedTextError(line: 1, column: nil, Message("error.import.utf16", "The file is UTF-16 or UTF-32 text; Homepwner reads UTF-8. "
                                     + "Save it as “CSV UTF-8” (Excel) or with UTF-8 encoding, and import that."))
        }
        return 0
    }

    /// Refuses bytes that are not UTF-8, and NUL (a binary file), naming the line they are on. ASCII is
    /// skipped eight bytes at a time; lines are counted only once something is wrong.
    private func checkEncoding(from start: Int) throws(DelimitedTextError) {
        let highBits: UInt64 = 0x8080_8080_8080_8080, lowBits: UInt64 = 0x0101_0101_0101_0101
        let base = UnsafeRawPointer(bytes.baseAddress)
        var index = start
        while index < bytes.count {
            if let base, index + 8 <= bytes.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // No byte with its high bit set, and none zero: eight ASCII characters.
                if word & highBits == 0, (word &- lowBits) & ~word & highBits == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte == 0 {
                let line = lineNumber(at: index)
                throw DelimitedTextError(line: line, column: nil, Message("error.import.nul", "Line \(line.grouped) holds a NUL byte: this is not a text file. "
                                         + "Choose the CSV file Homebox exported.", ["line": .count(line)]))
            }
            if byte < 0x80 {
                index += 1
                continue
            }
            let length = Self.utf8SequenceLength(bytes, at: index)
            guard length > 0 else {
                let line = lineNumber(at: index)
                throw DelimitedTextError(line: line, column: nil, Message("error.import.not-utf8", "Line \(line.grouped) is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)) "
                                         + "at byte \((index + 1).grouped) of the file): the file was probably saved in another encoding, "
                                         + "such as Windows-1252 or Latin-1. Save it as “CSV UTF-8” (Excel) or with UTF-8 encoding, and import that.",
                                         ["line": .count(line), "byte": .text(String(byte, radix: 16, uppercase: true)), "offset": .count(index + 1)]))
            }
            index += length
        }
    }

    /// The line, from 1, that the byte at `index` is on.
    private func lineNumber(at index: Int) -> Int {
        1 + UnsafeBufferPointer(rebasing: bytes[..<index]).reduce(0) { $1 == Self.lineFeed ? $0 + 1 : $0 }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode's table 3-7), or 0.
    private static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        let (length, secondRange): (Int, ClosedRange<UInt8>) = switch first {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
        guard length > 0, index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    /// Tab when the first line (outside quotes) has more tabs than commas; else comma.
    static func separator(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> DelimitedText.Separator {
        var commas = 0, tabs = 0, quoted = false, index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote { quoted.toggle() } else if !quoted {
                if byte == lineFeed { break }
                if byte == DelimitedText.Separator.comma.rawValue { commas += 1 }
                if byte == DelimitedText.Separator.tab.rawValue { tabs += 1 }
            }
            index += 1
        }
        return tabs > commas ? .tab : .comma
    }

    /// The record starting at `start` on `line`; where the next one starts, and on which line.
    private func readRecord(at start: Int, line: Int, separator: UInt8) throws(DelimitedTextError) -> (DelimitedText.Record, Int, Int) {
        var cells: [String] = []
        var index = start, currentLine = line
        var cell: [UInt8] = []
        while true {
            guard cells.count < limits.maxColumns else {
                throw DelimitedTextError(line: line, column: nil, Message("error.import.too-many-columns", "Line \(line.grouped) has more than \(limits.maxColumns.grouped) columns; "
                                         + "Homepwner reads at most \(limits.maxColumns.grouped). Is this the CSV file Homebox exported?",
                                         ["line": .count(line), "max": .count(limits.maxColumns)]))
            }
            let column = cells.count + 1
            cell.removeAll(keepingCapacity: true)
            if index < bytes.count, bytes[index] == Self.quote {
                // A quoted cell: runs to the quote not doubled; line breaks inside it are text.
                let openedOn = currentLine
                index += 1
                while true {
                    guard index < bytes.count else {
                        throw DelimitedTextError(line: openedOn, column: column, Message("error.import.quote-never-ends", "The quoted cell in column \(column) of line \(openedOn.grouped) never ends: "
                                                 + "its closing quote (\") is missing. A quote inside a quoted cell is written twice (\"\").",
                                                 ["column": .text(String(column)), "line": .count(openedOn)]))
                    }
                    let byte = bytes[index]
                    if byte == Self.quote {
                        if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                            cell.append(Self.quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == Self.lineFeed { currentLine += 1 }
                    // CRLF inside a cell is a line break, as in Go's reader (Homebox's).
                    if !(byte == Self.carriageReturn && index + 1 < bytes.count && bytes[index + 1] == Self.lineFeed) { cell.append(byte) }
                    index += 1
                    try checkCellSize(cell.count, line: openedOn, column: column)
                }
                if index < bytes.count, bytes[index] != separator, bytes[index] != Self.lineFeed,
                   !(bytes[index] == Self.carriageReturn && (index + 1 == bytes.count || bytes[index + 1] == Self.lineFeed)) {
                    throw DelimitedTextError(line: currentLine, column: column, Message("error.import.text-after-quote", "In column \(column) of line \(currentLine.grouped), text follows "
                                             + "a quoted cell's closing quote. Put the whole cell in quotes and write each quote inside it twice (\"\").",
                                             ["column": .text(String(column)), "line": .count(currentLine)]))
                }
                cells.append(String(decoding: cell, as: UTF8.self))
            } else {
                // An unquoted cell: a stray quote in it is just text (12" monitor).
                let cellStart = index
                while index < bytes.count, bytes[index] != separator, bytes[index] != Self.lineFeed { index += 1 }
                var end = index
                if end > cellStart, bytes[end - 1] == Self.carriageReturn, index == bytes.count || bytes[index] == Self.lineFeed { end -= 1 }
                try checkCellSize(end - cellStart, line: currentLine, column: column)
                cells.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[cellStart..<end]), as: UTF8.self))
            }
            if index < bytes.count, bytes[index] == Self.carriageReturn { index += 1 }
            guard index < bytes.count else { return (DelimitedText.Record(line: line, cells: cells), index, currentLine + 1) }
            if bytes[index] == Self.lineFeed {
                return (DelimitedText.Record(line: line, cells: cells), index + 1, currentLine + 1)
            }
            index += 1  // the separator
            if index == bytes.count {
                cells.append("")
                return (DelimitedText.Record(line: line, cells: cells), index, currentLine + 1)
            }
        }
    }

    private func checkCellSize(_ count: Int, line: Int, column: Int) throws(DelimitedTextError) {
        guard count > limits.maxCellBytes else { return }
        throw DelimitedTextError(line: line, column: column, Message("error.import.cell-too-large", "The cell in column \(column) of line \(line.grouped) is over "
                                 + "\(limits.maxCellBytes.grouped) bytes, more than any field holds. If it should be short, a quote (\") "
                                 + "before it may be missing its partner.",
                                 ["column": .text(String(column)), "line": .count(line), "max": .count(limits.maxCellBytes)]))
    }
}
