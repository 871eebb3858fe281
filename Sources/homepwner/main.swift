import App
import Foundation

// Everything Homepwner makes (the data folder's files, exports, reports, backups) is for its own user
// only, whatever umask it was started with; the data folder's own files are made so explicitly too.
umask(0o077)
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try CommandLineInterface.run(arguments)
} catch let error as CommandLineError {
    FileHandle.standardError.write(Data("homepwner: \(error.message)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("homepwner: \(error)\n".utf8))
    exit(1)
}
