import App
import Foundation
import HTTPTestClient
import Testing

/// `/library`, `/library/groups/{id}` and `/library/assets/{id}` as HTML: the groups with posters and
/// counts, an album's grid with its breadcrumb and subalbums (every link leads somewhere), paging,
/// and the viewer's position, neighbours and metadata.
@Suite struct LibraryPagesTests {
    static func hrefs(_ html: String) -> [String] {
        HTMLInspection.tags("a", in: html).compactMap { HTMLInspection.attribute("href", of: $0) }
    }

    @Test func theGroupsPageShowsEveryGroupWithItsPosterAndCount() throws {
        let app = try LibraryTestApp.standard()
        let page = try app.client.get("/library")
        #expect(page.status == 200)
        #expect(page.isHTML)
        let html = page.text
        for group in try app.groups() {
            let id = try #require(group.string("id"))
            #expect(Self.hrefs(html).contains("/library/groups/\(id)"), "no link to \(group.string("name") ?? "")")
        }
        for text in ["Albums", "Events", "People", "3 photos", "1 photo", "Lisbon", "Ana", "Ben", "May 4, 2019"] {
            #expect(html.contains(text), "the groups page lacks \(text)")
        }
        let posters = HTMLInspection.tags("img", in: html).compactMap { HTMLInspection.attribute("src", of: $0) }
            .filter { $0.hasPrefix("/library/files/") }
        #expect(posters.count >= 9)
        #expect(!html.contains("Scanning your photos"), "the scan is over")
        #expect(!html.contains(app.workspace.root.path), "the page does not show where the photos are")
    }

    @Test func everyLinkOnAnAlbumPageLeadsSomewhere() throws {
        // Lisbon's breadcrumb is Photos › Holidays › Lisbon, and Photos lists Holidays as a subalbum;
        // Holidays holds no photo of its own.
        let app = try LibraryTestApp.standard()
        var visited = Set<String>()
        var broken: [String] = []
        for group in try app.groups() where group.string("kind") == "album" {
            let url = "/library/groups/\(group.string("id") ?? "")"
            let page = try app.client.get(url)
            #expect(page.status == 200)
            for link in Self.hrefs(page.text) where link.hasPrefix("/library/groups/") && visited.insert(link).inserted {
                let target = try app.client.get(link)
                if target.status != 200 { broken.append("\(link) (from \(group.string("name") ?? "")) answered \(target.status)") }
            }
        }
        #expect(visited.count >= 2)
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func anAlbumPageHasItsBreadcrumbCellsAndSubalbums() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let html = try app.client.get("/library/groups/\(lisbon)").text
        #expect(html.contains("class=\"breadcrumb\""))
        let start = try #require(html.range(of: "class=\"breadcrumb\""))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        let crumbs = String(html[start.upperBound..<end.lowerBound])
        #expect(crumbs.contains("Photos") && crumbs.contains("Holidays") && crumbs.contains("Lisbon"))
        let assets = try app.assets(lisbon).map { $0.string("id") ?? "" }
        let cellLinks = Self.hrefs(html).filter { $0.hasPrefix("/library/assets/") }
        #expect(cellLinks == assets.map { "/library/assets/\($0)?group=\(lisbon)" })
        #expect(html.contains("3 photos"))
        for id in assets { #expect(html.contains("id=\"asset-\(id)\"")) }

        let root = try #require(try app.group("Photos", kind: "album").string("id"))
        let rootHTML = try app.client.get("/library/groups/\(root)").text
        #expect(rootHTML.contains("class=\"subalbums\""))
        for name in ["Family", "Holidays", "Pets"] { #expect(rootHTML.contains(name)) }
        // Holidays holds only the Lisbon folder: its chip and its page say so, not "0 photos".
        let chip = try #require(rootHTML.firstMatch(of: #/href="(/library/groups/[^"]+)"[^>]*><span class="group-name">Holidays</span><span class="group-count">([^<]*)</span>/#))
        #expect(chip.output.2 == "1 album")
        let holidaysHTML = try app.client.get(String(chip.output.1)).text
        #expect(holidaysHTML.contains("1 album") && !holidaysHTML.contains("0 photos"))
    }

    @Test func eventAndFacePagesListTheirPhotos() throws {
        let app = try LibraryTestApp.standard()
        for (name, kind, count) in [("Ana", "faces", 2), ("May 4, 2019", "event", 2)] {
            let id = try #require(try app.group(name, kind: kind).string("id"))
            let page = try app.client.get("/library/groups/\(id)")
            #expect(page.status == 200)
            #expect(Self.hrefs(page.text).filter { $0.hasPrefix("/library/assets/") }.count == count)
            #expect(!page.text.contains("class=\"breadcrumb\""))
        }
    }

    @Test func aLargeAlbumIsPagedAndPagesClamp() throws {
        let workspace = try LibraryWorkspace()
        for index in 0..<125 {
            let minute = index % 60, hour = 10 + index / 60
            try workspace.photo(String(format: "Big/p%03d.jpg", index), width: 8, height: 8,
                                taken: String(format: "2019:05:04 %02d:%02d:00", hour, minute))
        }
        let app = try LibraryTestApp(workspace: workspace)
        try app.waitUntilScanned(total: 125)
        let big = try #require(try app.group("Big", kind: "album").string("id"))
        func cells(_ query: String) throws -> [String] {
            let page = try app.client.get("/library/groups/\(big)\(query)")
            #expect(page.status == 200, "\(query) answered \(page.status)")
            return Self.hrefs(page.text).filter { $0.hasPrefix("/library/assets/") }
        }
        let first = try cells("")
        let second = try cells("?page=2")
        #expect(first.count == 120)
        #expect(second.count == 5)
        #expect(Set(first).isDisjoint(with: second))
        #expect(try cells("?page=99") == second, "a page past the end shows the last")
        #expect(try cells("?page=0") == first)
        #expect(try cells("?page=-3") == first)
        #expect(try cells("?page=abc") == first)
        let firstHTML = try app.client.get("/library/groups/\(big)").text
        #expect(Self.hrefs(firstHTML).contains("/library/groups/\(big)?page=2"))
        let secondHTML = try app.client.get("/library/groups/\(big)?page=2").text
        #expect(Self.hrefs(secondHTML).contains("/library/groups/\(big)?page=1"))
        #expect(try app.page(big).int("total") == 125)
    }

    @Test func theViewerShowsPositionNeighboursAndMetadata() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let ids = try app.assets(lisbon).map { $0.string("id") ?? "" }
        #expect(ids.count == 3)

        let first = try app.client.get("/library/assets/\(ids[0])?group=\(lisbon)")
        #expect(first.status == 200)
        let html = first.text
        #expect(html.contains("1 of 3"))
        let links = Self.hrefs(html)
        #expect(links.contains("/library/assets/\(ids[1])?group=\(lisbon)"), "a link to the next photo")
        #expect(!links.contains { $0.hasPrefix("/library/assets/\(ids[2])") })
        #expect(links.contains { $0.hasPrefix("/library/groups/\(lisbon)") && $0.contains("#asset-\(ids[0])") }, "back to the album, at this photo")
        for text in ["Canon EOS R6", "40 × 60", "38.71124° N, 9.13956° W", "Ana, Ben", "Saturday, May 4, 2019", "IMG_0412.jpg"] {
            #expect(html.contains(text), "the viewer lacks \(text)")
        }
        #expect(links.contains { $0.hasSuffix("/original") })

        let middle = try app.client.get("/library/assets/\(ids[1])?group=\(lisbon)").text
        #expect(middle.contains("2 of 3"))
        #expect(Self.hrefs(middle).contains("/library/assets/\(ids[0])?group=\(lisbon)"))
        #expect(Self.hrefs(middle).contains("/library/assets/\(ids[2])?group=\(lisbon)"))

        // In a person's group the same photo has another place.
        let ana = try #require(try app.group("Ana", kind: "faces").string("id"))
        let inFaces = try app.client.get("/library/assets/\(ids[1])?group=\(ana)").text
        #expect(inFaces.contains("2 of 2"))
        // Without a (valid) group, its album.
        #expect(try app.client.get("/library/assets/\(ids[2])").text.contains("3 of 3"))
        #expect(try app.client.get("/library/assets/\(ids[2])?group=nonsense").text.contains("3 of 3"))
    }

    @Test func theViewerSaysWhenADateIsTheFilesAndWhenAPhotoIsDamaged() throws {
        let app = try LibraryTestApp.standard()
        let undated = try app.asset(named: "top.jpg")
        let page = try app.client.get("/library/assets/\(undated.string("id") ?? "")").text
        #expect(page.contains("File date"))
        let damaged = try app.asset(named: "damaged.jpg")
        let broken = try app.client.get("/library/assets/\(damaged.string("id") ?? "")")
        #expect(broken.status == 200)
        #expect(broken.text.contains("can’t be shown"))
    }

    @Test func unknownGroupsAndPhotosAreNotFoundPages() throws {
        let app = try LibraryTestApp.standard()
        for path in ["/library/groups/nope", "/library/groups/e0-0", "/library/groups/f\(String(repeating: "0", count: 32))",
                     "/library/assets/nope", "/library/assets/\(String(repeating: "0", count: 32))"] {
            let response = try app.client.get(path)
            #expect(response.status == 404, "\(path) answered \(response.status)")
            #expect(response.isHTML)
        }
    }
}
