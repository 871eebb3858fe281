import Foundation
import Imaging

/// Images from a camera, a phone or a stranger's upload: only their headers are read here.
enum ImageTargets {
    static let maxPixels = 40_000_000

    /// The header read from memory (an upload) and from a file (the photo library's scan) agree;
    /// neither passes the pixel limit.
    static func header(_ bytes: [UInt8]) throws(FuzzFailure) {
        let fromMemory = try? Imaging.inspect(bytes, maxPixels: maxPixels)
        let path = Scratch.folder + "/image"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw FuzzFailure(description: "cannot write \(path)") }
        let fromFile = try? Imaging.inspectFile(atPath: path, maxPixels: maxPixels)
        for info in [fromMemory, fromFile?.0].compactMap({ $0 }) {
            try require(info.width > 0 && info.height > 0 && info.width * info.height <= maxPixels, "\(info)")
            try require((1...8).contains(info.orientation), "orientation \(info.orientation)")
        }
        if let metadata = fromFile?.1 {
            if let latitude = metadata.latitude { try require(latitude.isFinite, "latitude \(latitude)") }
            if let longitude = metadata.longitude { try require(longitude.isFinite, "longitude \(longitude)") }
            try require(!metadata.people.contains(""), "an unnamed person")
        }
    }

    static func xmp(_ bytes: [UInt8]) throws(FuzzFailure) {
        let names = FaceRegions.names(in: Data(bytes))
        try require(Set(names).count == names.count && !names.contains(""), "names \(names)")
    }
}
