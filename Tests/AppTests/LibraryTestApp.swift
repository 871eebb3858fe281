import App
import Foundation
import Glibc
import HTTPTestClient
import Imaging
import Testing

/// A temporary folder with a photo library root (`Photos/`), the app's data folder (`data/`) and a
/// secret file beside them (`secret.txt`) that no route may ever send. Removed when released.
final class LibraryWorkspace: Sendable {
    let base: URL
    let root: URL
    let data: URL
    /// What `secret.txt` (beside the data folder, and one inside it) holds.
    let secret: String

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-libapp-\(UUID().uuidString)", isDirectory: true)
        root = base.appendingPathComponent("Photos", isDirectory: true)
        data = base.appendingPathComponent("data", isDirectory: true)
        secret = "TOP-SECRET-\(UUID().uuidString)"
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        chmod(data.path, 0o700)  // as the app keeps it (else every start-up warns)
        try Data(secret.utf8).write(to: base.appendingPathComponent("secret.txt"))
        try Data(secret.utf8).write(to: data.appendingPathComponent("secret.txt"))
    }

    deinit { try? FileManager.default.removeItem(at: base) }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> [UInt8] {
        let file = url(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return bytes
    }

    /// A sample JPEG with camera metadata, written at `relative` under the root.
    @discardableResult
    func photo(
        _ relative: String, width: Int = 60, height: Int = 40, orientation: Int? = nil, taken: String? = nil,
        camera: (String, String)? = nil, gps: (Double, Double)? = nil, people: [String] = []
    ) throws -> [UInt8] {
        var exif: [String: String] = [:]
        if let taken { exif["exif-ifd2-DateTimeOriginal"] = taken }
        if let camera {
            exif["exif-ifd0-Make"] = camera.0
            exif["exif-ifd0-Model"] = camera.1
        }
        if let (latitude, longitude) = gps {
            exif["exif-ifd3-GPSLatitudeRef"] = latitude >= 0 ? "N" : "S"
            exif["exif-ifd3-GPSLatitude"] = Self.rational(abs(latitude))
            exif["exif-ifd3-GPSLongitudeRef"] = longitude >= 0 ? "E" : "W"
            exif["exif-ifd3-GPSLongitude"] = Self.rational(abs(longitude))
        }
        let seed = relative.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xff }
        let pixels = RasterImage(width: width, height: height) { x, y in [UInt8((x * 4 + seed) & 0xff), UInt8((y * 6) & 0xff), UInt8(seed)] }
        let bytes = try pixels.encoded(metadata: SampleMetadata(
            orientation: orientation, exif: exif, xmp: people.isEmpty ? nil : SampleMetadata.faceRegionsXMP(people)))
        return try write(relative, bytes)
    }

    static func rational(_ value: Double) -> String {
        let degrees = Int(value)
        let minutes = Int((value - Double(degrees)) * 60)
        let seconds = Int((((value - Double(degrees)) * 60 - Double(minutes)) * 60 * 10_000).rounded())
        return "\(degrees)/1 \(minutes)/1 \(seconds)/10000"
    }

    func setModified(_ relative: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, url(relative).path, &times, 0)
    }

    /// The standard library for the HTTP tests (7 files: 6 photos, one of them damaged, and a note).
    ///
    ///     top.jpg                          undated (file time 2024-06-01)
    ///     Family/rosa.jpg                  2020-03-03 16:00:00, Apple iPhone 14 Pro
    ///     Holidays/Lisbon/IMG_0412.jpg     2019-05-04 18:30:07, orientation 6, Canon, GPS, Ana + Ben
    ///     Holidays/Lisbon/IMG_0419.jpg     2019-05-04 19:00:00, Ana
    ///     Holidays/Lisbon/IMG_0433.jpg     2019-05-05 09:10:10 (a new event: 14 h later)
    ///     Pets/damaged.jpg                 a JPEG signature and nonsense (file time 2024-06-01)
    ///     Pets/notes.txt                   not a photo
    func writeStandardLibrary() throws {
        try photo("top.jpg", width: 50, height: 30)
        setModified("top.jpg", seconds: 1_717_243_200)
        try photo("Family/rosa.jpg", taken: "2020:03:03 16:00:00", camera: ("Apple", "iPhone 14 Pro"))
        try photo("Holidays/Lisbon/IMG_0412.jpg", width: 60, height: 40, orientation: 6, taken: "2019:05:04 18:30:07",
                  camera: ("Canon", "Canon EOS R6"), gps: (38.71124, -9.13956), people: ["Ana", "Ben"])
        try photo("Holidays/Lisbon/IMG_0419.jpg", taken: "2019:05:04 19:00:00", people: ["Ana"])
        try photo("Holidays/Lisbon/IMG_0433.jpg", taken: "2019:05:05 09:10:10")
        try write("Pets/damaged.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x13, count: 1000))
        setModified("Pets/damaged.jpg", seconds: 1_717_243_200)
        try write("Pets/notes.txt", Array("Shopping list: film, batteries.\n".utf8))
    }
    static let standardFileCount = 7
}

/// The real app serving a library workspace on an ephemeral port, with an in-process client.
final class LibraryTestApp: Sendable {
    let workspace: LibraryWorkspace
    let app: HomepwnerApp
    let client: HTTPTestClient

    init(workspace: LibraryWorkspace, roots: [String]? = nil, scan: Bool = true) throws {
        self.workspace = workspace
        var configuration = AppConfiguration(dataDirectory: workspace.data)
        configuration.port = 0
        configuration.accessLog = false
        configuration.libraryRoots = roots ?? [workspace.root.path]
        configuration.scanLibraryAtStart = scan
        app = try HomepwnerApp(configuration: configuration)
        client = .inProcess(app)
    }

    /// The standard library, served and scanned.
    static func standard() throws -> LibraryTestApp {
        let workspace = try LibraryWorkspace()
        try workspace.writeStandardLibrary()
        let app = try LibraryTestApp(workspace: workspace)
        try app.waitUntilScanned(total: LibraryWorkspace.standardFileCount)
        return app
    }

    deinit { app.shutdown() }

    /// Polls `/api/v1/library/status` until it says "ready" with every file scanned (and `total` files
    /// when given), or "inaccessible"; returns the last status.
    @discardableResult
    func waitUntilScanned(total: Int? = nil, timeout: TimeInterval = 60) throws -> LibraryStatusModel {
        let deadline = Date().addingTimeInterval(timeout)
        var last: LibraryStatusModel?
        while Date() < deadline {
            let status = try client.get("/api/v1/library/status", as: LibraryStatusModel.self)
            last = status
            if status.state == "inaccessible" { return status }
            if status.state == "ready", status.scanned == status.total, total == nil || status.total == total {
                return status
            }
            usleep(20_000)
        }
        throw TestAppError("the library scan did not finish: \(last.map { "\($0)" } ?? "no status")")
    }

    func getJSON(_ path: String) throws -> Any {
        let response = try client.get(path)
        guard response.status == 200, let json = response.json else { throw TestAppError("\(path) answered \(response.status): \(response.text)") }
        return json
    }

    func groups() throws -> [[String: Any]] {
        guard let groups = try getJSON("/api/v1/library/groups") as? [[String: Any]] else { throw TestAppError("groups is not a list") }
        return groups
    }

    func group(_ name: String, kind: String) throws -> [String: Any] {
        guard let group = try groups().first(where: { $0.string("name") == name && $0.string("kind") == kind }) else {
            throw TestAppError("no \(kind) named \(name)")
        }
        return group
    }

    /// The group's assets page as JSON.
    func page(_ groupID: String, query: String = "") throws -> [String: Any] {
        guard let page = try getJSON("/api/v1/library/groups/\(groupID)/assets\(query)") as? [String: Any] else {
            throw TestAppError("page is not an object")
        }
        return page
    }

    func assets(_ groupID: String) throws -> [[String: Any]] {
        (try page(groupID, query: "?limit=500"))["assets"] as? [[String: Any]] ?? []
    }

    func detail(_ assetID: String) throws -> [String: Any] {
        guard let detail = try getJSON("/api/v1/library/assets/\(assetID)") as? [String: Any] else { throw TestAppError("detail is not an object") }
        return detail
    }

    /// The asset whose file has this name, as the detail API shows it.
    func asset(named name: String) throws -> [String: Any] {
        for group in try groups() where group.string("kind") == "album" {
            for summary in try assets(group.string("id") ?? "") {
                let detail = try detail(summary.string("id") ?? "")
                if detail.string("fileName") == name { return detail }
            }
        }
        throw TestAppError("no photo named \(name)")
    }
}

func bytesContain(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Data(needle.utf8)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
    // Foundation's search, not a generic loop over slices: in a debug build that loop took three
    // quarters of the traversal tests' time (thousands of responses, three needles each).
    return Data(haystack).range(of: pattern) != nil
}
