import CodeReading
import Foundation

/// `homepwner read-codes FILE...`: the barcodes and 2-D codes on each photo, one JSON line per file
/// (what the item pages suggest; `bench/barcodes.py` measures it so).
enum ReadCodesCommand {
    static let usage = "Usage: homepwner read-codes FILE...\n\nPrints one JSON line per file: {\"file\", \"codes\": [{\"format\", \"text\", \"corners\"}], \"cutShort\"} or {\"file\", \"error\"}."

    static func run(_ arguments: [String]) throws {
        if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        let reader = CodeReader()
        var failed = false
        for file in arguments {
            var line: [String: Any] = ["file": file]
            do {
                let result = try reader.read(fileAtPath: file)
                line["codes"] = result.codes.map { code in
                    ["format": code.format, "text": code.text, "corners": code.corners.map { [$0.x, $0.y] }] as [String: Any]
                }
                line["cutShort"] = result.cutShort
            } catch {
                line["error"] = error.message
                failed = true
            }
            let json = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        }
        if failed { throw CommandLineError(message: "some files could not be read (see their \"error\").") }
    }
}
