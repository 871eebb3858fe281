import Foundation

/// Where e-mail is handed over: `smtp://host:port` (STARTTLS used when the server offers it, and
/// required when there are credentials, so a password never crosses in clear) or `smtps://host:port`
/// (TLS from the first byte). Credentials are never part of the URL: they come from the environment
/// or a file, and never appear in `description` or in an error.
public struct MailServer: Sendable, CustomStringConvertible {
    /// `smtp://host:port` or `smtps://host:port`, as given (without user, password or path).
    public let url: String
    public let username: String?
    public let password: String?
    /// A PEM file of the certificate authorities to trust instead of the system's (a test's self-signed certificate).
    public var caFile: String?
    /// Longest wait for the connection, and for the whole hand-over.
    public var connectTimeout: TimeInterval = 20
    public var timeout: TimeInterval = 60

    public init(url: String, username: String? = nil, password: String? = nil, caFile: String? = nil) throws(MailServerError) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme) else {
            throw MailServerError("The mail server's address must start with smtp:// or smtps://, such as smtp://mail.example.com:587.")
        }
        guard let host = parts.host, !host.isEmpty else {
            throw MailServerError("The mail server's address names no host: give smtp://host:port.")
        }
        guard parts.user == nil, parts.password == nil else {
            throw MailServerError("Put no user or password in the mail server's address: give them in HOMEPWNER_SMTP_USER and HOMEPWNER_SMTP_PASSWORD (or --smtp-password-file).")
        }
        guard parts.path.isEmpty || parts.path == "/", parts.query == nil, parts.fragment == nil else {
            throw MailServerError("The mail server's address is smtp://host:port or smtps://host:port, with nothing after the port.")
        }
        if (username == nil) != (password == nil) {
            throw MailServerError("Give both the mail server's user and password, or neither.")
        }
        self.url = "\(scheme)://\(parts.percentEncodedHost ?? host)\(parts.port.map { ":\($0)" } ?? "")"
        self.username = username
        self.password = password
        self.caFile = caFile
    }

    /// Implicit TLS (`smtps://`).
    public var isImplicitTLS: Bool { url.hasPrefix("smtps://") }

    /// The address and whether it signs in: never the password.
    public var description: String { url + (username.map { " as \($0)" } ?? "") }
}

/// A mail server's address or credentials that cannot be used; the message says what to change.
public struct MailServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
