import Foundation
import PhotoLibrary
import Testing

/// What a caller granted some roots sees: only those roots' albums, events, people, photos and
/// files, however the roots are named.
@Suite struct LibraryAccessTests {
    /// Two roots whose names would break SQL pasted together from them; each with an album, an event and a person.
    static func twoRoots() throws -> (LibraryFixture, PhotoLibrary, first: String, second: String) {
        let fixture = try LibraryFixture(rootName: "Ana's ) OR 1=1 --")
        let second = fixture.base.appendingPathComponent("Ben's, \"Photos\"").path
        try fixture.photo("Trip/a.jpg", taken: "2019:05:04 10:00:00", people: ["Ana"])
        try fixture.photo("Home/b.jpg", taken: "2021:01:01 10:00:00", people: ["Ben"], under: URL(fileURLWithPath: second))
        let library = try fixture.library(roots: [fixture.root.path, second])
        library.scan(prefillRenditions: false)
        return (fixture, library, fixture.root.path, second)
    }

    @Test func aCallerSeesOnlyTheRootsGrantedToThem() throws {
        let (fixture, library, first, second) = try Self.twoRoots()
        defer { withExtendedLifetime(fixture) {} }
        let everything = try library.groups(visibleTo: .everything)
        #expect(everything.map(\.name).filter { ["Trip", "Home", "Ana", "Ben"].contains($0) }.sorted() == ["Ana", "Ben", "Home", "Trip"])
        #expect(everything.filter { $0.kind == .event }.count == 2)

        let firstOnly = LibraryAccess.roots([first])
        let seen = try library.groups(visibleTo: firstOnly)
        #expect(seen.filter { $0.kind == .album }.map(\.name).contains("Trip"))
        #expect(!seen.contains { $0.name == "Home" || $0.name == "Ben" })
        #expect(seen.filter { $0.kind == .event }.count == 1)
        #expect(seen.filter { $0.kind == .faces }.map(\.name) == ["Ana"])

        let home = try #require(everything.first { $0.name == "Home" })
        let ben = try #require(everything.first { $0.name == "Ben" })
        let hidden = try #require(try library.assets(inGroup: home.id, offset: 0, limit: 10)?.assets.first)
        #expect(try library.group(id: home.id, visibleTo: firstOnly) == nil)
        #expect(try library.group(id: ben.id, visibleTo: firstOnly) == nil)
        #expect(try library.assets(inGroup: home.id, offset: 0, limit: 10, visibleTo: firstOnly) == nil)
        #expect(try library.asset(id: hidden.id, visibleTo: firstOnly) == nil)
        #expect(try library.openOriginal(assetID: hidden.id, visibleTo: firstOnly) == nil)
        #expect(try library.renditionFile(assetID: hidden.id, fingerprint: hidden.fingerprint, name: "thumb-256", visibleTo: firstOnly) == nil)
        #expect(try library.asset(id: hidden.id, visibleTo: .roots([second])) != nil)
        #expect(try library.openOriginal(assetID: hidden.id, visibleTo: .roots([first, second])) != nil)

        let status = library.status.visible(to: firstOnly)
        #expect(status.total == 1 && status.scanned == 1, "\(status)")
    }

    @Test func noGrantOrAGrantOfSomethingElseSeesNothing() throws {
        let (fixture, library, first, _) = try Self.twoRoots()
        for access in [LibraryAccess.roots([]), .roots([fixture.base.path]), .roots([first + "/Trip"]), .roots(["0) OR (1"])] {
            #expect(try library.groups(visibleTo: access).isEmpty, "\(access)")
            let asset = try #require(try library.groups().first { $0.kind == .album && $0.count > 0 })
            #expect(try library.assets(inGroup: asset.id, offset: 0, limit: 10, visibleTo: access) == nil, "\(access)")
            #expect(library.status.visible(to: access).total == 0, "\(access)")
        }
    }
}
