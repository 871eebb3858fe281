import Foundation
import HTTPServer

extension AppConfiguration {
    /// Whether everyone is served as the owner while no account exists: only on this computer, or
    /// when told to (`--insecure-open`). Refuses to start open to a network without being told.
    func opensWithoutAccounts(noAccounts: Bool) throws -> Bool {
        let loopback = Self.isLoopback(host)
        if noAccounts && !loopback && !insecureOpen {
            throw AppStartError("""
                Homepwner will not listen on \(host) without accounts: anyone who can reach it could read and \
                change your inventory. Create an owner first (homepwner user add NAME --role owner --data \
                \(dataFolder.url.path), with the password on standard input), listen on 127.0.0.1, or pass \
                --insecure-open if everyone on this network may use it.
                """)
        }
        // Behind a proxy every request comes from loopback: then only --insecure-open opens it.
        return (loopback && !trustProxy) || insecureOpen
    }

    /// The server's settings: address, TLS (read from its files now, so a bad path stops the start),
    /// limits, the spool folder, and errors answered through `errors` with the security headers.
    func serverConfiguration(errors: ErrorResponder) throws -> ServerConfiguration {
        var server = ServerConfiguration()
        server.host = host
        server.port = port
        server.accessLog = accessLog ? accessLogWriter : nil
        if let certificate = tlsCertificatePath, let key = tlsKeyPath {
            do {
                server.tls = (try String(contentsOfFile: certificate, encoding: .utf8), try String(contentsOfFile: key, encoding: .utf8))
            } catch {
                throw AppStartError("Cannot read the TLS certificate or key (\(certificate), \(key)): \(error.localizedDescription)")
            }
        }
        server.errorResponse = { request, error in
            var response = errors.response(for: request, error: error)
            SecurityHeaders.apply(to: &response, for: request)
            return response
        }
        server.loopbackIsProxy = trustProxy
        server.connectionsPerAddress = connectionsPerAddress
        server.spoolDirectory = dataFolder.uploadsInProgress.path
        return server
    }

    /// Whether `host` is this machine only (127.0.0.0/8, ::1, localhost).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.") || host == "::ffff:127.0.0.1"
    }
}
