import Foundation
import Mail
import MailTestServer
import Testing

/// The SMTP client against a real server (aiosmtpd) on a free port: plain, STARTTLS with a
/// self-signed certificate, AUTH (only over TLS), implicit TLS; what arrives parsed by Python's email package.
@Suite(.serialized) struct SMTPClientTests {
    static func message(subject: String = "The warranty of Télévision ends on 2027-03-01 — check it now, while it is still covered by the shop") -> MailMessage {
        MailMessage(from: MailAddress("reminders@home.example", name: "Homepwner"), to: MailAddress("ann@example.com"), subject: subject,
                    text: "Anything wrong with it is still covered.\nFix it: https://home.example/items/1#item-warrantyExpires\n",
                    html: "<p>Anything wrong with it is <em>still</em> covered.</p><p><a href=\"https://home.example/items/1\">Fix it</a></p>",
                    headers: [("List-Unsubscribe", "<https://home.example/unsubscribe/abc>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")],
                    messageID: "<warranty-ending.1@home.example>", date: Date(timeIntervalSince1970: 1_796_000_000))
    }

    /// How sending one message through `server` failed; nil when it was sent.
    static func failure(sending server: MailServer) -> MailSendError? {
        do { try SMTPClient(server: server).send(message()) } catch { return error }
        return nil
    }

    @Test func plainServerGetsBothPartsAndTheHeaders() throws {
        let server = try TestSMTPServer(.plain)
        try SMTPClient(server: MailServer(url: server.url)).send(Self.message())
        let mail = try #require(try server.messages().first)
        #expect(mail.mailFrom == "reminders@home.example")
        #expect(mail.recipients == ["ann@example.com"])
        #expect(!mail.tls)
        #expect(mail.types == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html"])
        #expect(mail.text?.contains("Anything wrong with it is still covered.") == true)
        #expect(mail.html?.contains("<em>still</em>") == true)
        #expect(mail.headers["Subject"] == Self.message().subject)
        #expect(mail.headers["From"] == "Homepwner <reminders@home.example>")
        #expect(mail.headers["To"] == "ann@example.com")
        #expect(mail.headers["Message-ID"] == "<warranty-ending.1@home.example>")
        #expect(mail.headers["Date"] == "Mon, 30 Nov 2026 00:53:20 +0000")
        #expect(mail.headers["List-Unsubscribe"] == "<https://home.example/unsubscribe/abc>")
        #expect(mail.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
    }

    @Test func startTLSIsUsedWhenOfferedAndTheCertificateIsChecked() throws {
        let server = try TestSMTPServer(.startTLS)
        try SMTPClient(server: MailServer(url: server.url, caFile: server.certificateFile)).send(Self.message(subject: "Plain subject"))
        #expect(try server.messages().map(\.tls) == [true])
        #expect(try server.messages().first?.headers["Subject"] == "Plain subject")
        // Without the certificate trusted, nothing is sent, and the failure is one to try again after.
        #expect(throws: MailSendError.self) { try SMTPClient(server: MailServer(url: server.url)).send(Self.message()) }
        #expect(Self.failure(sending: try MailServer(url: server.url))?.isTemporary == true)
        #expect(try server.messages().count == 1)
    }

    @Test func authSignsInOverSTARTTLSAndAWrongPasswordIsNotARefusalOfTheMessage() throws {
        let server = try TestSMTPServer(.startTLS, credentials: ("ann", "s3cret pass"))
        try SMTPClient(server: MailServer(url: server.url, username: "ann", password: "s3cret pass", caFile: server.certificateFile)).send(Self.message())
        let mail = try #require(try server.messages().first)
        #expect(mail.tls)
        #expect(mail.login == "ann")
        let failure = try #require(Self.failure(sending: try MailServer(url: server.url, username: "ann", password: "wrong", caFile: server.certificateFile)))
        #expect(failure.isTemporary)
        #expect(!failure.description.contains("wrong"))
    }

    @Test func credentialsNeverCrossInClear() throws {
        // A server without STARTTLS: with credentials, the client refuses rather than sign in in clear.
        let server = try TestSMTPServer(.plain)
        #expect(throws: MailSendError.self) {
            try SMTPClient(server: MailServer(url: server.url, username: "ann", password: "s3cret", caFile: nil)).send(Self.message())
        }
        #expect(try server.messages().isEmpty)
    }

    @Test func implicitTLSWithAuth() throws {
        let server = try TestSMTPServer(.implicitTLS, credentials: ("ann", "pw"))
        try SMTPClient(server: MailServer(url: server.url, username: "ann", password: "pw", caFile: server.certificateFile)).send(Self.message())
        let mail = try #require(try server.messages().first)
        #expect(mail.tls)
        #expect(mail.login == "ann")
    }

    @Test func refusalsAreToldApartFromAServerThatIsDown() throws {
        let server = try TestSMTPServer(.plain)
        let client = SMTPClient(server: try MailServer(url: server.url))
        try server.respond(with: "451 4.3.0 Busy, try later")
        #expect(throws: MailSendError.refusedForNow(code: 451, "")) { try sendIgnoringDetail(client) }
        try server.respond(with: "554 5.7.1 Not taken")
        #expect(throws: MailSendError.refused(code: 554, "")) { try sendIgnoringDetail(client) }
        server.stop()
        let failure = Self.failure(sending: client.server)
        guard case .unreachable = failure else { Issue.record("\(String(describing: failure))"); return }
    }

    private func sendIgnoringDetail(_ client: SMTPClient) throws(MailSendError) {
        do { try client.send(Self.message()) } catch {
            switch error {
            case .refusedForNow(let code, _): throw .refusedForNow(code: code, "")
            case .refused(let code, _): throw .refused(code: code, "")
            default: throw error
            }
        }
    }

    @Test func addressesWithCredentialsOrOtherSchemesAreRefused() {
        #expect(throws: MailServerError.self) { try MailServer(url: "smtp://ann:pw@mail.example.com:587") }
        #expect(throws: MailServerError.self) { try MailServer(url: "http://mail.example.com") }
        #expect(throws: MailServerError.self) { try MailServer(url: "smtp://mail.example.com/x") }
        #expect(throws: MailServerError.self) { try MailServer(url: "smtp://mail.example.com", username: "ann") }
        #expect((try? MailServer(url: "SMTPS://mail.example.com:465"))?.url == "smtps://mail.example.com:465")
        #expect((try? MailServer(url: "smtp://mail.example.com:587", username: "ann", password: "pw"))?.description == "smtp://mail.example.com:587 as ann")
    }
}
