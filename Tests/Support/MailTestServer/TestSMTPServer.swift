import Foundation

/// A real SMTP server for a test (`smtp_server.py`, aiosmtpd) on a free port of 127.0.0.1: plain,
/// STARTTLS or implicit TLS with a self-signed certificate made by openssl, with or without AUTH.
/// Stopped by `stop()` or when it is released.
public final class TestSMTPServer: @unchecked Sendable {
    public enum Security: Sendable { case plain, startTLS, implicitTLS }

    /// Where its messages are written (N.json) and its certificate kept.
    public let folder: URL
    public let port: Int
    public let security: Security
    public let credentials: (user: String, password: String)?
    private let process: Process
    private let input: Pipe

    /// The certificate's PEM (trust it to reach the server over TLS); nil for `.plain`.
    public var certificateFile: String? { security == .plain ? nil : folder.appendingPathComponent("cert.pem").path }

    public var url: String { "\(security == .implicitTLS ? "smtps" : "smtp")://localhost:\(port)" }

    /// Starts one; `port` reuses an earlier server's (a server down, then up again); `folder` keeps its messages.
    public init(_ security: Security = .plain, credentials: (user: String, password: String)? = nil, port: Int = 0, folder: URL? = nil) throws {
        self.security = security
        self.credentials = credentials
        let folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        var arguments = [Self.script, "--folder", folder.path, "--port", String(port)]
        if security != .plain {
            let cert = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
            if !FileManager.default.fileExists(atPath: cert) {
                let openssl = Process()
                openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
                openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                                     "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", cert]
                openssl.standardOutput = FileHandle.nullDevice
                openssl.standardError = FileHandle.nullDevice
                try openssl.run()
                openssl.waitUntilExit()
            }
            arguments += ["--cert", cert, "--key", key]
            if security == .implicitTLS { arguments.append("--implicit-tls") }
        }
        if let credentials { arguments += ["--user", credentials.user, "--password", credentials.password] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // Kept open while this process runs: the server ends when it closes.
        let input = Pipe()
        process.standardInput = input
        try process.run()
        self.process = process
        self.input = input
        // The first line: {"port": N}, once it listens.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], let port = object["port"] as? Int else {
            process.terminate()
            throw Failed(description: "the test SMTP server did not start (is python3-aiosmtpd installed?)")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops it and waits until it has ended (its port free again).
    public func stop() {
        guard process.isRunning else { return }
        // SIGKILL: a test process may hand its children SIGTERM blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// From now on, answers every message with `reply` ("451 4.3.0 Busy"); nil takes them again.
    public func respond(with reply: String?) throws {
        let file = folder.appendingPathComponent("respond")
        if let reply { try Data(reply.utf8).write(to: file) } else { try? FileManager.default.removeItem(at: file) }
    }

    /// Every message taken so far, in order.
    public func messages() throws -> [ReceivedMail] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        return try names.sorted { Int($0.dropLast(5))! < Int($1.dropLast(5))! }.map { name in
            try JSONDecoder().decode(ReceivedMail.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("smtp_server.py").path
    }

    public struct Failed: Error, CustomStringConvertible { public let description: String }
}

/// A message as the test server took it, parsed by Python's email package.
public struct ReceivedMail: Decodable, Sendable {
    public let mailFrom: String
    public let recipients: [String]
    public let tls: Bool
    public let login: String?
    /// Header fields, decoded (RFC 2047 undone).
    public let headers: [String: String]
    /// MIME types, the whole message first.
    public let types: [String]
    public let text: String?
    public let html: String?
}
