import Foundation

/// Where tesseract's trained data is: `TESSDATA_PREFIX` when set, else the folders Debian's and
/// upstream's packages install it in.
public enum TessData {
    public static let debianFolders = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
    ]

    /// The first folder holding `<language>.traineddata`.
    public static func folder(
        holding language: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TextReadingError) -> String {
        var searched: [String] = []
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            searched += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        searched += debianFolders
        for folder in searched where FileManager.default.isReadableFile(atPath: "\(folder)/\(language).traineddata") {
            return folder
        }
        throw .languageDataMissing(language: language, searched: searched)
    }
}
