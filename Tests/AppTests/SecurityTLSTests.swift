import App
import Foundation
import Testing
import ToolRunner

/// HTTPS as Mozilla's "intermediate" profile has it: TLS 1.2 and 1.3 only, forward-secret AEAD
/// suites, the server's order. Checked with OpenSSL's own client, told to offer everything it can.
@Suite(.serialized) struct SecurityTLSTests {
    /// What `openssl s_client` negotiated: the protocol and cipher, or nil when the handshake failed.
    static func handshake(port: UInt16, _ options: [String]) throws -> (protocol: String, cipher: String)? {
        // -brief writes the connection's summary to standard error.
        let result = try ToolRun("/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(port)", "-brief"] + options)
        let lines = (result.output + result.errors).split(separator: "\n")
        guard let line = lines.first(where: { $0.contains("Ciphersuite:") }),
              let version = lines.first(where: { $0.contains("Protocol version:") }) else { return nil }
        return (String(version.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces),
                String(line.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces))
    }

    @Test func onlyModernProtocolsAndForwardSecretAEADSuitesAreOffered() throws {
        let certificates = try TestDataFolder()
        let (certificate, key) = try SecurityHardeningTests.selfSignedCertificate(in: certificates.url)
        let app = try SecuredApp {
            $0.tlsCertificatePath = certificate
            $0.tlsKeyPath = key
        }
        let port = app.app.port
        // The client offers everything, however weak, so only the server's refusal can stop it.
        let anything = "ALL:COMPLEMENTOFALL:@SECLEVEL=0"
        for version in ["-tls1", "-tls1_1"] {
            #expect(try Self.handshake(port: port, [version, "-cipher", anything]) == nil, "\(version) was accepted")
        }
        for weak in ["AES128-SHA", "AES256-GCM-SHA384", "ECDHE-RSA-AES128-SHA", "ECDHE-RSA-AES256-SHA384", "DHE-RSA-AES128-SHA"] {
            let negotiated = try Self.handshake(port: port, ["-tls1_2", "-cipher", "\(weak):@SECLEVEL=0"])
            #expect(negotiated == nil, "TLS 1.2 with \(weak) was accepted")
        }
        // The server picks from its own order, whatever the client prefers.
        let clientOrder = "ECDHE-RSA-CHACHA20-POLY1305:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256:AES128-SHA:@SECLEVEL=0"
        let tls12 = try #require(try Self.handshake(port: port, ["-tls1_2", "-cipher", clientOrder]))
        #expect(tls12.protocol == "TLSv1.2" && tls12.cipher == "ECDHE-RSA-AES128-GCM-SHA256", "\(tls12)")
        let tls13 = try #require(try Self.handshake(port: port, ["-tls1_3"]))
        #expect(tls13.protocol == "TLSv1.3", "\(tls13)")
        withExtendedLifetime(certificates) {}
    }
}
