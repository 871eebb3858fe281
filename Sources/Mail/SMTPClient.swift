import CCurl
import Foundation

/// Hands messages to a mail server through libcurl's SMTP: its TLS (STARTTLS or implicit), its AUTH
/// and its MIME encoding. Each `send` has a handle of its own, made and freed within it, so any
/// thread may send.
public struct SMTPClient: Sendable {
    public let server: MailServer

    public init(server: MailServer) {
        self.server = server
        _ = Self.globalInit
    }

    /// libcurl's one-time set-up (thread-safe since 7.84), before the first handle.
    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    /// Hands the message over; throws what happened when the server did not take it.
    public func send(_ message: MailMessage) throws(MailSendError) {
        guard let handle = CurlSMTPHandle() else { throw .unreachable("libcurl could not make a handle.") }
        try handle.send(message, via: server)
    }
}

/// The one owner of a libcurl easy handle and of everything it points to while it runs (the
/// recipients' and header fields' lists, the MIME tree, the error buffer); all freed in `deinit`.
final class CurlSMTPHandle {
    private let handle: UnsafeMutableRawPointer
    private var lists: [UnsafeMutablePointer<curl_slist>] = []
    private var mime: OpaquePointer?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init?() {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(handle)
        if let mime { curl_mime_free(mime) }
        for list in lists { curl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    private func list(_ lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines { list = curl_slist_append(list, line) }
        if let list { lists.append(list) }
        return list
    }

    func send(_ message: MailMessage, via server: MailServer) throws(MailSendError) {
        var set = CURLE_OK
        func option(_ code: CURLcode) { if set == CURLE_OK { set = code } }
        option(hp_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        option(hp_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
        option(hp_curl_set_string(handle, CURLOPT_URL, server.url))
        option(hp_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(server.connectTimeout * 1000)))
        option(hp_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(server.timeout * 1000)))
        // With credentials, TLS or nothing (a password never crosses in clear); without, STARTTLS when offered.
        if !server.isImplicitTLS {
            option(hp_curl_set_long(handle, CURLOPT_USE_SSL, Int(server.username == nil ? CURLUSESSL_TRY.rawValue : CURLUSESSL_ALL.rawValue)))
        }
        if let caFile = server.caFile { option(hp_curl_set_string(handle, CURLOPT_CAINFO, caFile)) }
        if let username = server.username, let password = server.password {
            option(hp_curl_set_string(handle, CURLOPT_USERNAME, username))
            option(hp_curl_set_string(handle, CURLOPT_PASSWORD, password))
        }
        option(hp_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(message.from.address)>"))
        option(hp_curl_set_list(handle, CURLOPT_MAIL_RCPT, list(["<\(message.to.address)>"])))
        // For SMTP, libcurl writes these as the message's header fields.
        option(hp_curl_set_list(handle, CURLOPT_HTTPHEADER, list(message.headerLines)))
        option(hp_curl_set_mime(handle, makeMIME(message)))
        guard set == CURLE_OK else { throw .unreachable("libcurl refused an option: \(String(cString: curl_easy_strerror(set))).") }

        let result = curl_easy_perform(handle)
        guard result != CURLE_OK else { return }
        var code = 0
        _ = hp_curl_response_code(handle, &code)
        var uploaded: curl_off_t = 0
        _ = hp_curl_bytes_uploaded(handle, &uploaded)
        let detail = errorBuffer.pointee == 0 ? String(cString: curl_easy_strerror(result)) : String(cString: errorBuffer)
        switch code {
        case 400...499: throw .refusedForNow(code: code, detail)
        // A refused sign-in is the server's set-up, not this message's: nothing went, so it is tried again.
        case 500...599 where result != CURLE_LOGIN_DENIED: throw .refused(code: code, detail)
        default:
            // Not one byte of the message left: whatever failed, it was not delivered.
            if uploaded == 0 { throw .unreachable(detail) }
            throw .answerLost(detail)
        }
    }

    /// multipart/mixed holding one multipart/alternative of text/plain then text/html (the last is
    /// the one a reader prefers), each UTF-8 in quoted-printable: libcurl writes the boundaries and
    /// the encoding. (libcurl's top part is always multipart/mixed.)
    private func makeMIME(_ message: MailMessage) -> OpaquePointer? {
        guard let root = curl_mime_init(handle), let alternative = curl_mime_init(handle) else { return nil }
        mime = root
        for (body, type) in [(message.text, "text/plain; charset=utf-8"), (message.html, "text/html; charset=utf-8")] {
            let part = curl_mime_addpart(alternative)
            let bytes = Array(body.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = curl_mime_data(part, $0.baseAddress, buffer.count) }
            }
            curl_mime_type(part, type)
            curl_mime_encoder(part, "quoted-printable")
        }
        let holder = curl_mime_addpart(root)
        curl_mime_subparts(holder, alternative)
        curl_mime_type(holder, "multipart/alternative")
        curl_mime_headers(holder, curl_slist_append(nil, "Content-Disposition: inline"), 1)
        return root
    }
}
