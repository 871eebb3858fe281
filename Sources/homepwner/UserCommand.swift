import Accounts
import App
import Database
import Foundation

/// `homepwner user …`: accounts from the command line. Passwords are read from standard input (one
/// line), never from arguments, where other users of the machine could see them.
enum UserCommand {
    static let usage = """
        Usage:
          homepwner user add NAME --role owner|editor|viewer [--library PATH]... [--data DIR]
          homepwner user list [--data DIR]
          homepwner user remove NAME [--data DIR]
          homepwner user passwd NAME [--data DIR]
          homepwner user role NAME owner|editor|viewer [--data DIR]
          homepwner user grant NAME [--library PATH]... [--data DIR]   (no --library: no libraries)

        add and passwd read the password from standard input. passwd also revokes the account's API
        tokens and signs it out everywhere.
        """

    static func run(_ arguments: [String]) throws {
        var positional: [String] = []
        var data = URL(fileURLWithPath: "data")
        var role: Role?
        var libraries: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                print(usage)
                return
            case "--data":
                guard let value = remaining.popFirst() else { throw CommandLineError(message: "--data needs a folder.") }
                data = URL(fileURLWithPath: value)
            case "--role":
                guard let value = remaining.popFirst(), let parsed = Role(rawValue: value) else {
                    throw CommandLineError(message: "--role must be owner, editor or viewer.")
                }
                role = parsed
            case "--library":
                guard let value = remaining.popFirst() else { throw CommandLineError(message: "--library needs a folder.") }
                libraries.append(URL(fileURLWithPath: value).standardizedFileURL.path)
            default:
                positional.append(argument)
            }
        }
        guard let command = positional.first else { throw CommandLineError(message: usage) }
        let accounts = try DataFolder(data).openEnvironment().accounts
        do {
            switch (command, positional.count) {
            case ("add", 2):
                guard let role else { throw CommandLineError(message: "say which role: --role owner, editor or viewer.") }
                let account = try accounts.create(name: positional[1], password: try readPassword(), role: role, libraryGrants: Set(libraries))
                print("Added \(account.name) (\(account.role.rawValue)).")
            case ("list", 1):
                for account in try accounts.all() {
                    let grants = account.libraryGrants.sorted().joined(separator: ", ")
                    print("\(account.name)\t\(account.role.rawValue)\t\(grants.isEmpty ? "no libraries" : grants)")
                }
            case ("remove", 2):
                try accounts.remove(name: positional[1])
                print("Removed \(positional[1]); their sessions and API tokens no longer work.")
            case ("passwd", 2):
                // An owner's reset: whatever the old password let someone make stops working too.
                let revoked = try accounts.setPassword(name: positional[1], password: try readPassword())
                print("Changed the password of \(positional[1]); they are signed out everywhere and \(revoked == 1 ? "their API token was" : "their \(revoked) API tokens were") revoked.")
            case ("role", 3):
                guard let newRole = Role(rawValue: positional[2]) else { throw CommandLineError(message: "the role is owner, editor or viewer.") }
                try accounts.setRole(name: positional[1], role: newRole)
                print("\(positional[1]) is now \(newRole.rawValue).")
            case ("grant", 2):
                try accounts.setLibraryGrants(name: positional[1], roots: Set(libraries))
                print(libraries.isEmpty ? "\(positional[1]) now sees no photo library." : "\(positional[1]) now sees \(libraries.joined(separator: ", ")).")
            default:
                throw CommandLineError(message: usage)
            }
        } catch let error as AccountError {
            throw CommandLineError(message: error.description)
        }
    }

    /// One line from standard input, without its line break.
    private static func readPassword() throws -> String {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandLineError(message: "type the password on standard input (for example: echo 'secret words' | homepwner user add …).")
        }
        return line
    }
}
