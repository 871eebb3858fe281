import Foundation
import HTTPTestClient
import Testing

/// The Drafts page and Walk This Room without scripts: plain forms answered with redirects.
@Suite struct DraftPagesTests {
    typealias F = ItemImageFixtures
    static let html = ["Accept": "text/html"]

    @Test func namingWithEnterComesBackAtTheNextDraftAndMergingJoinsThePhotos() throws {
        let app = try ItemImageTestApp()
        let room = try DraftsAPITests.room(app, "Study")
        let first = try DraftsAPITests.draft(app, in: room, try F.picture(width: 61)).id
        let second = try DraftsAPITests.draft(app, in: room, try F.picture(width: 62)).id
        let third = try DraftsAPITests.draft(app, in: room, try F.picture(width: 63)).id

        let page = try app.client.get("/drafts?location=\(room)", headers: Self.html)
        #expect(page.status == 200 && page.text.contains("3 drafts to name"))
        #expect(page.text.contains("id=\"draft-name-\(first)\"") && page.text.contains("Name of Draft 1"))
        #expect(try app.client.get("/locations/\(room)", headers: Self.html).text.contains("Drafts (3)"))
        #expect(try app.client.get("/", headers: Self.html).text.contains("Drafts (3)"))

        // Enter posts the form; the page comes back with the next draft's field focused.
        let named = try app.client.pageForm("/drafts/\(first)/name", [("name", "Desk"), ("location", String(room))])
        #expect(named.status == 303)
        let next = try #require(named.header("Location"))
        #expect(next == "/drafts?location=\(room)&focus=\(second)")
        let after = try app.client.get(next, headers: Self.html).text
        #expect(after.contains("2 drafts to name") && !after.contains("id=\"draft-name-\(first)\""))
        let field = try #require(HTMLInspection.tags("input", in: after).first { HTMLInspection.attribute("id", of: $0) == "draft-name-\(second)" })
        #expect(field.contains("autofocus"))
        #expect(try app.client.get("/api/v1/items/\(first)", as: ItemModel.self).name == "Desk")

        // An empty name is refused on the page, with the field focused and the message.
        let refused = try app.client.pageForm("/drafts/\(second)/name", [("name", "  "), ("location", String(room))], headers: Self.html)
        #expect(refused.status == 422 && refused.text.contains("Name can’t be empty"))

        // The third shows what the second shows: merged, its photo joins.
        let merged = try app.client.pageForm("/drafts/\(third)/merge", [("into", String(second)), ("location", String(room))])
        #expect(merged.status == 303)
        #expect(try app.client.get("/api/v1/items/\(second)", as: ItemModel.self).photos.map(\.width) == [62, 63])
        #expect(try app.client.get("/api/v1/items/\(third)").status == 404)

        // Discard deletes it.
        #expect(try app.client.pageForm("/drafts/\(second)/discard", [("location", String(room))]).status == 303)
        #expect(try app.client.get("/api/v1/items?draft=1", as: [ItemModel].self).isEmpty)
    }

    @Test func theWalksFilePickerMakesADraftOfEachPhotoWithoutScripts() throws {
        let app = try ItemImageTestApp()
        let room = try DraftsAPITests.room(app, "Garage")
        let walk = try app.client.get("/locations/\(room)/walk", headers: Self.html).text
        #expect(walk.contains("capture=\"environment\"") && walk.contains("multiple") && walk.contains("accept=\"image/*\""))
        // Record Video: the phone's camera records a video that becomes the place's walk-through.
        #expect(walk.contains("action=\"/locations/\(room)/walkthroughs\"") && walk.contains("accept=\"video/*\"") && walk.contains("Record Video of Garage"))
        let body = F.multipart(boundary: "walk", [("photos", "a.jpg", "image/jpeg", try F.picture(width: 70)),
                                                  ("photos", "b.jpg", "image/jpeg", try F.picture(width: 71))])
        let response = try app.client.pageFormUpload("/locations/\(room)/walk", body: body, contentType: "multipart/form-data; boundary=walk")
        #expect(response.status == 303 && response.header("Location") == "/drafts?location=\(room)")
        let drafts = try app.client.get("/api/v1/items?draft=1", as: [ItemModel].self)
        #expect(drafts.map { $0.image?.width } == [70, 71] && drafts.allSatisfy { $0.locationId == Int64(room) })
    }
}
