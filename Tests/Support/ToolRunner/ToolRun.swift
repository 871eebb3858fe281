import Foundation
import Synchronization

/// A command-line tool run to its end for a test: how it ended and what it printed, standard output
/// and standard error apart (a tool's warnings must not change the output a test reads).
public struct ToolRun: Sendable {
    public let status: Int32
    public let output: String
    public let errors: String

    public var succeeded: Bool { status == 0 }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// Runs `executable` (a path: `/usr/bin/env` finds a tool on the PATH) with `arguments` and
    /// waits for it to end; throws only when it cannot be started.
    public init(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are read at once: a tool that fills one while the other is read would wait for good.
        let errorBytes = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorBytes.withLock { $0 = data }
            errorsRead.signal()
        }
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = String(decoding: outputBytes, as: UTF8.self)
        self.errors = errorBytes.withLock { String(decoding: $0, as: UTF8.self) }
    }

    /// What a run that must succeed printed; throws with its standard error when it fails.
    public static func output(of executable: String, _ arguments: [String]) throws -> String {
        let run = try ToolRun(executable, arguments)
        guard run.succeeded else {
            throw Failed(description: "\(executable) \(arguments.joined(separator: " ")) ended with \(run.status): \(run.errors)\(run.output)")
        }
        return run.output
    }

    /// SHA-256 of `bytes` by `sha256sum`, independent of the libsodium the stores hash with.
    public static func sha256sum(_ bytes: [UInt8]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try output(of: "/usr/bin/sha256sum", [file.path]).split(separator: " ").first.map(String.init) ?? ""
    }
}
