import App
import Backup
import Clocks
import Foundation
import HTTPTestClient
import Inventory
import Testing
import ToolRunner

/// A real data folder from the last build before households (`Tests/Fixtures/datafolders/before-households`,
/// made by `scripts/make-datafolder-fixture.py` through that build's CLI and API), opened by the
/// current code: once the households migrations have run on it, a one-household user sees nothing
/// changed. Every GET that build answered is asked again with the same tokens and must be answered
/// byte for byte as it was; every file is at its old URL; every printed label opens its thing.
@Suite struct HouseholdUpgradeTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/datafolders/before-households")
    /// The host the answers were asked at (links in them are made from it).
    static let host = "127.0.0.1:8080"

    /// One recorded GET (`answers/index.json`).
    struct Answer: Decodable {
        let name: String
        /// "owner", "editor", "viewer" (that account's API token) or "nobody".
        let who: String
        let path: String
        let accept: String
        let range: String?
        let status: Int
        /// Content-Type, Content-Disposition, Content-Range, Location, Cache-Control and ETag, as sent.
        let headers: [String: String]
        /// The server's `Date`: the clock is set to it, as day-dependent answers (an age, "due soon",
        /// a feed's DTSTAMP) were made then.
        let servedAt: Double?
        let body: String
    }

    struct Secrets: Decodable {
        struct Account: Decodable { let name: String, token: String }
        let owner: Account, editor: Account, viewer: Account
        let adjusterLink: String
        let calendarFeed: String
    }

    static let answersToRewrite = Set((ProcessInfo.processInfo.environment["HOMEPWNER_REWRITE_ANSWERS"] ?? "").split(separator: ",").map(String.init))

    /// The headers an answer is compared by (the script's `KEPT_HEADERS`).
    static let comparedHeaders = ["Content-Type", "Content-Disposition", "Content-Range", "Location", "Cache-Control", "ETag"]

    /// The fixture's data folder copied to a temporary one (the fixture stays as it was made), served
    /// by the current code with its clock at the first answer's time.
    struct UpgradedApp {
        let app: TestApp
        let clock: TestClock
        let answers: [Answer]
        let secrets: Secrets

        init() throws {
            answers = try JSONDecoder().decode([Answer].self, from: Data(contentsOf: fixture.appendingPathComponent("answers/index.json")))
            secrets = try JSONDecoder().decode(Secrets.self, from: Data(contentsOf: fixture.appendingPathComponent("tokens.json")))
            let folder = try TestDataFolder()
            let data = fixture.appendingPathComponent("data")
            for name in try FileManager.default.contentsOfDirectory(atPath: data.path) {
                try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
            }
            let clock = TestClock(Date(timeIntervalSince1970: try #require(answers.first?.servedAt)))
            self.clock = clock
            // HomepwnerApp opens the folder with DataFolder.openEnvironment: the upgrade, once there is one.
            app = try TestApp(folder: folder) { $0.clock = clock }
        }

        func headers(for who: String, accept: String, range: String? = nil) -> [String: String] {
            var headers = ["Host": HouseholdUpgradeTests.host, "Accept": accept]
            switch who {
            case "owner": headers["Authorization"] = "Bearer \(secrets.owner.token)"
            case "editor": headers["Authorization"] = "Bearer \(secrets.editor.token)"
            case "viewer": headers["Authorization"] = "Bearer \(secrets.viewer.token)"
            default: break
            }
            if let range { headers["Range"] = range }
            return headers
        }

        func get(_ path: String, as who: String = "owner", accept: String = "*/*") throws -> TestResponse {
            try app.client.get(path, headers: headers(for: who, accept: accept))
        }

        func recordedBody(of name: String) throws -> [UInt8] {
            let answer = try #require(answers.first { $0.name == name }, "no recorded answer named \(name)")
            return try [UInt8](Data(contentsOf: fixture.appendingPathComponent("answers").appendingPathComponent(answer.body)))
        }
    }

    @Test func everyRecordedGETIsAnsweredAsTheOlderBuildAnsweredIt() throws {
        let upgraded = try UpgradedApp()
        #expect(upgraded.answers.count >= 40)
        for answer in upgraded.answers {
            if let servedAt = answer.servedAt {
                upgraded.clock.advance(by: servedAt - upgraded.clock.now.timeIntervalSince1970)
            }
            let response = try upgraded.app.client.get(answer.path, headers: upgraded.headers(for: answer.who, accept: answer.accept, range: answer.range))
            // An answer changed on purpose since the fixture was made (a wording, a new field) is written
            // again from this build, named one by one, in the commit that changes it, saying why:
            // HOMEPWNER_REWRITE_ANSWERS=reminders,calendar-feed swift test --filter HouseholdUpgradeTests
            if Self.answersToRewrite.contains(answer.name) {
                try Data(response.body).write(to: Self.fixture.appendingPathComponent("answers").appendingPathComponent(answer.body))
            }
            let recorded = try upgraded.recordedBody(of: answer.name)
            if let difference = Self.difference(between: answer, recorded: recorded, and: response) {
                Issue.record("GET \(answer.path) (\(answer.name), as \(answer.who)) is answered differently:\n\(difference)")
            }
        }
    }

    /// The folder was upgraded, not merely read: it is one household now, named after its home, with
    /// each of its accounts a member in the role it had.
    @Test func theFolderIsOneHouseholdWithEveryAccountInItsRole() throws {
        let upgraded = try UpgradedApp()
        let dump = try SchemaUpgradeTests.Dump(DataFolder(upgraded.app.folder.url).databasePath)
        #expect(try dump.strings("SELECT id || ' ' || name || ' ' || id_prefix FROM households") == ["1 Home 0"])
        #expect(try dump.strings("""
            SELECT a.name || ' ' || m.role FROM household_members m JOIN accounts a ON a.id = m.account_id ORDER BY a.name
            """) == ["\(upgraded.secrets.editor.name) editor", "\(upgraded.secrets.owner.name) owner", "\(upgraded.secrets.viewer.name) viewer"].sorted())
        #expect(try dump.strings("SELECT count(*) FROM items WHERE household_id IS NOT 1") == ["0"])
    }

    @Test func everyFileIsServedAtItsOldURL() throws {
        let upgraded = try UpgradedApp()
        let data = Self.fixture.appendingPathComponent("data")
        // Every photo's original, by the address its hash gives it, and its renditions made again.
        let images = data.appendingPathComponent("images")
        var originals = 0
        for case let path as String in FileManager.default.enumerator(atPath: images.path)! where (path as NSString).lastPathComponent.hasPrefix("original.") {
            let parts = path.split(separator: "/")
            let hash = parts[parts.count - 2], file = parts[parts.count - 1]
            let response = try upgraded.get("/images/\(hash)/\(file)", as: "viewer")
            let kept = try [UInt8](Data(contentsOf: images.appendingPathComponent(path)))
            #expect(response.status == 200 && response.body == kept,
                    "/images/\(hash)/\(file) answers \(response.status) with \(response.body.count) bytes")
            originals += 1
        }
        #expect(originals == 3)
        // Every URL the item list gave: photos (and their renditions) and documents.
        let items = try #require(try JSONSerialization.jsonObject(with: Data(upgraded.recordedBody(of: "item-list"))) as? [[String: Any]])
        #expect(items.count == 6)
        for item in items {
            for photo in item["photos"] as? [[String: Any]] ?? [] {
                for key in ["originalURL", "screenURL", "thumbnailURL"] {
                    let url = try #require(photo[key] as? String)
                    let response = try upgraded.get(url)
                    #expect(response.status == 200 && response.header("Content-Type") == "image/jpeg" && !response.body.isEmpty,
                            "\(item["name"] ?? "?")'s \(key) \(url) answers \(response.status)")
                }
            }
            for document in item["documents"] as? [[String: Any]] ?? [] {
                let url = try #require(document["url"] as? String)
                let response = try upgraded.get(url, as: "viewer")
                #expect(response.status == 200 && response.body.count == document["size"] as? Int
                        && Self.sha256(response.body) == document["sha256"] as? String, "the document at \(url) answers \(response.status)")
            }
        }
        // The walk-through's video and the expense's receipt, whole.
        let videos = data.appendingPathComponent("videos")
        let video = try #require(FileManager.default.enumerator(atPath: videos.path)?.compactMap { $0 as? String }.first { $0.hasSuffix("/original") })
        let walkthrough = try upgraded.get("/walkthroughs/1/video")
        let keptVideo = try [UInt8](Data(contentsOf: videos.appendingPathComponent(video)))
        #expect(walkthrough.status == 200 && walkthrough.body == keptVideo)
        let receipt = try upgraded.get("/api/v1/claims/1/expenses/1/receipt", as: "viewer")
        let keptReceipt = try upgraded.recordedBody(of: "claim-expense-receipt")
        #expect(receipt.status == 200 && receipt.body == keptReceipt)
    }

    @Test func printedLabelCodesStillOpenTheirThings() throws {
        let upgraded = try UpgradedApp()
        let places = try #require(try JSONSerialization.jsonObject(with: Data(upgraded.recordedBody(of: "locations"))) as? [[String: Any]])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(upgraded.recordedBody(of: "item-list"))) as? [[String: Any]])
        #expect(places.count == 4 && items.count == 6)
        var codes: [(code: String, opens: String)] = []
        for place in places { codes.append((LabelCode(place: Location.ID(place.id)).description, "/locations/\(place.id)")) }
        for item in items { codes.append((LabelCode(item: Item.ID(item.id)).description, "/items/\(item.id)")) }
        for (code, opens) in codes {
            let response = try upgraded.get("/l/\(code)", accept: "text/html")
            #expect(response.status == 303 && response.header("Location") == opens, "label \(code) answers \(response.status) to \(response.header("Location") ?? "nowhere"), not \(opens)")
        }
        // The Garage (place 5) and the Old lamp (item 6) were deleted: their labels say so.
        for code in [LabelCode(place: Location.ID(5)).description, LabelCode(item: Item.ID(6)).description] {
            let response = try upgraded.get("/l/\(code)", accept: "text/html")
            #expect(response.status == 410, "the deleted thing's label \(code) answers \(response.status)")
        }
    }

    @Test func aBackupMadeAfterTheUpgradeIsVerifiedAndRestoresTheSameAnswers() throws {
        let upgraded = try UpgradedApp()
        let folder = DataFolder(upgraded.app.folder.url)
        let backups = try TestDataFolder()
        let outcome = try BackupJob(source: folder.backupSource(try folder.openDatabase()), store: BackupStore(path: backups.url.path),
                                    status: folder.backupStatus).run()
        #expect(outcome.succeeded, "the backup: \(outcome.problem ?? "")")
        // As `homepwner verify` checks it: every file against the manifest, the database copy by SQLite.
        let backup = try BackupLocator.backup(at: backups.url.path)
        let verification = try BackupVerifier.verify(backup)
        #expect(verification.isSound, "\(verification.problems)")
        #expect(verification.manifest?.problems.isEmpty == true, "every file the database names was there to back up")

        let restored = try TestDataFolder()
        _ = try BackupRestorer.restore(from: backup, into: restored.url.path)
        let app = try TestApp(folder: restored) { $0.clock = upgraded.clock }
        for answer in upgraded.answers where ["item-list", "item-television", "locations", "claim", "claim-schedule-csv"].contains(answer.name) {
            let response = try app.client.get(answer.path, headers: upgraded.headers(for: answer.who, accept: answer.accept, range: answer.range))
            // An answer changed on purpose since the fixture was made (a wording, a new field) is written
            // again from this build, named one by one, in the commit that changes it, saying why:
            // HOMEPWNER_REWRITE_ANSWERS=reminders,calendar-feed swift test --filter HouseholdUpgradeTests
            if Self.answersToRewrite.contains(answer.name) {
                try Data(response.body).write(to: Self.fixture.appendingPathComponent("answers").appendingPathComponent(answer.body))
            }
            let recorded = try upgraded.recordedBody(of: answer.name)
            if let difference = Self.difference(between: answer, recorded: recorded, and: response) {
                Issue.record("GET \(answer.path) (\(answer.name)) on the restored backup is answered differently:\n\(difference)")
            }
        }
    }

    // MARK: Comparing

    /// What differs between a recorded answer and the one given now, shortly; nil when nothing does.
    static func difference(between answer: Answer, recorded: [UInt8], and response: TestResponse) -> String? {
        var differences: [String] = []
        if response.status != answer.status { differences.append("status \(response.status), was \(answer.status)") }
        for name in comparedHeaders where response.header(name) != answer.headers[name] {
            differences.append("\(name): \(response.header(name) ?? "(none)"), was \(answer.headers[name] ?? "(none)")")
        }
        let isHTML = answer.headers["Content-Type"]?.hasPrefix("text/html") == true
        let (was, now) = isHTML ? (withoutAssetFingerprints(recorded), withoutAssetFingerprints(response.body)) : (recorded, response.body)
        if was != now { differences.append(bodyDifference(was: was, now: now)) }
        return differences.isEmpty ? nil : differences.joined(separator: "\n")
    }

    /// A page names its static files by their content's fingerprint (`/static/e648550afdfeb98c/css/app.css`),
    /// which any change to a style sheet or script moves: not what this test is about.
    static func withoutAssetFingerprints(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.replacingOccurrences(of: "/static/[0-9a-f]{16}/", with: "/static/…/", options: .regularExpression).utf8)
    }

    /// Where two bodies part, with a little of each around it.
    static func bodyDifference(was: [UInt8], now: [UInt8]) -> String {
        let common = zip(was, now).prefix { $0 == $1 }.count
        let start = max(0, common - 60)
        func excerpt(_ bytes: [UInt8]) -> String {
            let slice = bytes[min(start, bytes.count)..<min(common + 100, bytes.count)]
            return String(decoding: slice, as: UTF8.self).unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\r" || $0 == "\t" })
                ? String(decoding: slice, as: UTF8.self) : slice.map { String(format: "%02x", $0) }.joined()
        }
        return "body (\(now.count) bytes, was \(was.count)) differs from byte \(common):\n- \(excerpt(was))\n+ \(excerpt(now))"
    }

    static func sha256(_ bytes: [UInt8]) -> String? { try? ToolRun.sha256sum(bytes) }
}
