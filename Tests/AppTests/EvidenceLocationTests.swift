@testable import App
import Archive
import Claims
import Foundation
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// The adjuster's link never shows an original on its pages; its evidence zip carried them all the
/// same, with the GPS position of the household's photos. Now the link's zip carries a photo whose
/// file records where it was taken as a copy without it, unless the owner chose otherwise when making
/// the link; the owner's own zip keeps every original byte for byte.
@Suite struct EvidenceLocationTests {
    /// The files of an evidence zip by path, and its manifest's rows by path.
    static func unpack(_ zip: [UInt8]) throws -> (files: [String: [UInt8]], rows: [String: [String: Any]]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-location-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("evidence.zip")
        try Data(zip).write(to: file)
        let out = folder.appendingPathComponent("out").path
        var files: [String: [UInt8]] = [:]
        for entry in try ZipReader.extract(zipAt: file.path, into: out, limits: .inventory) where !entry.isDirectory {
            files[entry.path.description] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(out)/\(entry.path)")))
        }
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(files["manifest.json"] ?? [])) as? [[String: Any]])
        return (files, Dictionary(uniqueKeysWithValues: manifest.map { ($0["path"] as? String ?? "", $0) }))
    }

    /// What the photo `bytes` say of where, when and with what they were taken.
    static func metadata(_ bytes: [UInt8]) throws -> PhotoMetadata {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-photo-\(UUID().uuidString).jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Imaging.inspectFile(atPath: path, maxPixels: 100_000_000).1
    }

    @Test func theLinksZipLeavesOutWhereAPhotoWasTakenAndTheOwnersKeepsTheOriginal() throws {
        let fixture = try ClaimLinkFixture(accounts: false)
        // Claim A's library photo, IMG_0412.jpg, records a place in Lisbon; an item photo with GPS too.
        let original = try [UInt8](Data(contentsOf: fixture.workspace.url("Holidays/Lisbon/IMG_0412.jpg")))
        #expect(try Self.metadata(original).latitude != nil)
        let located = try RasterImage(width: 64, height: 48) { x, y in [UInt8(x * 3), UInt8(y * 5), 90] }.encoded(metadata: SampleMetadata(exif: [
            "exif-ifd0-Make": "Apple", "exif-ifd0-Model": "iPhone 14 Pro", "exif-ifd2-DateTimeOriginal": "2024:02:10 09:00:00",
            "exif-ifd3-GPSLatitudeRef": "N", "exif-ifd3-GPSLatitude": "51/1 30/1 2600/100", "exif-ifd3-GPSLongitudeRef": "W", "exif-ifd3-GPSLongitude": "0/1 7/1 3900/100",
        ]))
        let upload = try fixture.client.send("POST", "/api/v1/items/\(fixture.lamp.id)/photos", headers: ["Content-Type": "image/jpeg"], body: located)
        #expect(upload.status == 201, "\(upload.text)")

        let owners = try Self.unpack(try fixture.client.get("/api/v1/claims/\(fixture.claimA)/evidence.zip").body)
        #expect(owners.files["001 Camera/library-1 IMG_0412.jpg"] == original, "the owner's zip: the original, byte for byte")
        #expect(owners.files["002 Lamp/photo-2-general.jpg"] == located)

        let links = try Self.unpack(try fixture.client.get(fixture.shared(fixture.tokenA, "/evidence.zip")).body)
        for (path, camera) in [("001 Camera/library-1 IMG_0412.jpg", "Canon EOS R6"), ("002 Lamp/photo-2-general.jpg", "Apple iPhone 14 Pro")] {
            let copy = try #require(links.files[path], "\(path) is in the link's zip: \(links.files.keys.sorted())")
            let metadata = try Self.metadata(copy)
            #expect(metadata.latitude == nil && metadata.longitude == nil, "\(path) says nothing of where it was taken")
            #expect(metadata.camera == camera && metadata.takenAt != nil, "\(path) keeps its camera and date")
            #expect((links.rows[path]?["note"] as? String)?.contains("a copy without where it was taken") == true, "\(links.rows[path] ?? [:])")
            #expect(links.rows[path]?["sha256"] as? String == (try ToolRun.sha256sum(copy)))
        }
        // A photo whose file records no place goes as it is.
        #expect(links.files["001 Camera/photo-1-general.jpg"] == owners.files["001 Camera/photo-1-general.jpg"])
        #expect(links.rows["001 Camera/photo-1-general.jpg"]?["note"] == nil)
        #expect(String(decoding: links.files["README.txt"] ?? [], as: UTF8.self).contains("copies\r\nwithout it"))

        // The owner chose to share where the photos were taken: this link's zip keeps them as they are.
        let inAWeek = ClaimLinkInput.day(of: fixture.clock.now).adding(days: 7).iso
        let made = try fixture.client.json("POST", "/api/v1/claims/\(fixture.claimA)/links",
                                           ["expires": inAWeek, "label": "Acme, with places", "includesLocation": true])
        #expect(made.status == 201, "\(made.text)")
        let created = try #require(made.json as? [String: Any])
        #expect(created["includesLocation"] as? Bool == true)
        let url = try #require(created["url"] as? String)
        let path = try #require(URLComponents(string: url)?.path)
        let withPlaces = try Self.unpack(try fixture.client.get(path + "/evidence.zip").body)
        #expect(withPlaces.files["001 Camera/library-1 IMG_0412.jpg"] == original)
        #expect(withPlaces.files["002 Lamp/photo-2-general.jpg"] == located)
        let listed = try #require(try fixture.client.get("/api/v1/claims/\(fixture.claimA)/links").json as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["includesLocation"] as? Bool }) == [true, false])
    }

    @Test func theShareFormAsksAndTheLinkRowSays() throws {
        let fixture = try ClaimLinkFixture(accounts: false)
        let form = try fixture.client.get("/claims/\(fixture.claimA)/links", headers: ["Accept": "text/html"]).text
        #expect(form.contains("name=\"includesLocation\"") && !form.contains("name=\"includesLocation\" value=\"on\" checked"))
        #expect(form.contains("Photos without where they were taken"), "links made without the choice say so")
        let inAWeek = ClaimLinkInput.day(of: fixture.clock.now).adding(days: 7).iso
        let made = try fixture.client.pageForm("/claims/\(fixture.claimA)/links",
                                               [("expires", inAWeek), ("label", "With places"), ("includesLocation", "on")])
        #expect(made.status == 200, "\(made.text.prefix(300))")
        #expect(made.text.contains("Photos with where they were taken"))
        let links = try fixture.app.claims.links(ofClaim: Claim.ID(fixture.claimA))
        #expect(links.first { $0.label == "With places" }?.includesLocation == true)
        #expect(links.first { $0.label == "Acme adjuster" }?.includesLocation == false)
    }
}
