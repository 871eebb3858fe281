import Database
import Foundation
import Glibc
import Imaging
import PhotoLibrary
import ToolRunner

/// A temporary folder holding a photo library root (`Photos/`), a data folder (`data/`) with the
/// library's database and rendition cache, and whatever a test puts beside them (`outside/`).
/// Removed when the fixture goes away.
final class LibraryFixture: @unchecked Sendable {
    let base: URL
    let root: URL
    let data: URL
    private var openedDatabase: Database?

    init(rootName: String = "Photos") throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-library-\(UUID().uuidString)", isDirectory: true)
        root = base.appendingPathComponent(rootName, isDirectory: true)
        data = base.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    }

    deinit {
        // `rm -rf` copes with trees deeper than PATH_MAX, which FileManager does not.
        if (try? ToolRun("/bin/rm", ["-rf", base.path])) == nil { try? FileManager.default.removeItem(at: base) }
    }

    // MARK: The library

    /// The library's database (library tables only), opened once per fixture.
    func database() throws -> Database {
        if let openedDatabase { return openedDatabase }
        let database = try Database(path: data.appendingPathComponent("library.sqlite").path, migrations: LibrarySchema.migrations)
        openedDatabase = database
        return database
    }

    /// A library over `roots` (the fixture's root by default) on the fixture's database.
    func library(roots: [String]? = nil) throws -> PhotoLibrary {
        try PhotoLibrary(roots: roots ?? [root.path], database: try database(),
                         cacheDirectory: data.appendingPathComponent("library-cache"), maxPixels: 50_000_000)
    }

    /// A library over the fixture's root, scanned once (without the background thumbnail pass).
    func scannedLibrary() throws -> PhotoLibrary {
        let library = try library()
        library.scan(prefillRenditions: false)
        return library
    }

    // MARK: Files

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Writes `bytes` at `relative` under the root (folders made as needed).
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8], under folder: URL? = nil) throws -> URL {
        let file = (folder ?? root).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// Writes a sample JPEG at `relative` under the root (or `folder`) and returns its bytes.
    @discardableResult
    func photo(
        _ relative: String, width: Int = 48, height: Int = 32, orientation: Int? = nil, taken: String? = nil,
        camera: (make: String, model: String)? = nil, gps: (latitude: Double, longitude: Double)? = nil,
        people: [String] = [], xmp: String? = nil, under folder: URL? = nil
    ) throws -> [UInt8] {
        let bytes = try Self.jpeg(width: width, height: height, orientation: orientation, taken: taken, camera: camera, gps: gps,
                                  people: people, xmp: xmp, seed: relative.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xff })
        try write(relative, bytes, under: folder)
        return bytes
    }

    static func jpeg(
        width: Int = 48, height: Int = 32, orientation: Int? = nil, taken: String? = nil,
        camera: (make: String, model: String)? = nil, gps: (latitude: Double, longitude: Double)? = nil,
        people: [String] = [], xmp: String? = nil, seed: Int = 0
    ) throws -> [UInt8] {
        var exif: [String: String] = [:]
        if let taken { exif["exif-ifd2-DateTimeOriginal"] = taken }
        if let camera {
            exif["exif-ifd0-Make"] = camera.make
            exif["exif-ifd0-Model"] = camera.model
        }
        if let gps {
            exif["exif-ifd3-GPSLatitudeRef"] = gps.latitude >= 0 ? "N" : "S"
            exif["exif-ifd3-GPSLatitude"] = rationalDegrees(abs(gps.latitude))
            exif["exif-ifd3-GPSLongitudeRef"] = gps.longitude >= 0 ? "E" : "W"
            exif["exif-ifd3-GPSLongitude"] = rationalDegrees(abs(gps.longitude))
        }
        let pixels = RasterImage(width: width, height: height) { x, y in [UInt8((x * 5 + seed) & 0xff), UInt8((y * 7) & 0xff), UInt8(seed)] }
        return try pixels.encoded(metadata: SampleMetadata(
            orientation: orientation, exif: exif, xmp: xmp ?? (people.isEmpty ? nil : SampleMetadata.faceRegionsXMP(people))))
    }

    /// 38.71124 → "38/1 42/1 404640/10000" (degrees, minutes, seconds to 1/10000).
    static func rationalDegrees(_ value: Double) -> String {
        let degrees = Int(value)
        let minutes = Int((value - Double(degrees)) * 60)
        let seconds = Int((((value - Double(degrees)) * 60 - Double(minutes)) * 60 * 10_000).rounded())
        return "\(degrees)/1 \(minutes)/1 \(seconds)/10000"
    }

    /// A text file, which is not a photo.
    @discardableResult
    func text(_ relative: String, _ content: String = "not a photo\n") throws -> URL {
        try write(relative, Array(content.utf8))
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: url(relative))
    }

    /// Makes `relative` (under the root) a symbolic link to `destination` (relative or absolute, as given).
    func symlink(_ relative: String, to destination: String) throws {
        let link = url(relative)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }

    // MARK: Times

    /// The file's modification time, to the nanosecond.
    func modified(_ relative: String) -> timespec {
        var status = stat()
        _ = stat(url(relative).path, &status)
        return status.st_mtim
    }

    /// Sets the file's access and modification times.
    func setModified(_ relative: String, to time: timespec) {
        var times = [time, time]
        let result = utimensat(AT_FDCWD, url(relative).path, &times, 0)
        precondition(result == 0, "utimensat failed: \(String(cString: strerror(errno)))")
    }

    func setModified(_ relative: String, seconds: Int, nanoseconds: Int = 0) {
        setModified(relative, to: timespec(tv_sec: seconds, tv_nsec: nanoseconds))
    }
}

/// `yyyy:MM:dd HH:mm:ss` for a wall-clock time given as seconds since 1970 in UTC, as EXIF writes dates.
func exifDate(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(format: "%04d:%02d:%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
}

/// The wall-clock time `yyyy-MM-dd HH:mm:ss`, as the library stores camera times (as if UTC).
func wallClock(_ text: String) -> Date {
    let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int($0)! }
    var components = DateComponents(year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4], second: digits[5])
    components.timeZone = TimeZone(identifier: "UTC")
    return Calendar(identifier: .gregorian).date(from: components)!
}

/// XMP with Microsoft People Tags, names as attributes.
func microsoftPeopleXMP(_ names: [String]) -> String {
    let regions = names.map { "<rdf:li><rdf:Description MPReg:PersonDisplayName=\"\($0)\" MPReg:Rectangle=\"0.1, 0.1, 0.2, 0.2\"/></rdf:li>" }.joined()
    return """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:MP="http://ns.microsoft.com/photo/1.2/" \
        xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#" xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#">\
        <MP:RegionInfo rdf:parseType="Resource"><MPRI:Regions><rdf:Bag>\(regions)</rdf:Bag></MPRI:Regions></MP:RegionInfo>\
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
}

extension PhotoLibrary {
    /// Every photo in every album (each photo is in exactly one album).
    func allAssets() throws -> [LibraryAsset] {
        try groups().filter { $0.kind == .album }.flatMap { try assets(inGroup: $0.id, offset: 0, limit: 10_000)?.assets ?? [] }
    }

    /// The photo whose file has this name (the first, when several do).
    func asset(named name: String) throws -> LibraryAsset? {
        guard let found = try allAssets().first(where: { $0.fileName == name }) else { return nil }
        return try asset(id: found.id)
    }

    func albumGroups() throws -> [LibraryGroup] { try groups().filter { $0.kind == .album } }
    func eventGroups() throws -> [LibraryGroup] { try groups().filter { $0.kind == .event } }
    func faceGroups() throws -> [LibraryGroup] { try groups().filter { $0.kind == .faces } }

    func album(named name: String) throws -> LibraryGroup? { try albumGroups().first { $0.name == name } }

    /// File names of a group's photos, in the group's order.
    func fileNames(inGroup id: String) throws -> [String] {
        try assets(inGroup: id, offset: 0, limit: 10_000)?.assets.map(\.fileName) ?? []
    }
}

/// Whether `haystack` contains `needle`'s UTF-8 bytes.
func containsBytes(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
    return (0...(haystack.count - pattern.count)).contains { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
}

/// Replaces every occurrence of `old` with `new` (same length) in `bytes`.
func replacingBytes(_ bytes: [UInt8], _ old: String, with new: String) -> [UInt8] {
    let from = Array(old.utf8), to = Array(new.utf8)
    precondition(from.count == to.count, "replacements must keep the size")
    var result = bytes
    var index = 0
    while index + from.count <= result.count {
        if result[index..<(index + from.count)].elementsEqual(from) {
            result.replaceSubrange(index..<(index + from.count), with: to)
            index += from.count
        } else {
            index += 1
        }
    }
    return result
}
