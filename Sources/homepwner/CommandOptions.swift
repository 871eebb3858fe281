/// A subcommand's arguments: `--name value` options, `--flag`s and the rest, in any order; `--help` prints `usage`.
struct CommandOptions {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []
    var helpShown = false

    init(_ arguments: [String], values names: Set<String>, flags flagNames: Set<String>, usage: String) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" {
                print(usage)
                helpShown = true
                return
            } else if names.contains(argument) {
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else { throw CommandLineError(message: "\(argument) needs a value. Run with --help.") }
                values[argument] = value
            } else if flagNames.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("--") {
                throw CommandLineError(message: "unknown option “\(argument)”. Run with --help.")
            } else {
                positional.append(argument)
            }
        }
    }
}
