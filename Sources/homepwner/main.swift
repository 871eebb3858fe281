import App
import Foundation

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
