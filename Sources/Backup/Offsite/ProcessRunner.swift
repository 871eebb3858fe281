import Dispatch
import Foundation

/// Runs a program to its end and hands back its exit status and what it wrote. Standard input is
/// empty, so a program that would ask a question at a terminal fails instead of waiting forever.
enum ProcessRunner {
    struct Result: Sendable {
        let status: Int32
        let output: [UInt8]
        let errors: [UInt8]

        var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String], in folder: String? = nil) throws(BackupError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BackupError("cannot run \(executable): \(error.localizedDescription).")
        }
        // Both pipes drained at once: a program that fills one while we wait on the other never ends.
        let collected = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { collected.setErrors(errors.fileHandleForReading.readDataToEndOfFile()) }
        let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: [UInt8](standardOutput), errors: [UInt8](collected.errors))
    }

    private final class Collected: @unchecked Sendable {
        private(set) var errors = Data()
        /// Written once by the reading thread, read after `group.wait()`.
        func setErrors(_ data: Data) { errors = data }
    }

    /// The program `name` on the PATH, or nil.
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
