@testable import HTTPServer
import Testing

/// Text a client sent, as it appears in the access log: one line that cannot forge another or drive
/// the terminal that reads it.
@Suite struct AccessLogEntryTests {
    @Test func ordinaryTextIsKept() {
        #expect(AccessLogEntry.escaped("/items/3?q=lamp") == "/items/3?q=lamp")
        #expect(AccessLogEntry.escaped("") == "")
        #expect(AccessLogEntry.escaped("/fotos/été/📷 ü ñ 日本") == "/fotos/été/📷 ü ñ 日本")
        #expect(AccessLogEntry.escaped("a\u{A0}b\u{FFFD}") == "a\u{A0}b\u{FFFD}")  // first scalars past C1
    }

    @Test func lineBreaksAndControlCharactersBecomeHexEscapes() {
        #expect(AccessLogEntry.escaped("/a\r\n127.0.0.1 \"GET /admin\" 200") == "/a\\x0D\\x0A127.0.0.1 \\x22GET /admin\\x22 200")
        #expect(AccessLogEntry.escaped("\u{0}\u{1}\u{9}\u{1F}") == "\\x00\\x01\\x09\\x1F")
        #expect(AccessLogEntry.escaped("\u{1B}[2J\u{1B}]0;title\u{7}") == "\\x1B[2J\\x1B]0;title\\x07")
        #expect(AccessLogEntry.escaped("del\u{7F}") == "del\\x7F")
    }

    @Test func c1ControlsAreEscaped() {
        // U+009B is a one-character CSI for terminals that read C1 controls; U+0085 is NEXT LINE.
        #expect(AccessLogEntry.escaped("\u{80}\u{85}\u{9B}31m\u{9F}") == "\\x80\\x85\\x9B31m\\x9F")
    }

    @Test func bidiControlsAndOtherFormatCharactersAreEscaped() {
        // U+202E turns "/files/gpj.exe" into what reads as "/files/exe.jpg"; U+200B hides a character.
        #expect(AccessLogEntry.escaped("/files/\u{202E}gpj.exe") == "/files/\\u{202E}gpj.exe")
        #expect(AccessLogEntry.escaped("/shar\u{200B}ed/\u{2066}x\u{2069}\u{200F}\u{061C}\u{FEFF}\u{E0041}")
                == "/shar\\u{200B}ed/\\u{2066}x\\u{2069}\\u{200F}\\u{061C}\\u{FEFF}\\u{E0041}")
        // Line and paragraph separators break lines in some readers; a soft hyphen is invisible.
        #expect(AccessLogEntry.escaped("a\u{2028}b\u{2029}c\u{AD}d") == "a\\u{2028}b\\u{2029}c\\xADd")
        let entry = AccessLogEntry(remoteAddress: "192.0.2.7", method: "GET", path: "/items/\u{202E}3\u{200B}", status: 404, bytes: 10,
                                   duration: .milliseconds(3), completed: true)
        #expect(!entry.line.unicodeScalars.contains { [.format, .control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) })
    }

    @Test func quotesAndBackslashesAreEscapedSoTheLineParsesBack() {
        #expect(AccessLogEntry.escaped("a\"b\\c") == "a\\x22b\\x5Cc")
        // An escape sequence already in the text cannot be told from one the escaping made.
        #expect(AccessLogEntry.escaped("\\x0A") == "\\x5Cx0A")
    }

    @Test func aLogLineIsOneLineWhateverThePath() {
        let entry = AccessLogEntry(remoteAddress: "192.0.2.7", method: "GET\n", path: "/a\nb\u{1B}c\u{85}", status: 404, bytes: 10,
                                   duration: .milliseconds(3), completed: false)
        #expect(!entry.line.contains("\n"))
        #expect(!entry.line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(entry.line == "192.0.2.7 \"GET\\x0A /a\\x0Ab\\x1Bc\\x85\" 404 10 3.0ms aborted")
    }
}
