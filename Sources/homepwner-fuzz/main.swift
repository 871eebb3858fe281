import FuzzTargets
@preconcurrency import Glibc

// `homepwner-fuzz TARGET [libFuzzer options] [corpus folders]`: one fuzz target under libFuzzer.
// libFuzzer is linked in only by reliability/fuzz.sh's build (with AddressSanitizer and coverage);
// its driver is looked up at run time so that an ordinary `swift build` links this program too.

typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
typealias RunDriver = @convention(c) (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, TestOneInput) -> Int32

enum Selected {
    static let target: FuzzTarget = {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        guard CommandLine.arguments.count > 1, let target = FuzzTarget(rawValue: CommandLine.arguments[1]) else {
            fputs("usage: homepwner-fuzz TARGET [libFuzzer options] [corpus folders]\ntargets: \(names)\n", stderr)
            exit(2)
        }
        return target
    }()
}

_ = Selected.target
guard let driver = dlsym(nil, "LLVMFuzzerRunDriver").map({ unsafeBitCast($0, to: RunDriver.self) }) else {
    fputs("homepwner-fuzz was built without libFuzzer, so it cannot fuzz. Build and run it with reliability/fuzz.sh.\n", stderr)
    exit(2)
}

// libFuzzer sees the arguments after the target's name.
var arguments = [CommandLine.unsafeArgv[0]] + (2..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] } + [nil]
var count = Int32(arguments.count - 1)
let status = arguments.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    return driver(&count, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        do {
            try Selected.target.run(bytes)
        } catch {
            fputs("homepwner-fuzz \(Selected.target.rawValue): \(error)\n", stderr)
            abort()
        }
        return 0
    }
}
exit(status)
