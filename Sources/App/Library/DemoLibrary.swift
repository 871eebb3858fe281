import Dispatch
import Foundation
import Synchronization
import Imaging
@preconcurrency import Glibc

/// A small photo library for `--demo`, written once into the data folder: albums in nested folders,
/// EXIF capture dates over several years (so events form), a few EXIF orientations, GPS on some,
/// XMP face regions naming people, photos without dates, a file that is not a photo and a damaged one.
enum DemoLibrary {
    struct Photo {
        let folder: String
        let name: String
        let emoji: String
        /// `yyyy:MM:dd HH:mm:ss`, or nil for a photo without EXIF dates (the file time is used).
        let taken: String?
        var orientation = 1
        var place: (Double, Double)?
        var people: [String] = []
        var camera = ("Canon", "Canon EOS R6")
    }

    static let lisbon = (38.71124, -9.13956)
    static let alps = (46.55771, 7.98547)
    static let iPhone = ("Apple", "iPhone 14 Pro")
    static let fuji = ("FUJIFILM", "X-T4")

    static let photos: [Photo] = [
        Photo(folder: "Holidays/Lisbon 2019", name: "IMG_0412.jpg", emoji: "🏛️", taken: "2019:05:04 12:00:10", place: lisbon, people: ["Ana"]),
        Photo(folder: "Holidays/Lisbon 2019", name: "IMG_0419.jpg", emoji: "🚋", taken: "2019:05:04 18:31:02", place: lisbon),
        Photo(folder: "Holidays/Lisbon 2019", name: "IMG_0433.jpg", emoji: "🐟", taken: "2019:05:05 01:45:44", orientation: 6, place: lisbon, people: ["Ana", "Ben"]),
        Photo(folder: "Holidays/Lisbon 2019", name: "IMG_0440.jpg", emoji: "🌅", taken: "2019:05:05 09:10:10", place: lisbon),
        Photo(folder: "Holidays/Lisbon 2019", name: "IMG_0458.jpg", emoji: "⛵", taken: "2019:05:05 16:40:09", place: lisbon, people: ["Ben"]),
        Photo(folder: "Holidays/Alps 2021", name: "DSCF1201.jpg", emoji: "🏔️", taken: "2021:02:12 09:15:00", place: alps, camera: fuji),
        Photo(folder: "Holidays/Alps 2021", name: "DSCF1207.jpg", emoji: "⛷️", taken: "2021:02:12 11:48:30", place: alps, people: ["Ben"], camera: fuji),
        Photo(folder: "Holidays/Alps 2021", name: "DSCF1215.jpg", emoji: "🚠", taken: "2021:02:12 18:02:12", orientation: 8, place: alps, camera: fuji),
        Photo(folder: "Holidays/Alps 2021", name: "DSCF1230.jpg", emoji: "❄️", taken: "2021:02:13 01:30:45", place: alps, camera: fuji),
        Photo(folder: "Family/Birthdays", name: "rosa-80-1.jpg", emoji: "🎂", taken: "2020:03:03 16:00:00", people: ["Grandma Rosa", "Ana"], camera: iPhone),
        Photo(folder: "Family/Birthdays", name: "rosa-80-2.jpg", emoji: "🎈", taken: "2020:03:03 16:20:41", people: ["Grandma Rosa"], camera: iPhone),
        Photo(folder: "Family/Birthdays", name: "rosa-80-3.jpg", emoji: "🎁", taken: "2020:03:03 17:05:13", orientation: 6, people: ["Grandma Rosa", "Ben", "Ana"], camera: iPhone),
        Photo(folder: "Family/Birthdays", name: "ben-30-1.jpg", emoji: "🥳", taken: "2023:07:19 19:45:00", people: ["Ben"], camera: iPhone),
        Photo(folder: "Family/Birthdays", name: "ben-30-2.jpg", emoji: "🕯️", taken: "2023:07:19 21:10:27", people: ["Ben", "Ana"], camera: iPhone),
        Photo(folder: "Home/Renovation", name: "kitchen-before.jpg", emoji: "🔨", taken: "2022:08:06 16:30:00", camera: iPhone),
        Photo(folder: "Home/Renovation", name: "kitchen-tiles.jpg", emoji: "🪚", taken: "2022:08:06 22:12:12", camera: iPhone),
        Photo(folder: "Home/Renovation", name: "kitchen-paint.jpg", emoji: "🎨", taken: "2022:08:07 05:55:00", orientation: 3, camera: iPhone),
        Photo(folder: "Home/Renovation", name: "kitchen-after.jpg", emoji: "🪴", taken: "2022:08:09 18:20:00", people: ["Ana"], camera: iPhone),
        Photo(folder: "Pets", name: "biscuit.jpg", emoji: "🐶", taken: nil),
        Photo(folder: "Pets", name: "pepper.jpg", emoji: "🐱", taken: nil, orientation: 8),
        Photo(folder: "Pets", name: "walk.jpg", emoji: "🐕", taken: nil),
        Photo(folder: "", name: "sunflower.jpg", emoji: "🌻", taken: "2018:06:21 12:00:00", camera: iPhone),
        Photo(folder: "", name: "road-trip.jpg", emoji: "🚗", taken: "2024:09:14 07:45:10", place: (44.42763, 26.10254), camera: iPhone),
    ]

    static let palettes: [([UInt8], [UInt8])] = [
        ([52, 73, 94], [133, 193, 233]), ([39, 174, 96], [241, 196, 15]), ([142, 68, 173], [236, 112, 99]),
        ([21, 67, 96], [72, 201, 176]), ([192, 57, 43], [245, 176, 65]), ([44, 62, 80], [174, 214, 241]),
    ]

    /// Writes the library under `folder` unless it is already there; returns the folder.
    @discardableResult
    static func write(into folder: URL) throws -> URL {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) { return folder }
        let staging = folder.deletingLastPathComponent().appendingPathComponent(".demo-library-\(UUID().uuidString)")
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: photos.count) { index in
            let photo = photos[index]
            do {
                let directory = photo.folder.isEmpty ? staging : staging.appendingPathComponent(photo.folder)
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
                let file = directory.appendingPathComponent(photo.name)
                try Data(try jpeg(for: photo, palette: palettes[index % palettes.count])).write(to: file)
                if photo.taken == nil {
                    // Photos without EXIF dates are placed in time by their file's date.
                    var times = [timespec(tv_sec: 1_717_000_000 + index * 10_800, tv_nsec: 0), timespec(tv_sec: 1_717_000_000 + index * 10_800, tv_nsec: 0)]
                    _ = utimensat(AT_FDCWD, file.path, &times, 0)
                }
            } catch {
                failures.withLock { $0.append("\(photo.name): \(error)") }
            }
        }
        if let failure = failures.withLock({ $0.first }) {
            try? manager.removeItem(at: staging)
            throw AppStartError("Could not write the demo library: \(failure)")
        }
        try Data("Shopping list: film, batteries.\n".utf8).write(to: staging.appendingPathComponent("Pets/notes.txt"))
        let damaged = try jpeg(for: photos[0], palette: palettes[0])
        try Data(damaged.prefix(damaged.count / 3)).write(to: staging.appendingPathComponent("Pets/damaged.jpg"))
        try manager.moveItem(at: staging, to: folder)
        return folder
    }

    private static func jpeg(for photo: Photo, palette: ([UInt8], [UInt8])) throws -> [UInt8] {
        var exif: [String: String] = [:]
        if let taken = photo.taken {
            exif["exif-ifd0-Make"] = photo.camera.0
            exif["exif-ifd0-Model"] = photo.camera.1
            exif["exif-ifd2-DateTimeOriginal"] = taken
        }
        if let (latitude, longitude) = photo.place {
            exif["exif-ifd3-GPSLatitudeRef"] = latitude >= 0 ? "N" : "S"
            exif["exif-ifd3-GPSLatitude"] = rationalDegrees(abs(latitude))
            exif["exif-ifd3-GPSLongitudeRef"] = longitude >= 0 ? "E" : "W"
            exif["exif-ifd3-GPSLongitude"] = rationalDegrees(abs(longitude))
        }
        let metadata = SampleMetadata(orientation: photo.orientation, exif: exif,
                                      xmp: photo.people.isEmpty ? nil : SampleMetadata.faceRegionsXMP(photo.people))
        return try SamplePhoto.jpeg(emoji: photo.emoji, width: 2400, height: 1800, colors: palette, metadata: metadata)
    }

    /// 38.71124 → "38/1 42/1 4046/100" (degrees, minutes, hundredths of seconds).
    static func rationalDegrees(_ value: Double) -> String {
        let degrees = Int(value)
        let minutes = Int((value - Double(degrees)) * 60)
        let seconds = Int(((value - Double(degrees)) * 60 - Double(minutes)) * 60 * 100)
        return "\(degrees)/1 \(minutes)/1 \(seconds)/100"
    }
}
