import Foundation

/// One e-mail: who from and to, the subject, its text as plain text and as HTML (the reader picks),
/// and further header fields (`List-Unsubscribe`). Texts are any Unicode: the subject goes out
/// encoded (RFC 2047), the parts as UTF-8 quoted-printable.
public struct MailMessage: Sendable {
    public let from: MailAddress
    public let to: MailAddress
    public let subject: String
    public let text: String
    public let html: String
    /// Extra header fields, in order, as name and value (no line breaks: they are replaced by spaces).
    public var headers: [(name: String, value: String)]
    /// `<…@domain>`; the same for every attempt at one message, so a server that got it twice can tell.
    public let messageID: String
    public let date: Date

    public init(from: MailAddress, to: MailAddress, subject: String, text: String, html: String,
                headers: [(name: String, value: String)] = [], messageID: String? = nil, date: Date = Date()) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.headers = headers
        self.messageID = messageID ?? "<\(String(UInt64.random(in: .min ... .max), radix: 36)).\(String(UInt64.random(in: .min ... .max), radix: 36))@\(from.domain)>"
        self.date = date
    }

    /// The header fields libcurl writes above the parts (it adds `MIME-Version` and the parts' own).
    var headerLines: [String] {
        [
            "Date: " + MailHeader.date(date),
            "From: " + from.header,
            "To: " + to.header,
            "Subject: " + MailHeader.encoded(subject),
            "Message-ID: " + MailHeader.clean(messageID),
        ] + headers.map { MailHeader.clean($0.name) + ": " + MailHeader.clean($0.value) }
    }
}

/// An address with an optional display name: `Homepwner <reminders@example.com>`.
public struct MailAddress: Sendable, Equatable {
    public let address: String
    public let name: String?

    public init(_ address: String, name: String? = nil) {
        self.address = MailHeader.clean(address)
        self.name = name
    }

    var domain: String { address.split(separator: "@").last.map(String.init) ?? "localhost" }

    var header: String {
        guard let name, !name.isEmpty else { return "<\(address)>" }
        let plain = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == " " || $0.properties.numericType != nil) }
        return (plain ? name : MailHeader.encoded(name)) + " <\(address)>"
    }
}

/// What a header field's value needs: no line breaks of its own, RFC 2047 encoded words for
/// anything but plain ASCII, and RFC 5322's date.
enum MailHeader {
    /// Control characters (a line break would start a header field of its own) become spaces.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// The text as it is when it is short plain ASCII; else as UTF-8 "B" encoded words of at most 75
    /// characters each, on folded lines, never splitting a character.
    static func encoded(_ text: String) -> String {
        let text = clean(text)
        if text.utf8.count <= 200, text.unicodeScalars.allSatisfy({ $0.isASCII }), !text.contains("=?") { return text }
        // 75 - "=?UTF-8?B?".count - "?=".count = 63 characters of base64: 45 bytes.
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ bytes: [UInt8]) -> String { "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?=" }

    /// `Sun, 06 Dec 2026 19:00:00 +0000`.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
