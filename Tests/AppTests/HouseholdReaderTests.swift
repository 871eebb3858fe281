@testable import App
import Foundation
import HTTPTestClient
import Testing

/// The server's own passes go through every household: a photo of a second household's item is read
/// for codes, and what was read is recorded in that household, not the first.
@Suite struct HouseholdReaderTests {
    @Test(.timeLimit(.minutes(3))) func aSecondHouseholdsPhotoIsReadAndItsReadingsAreItsOwn() throws {
        // The readers wait while an upload is arriving: long enough to move the blender to the flat.
        let (app, blender, upload) = try ReadersGiveWayTests.appWithAHeldUpload(quietPeriod: .milliseconds(5), longestWait: .seconds(600))
        let photo = try SuggestionsTests.addPhoto(app, to: blender, try SuggestionsTests.bytes(SuggestionsTests.upcPhoto))
        try app.app.environment.database.write { connection in
            try connection.execute("""
                INSERT INTO households (id, name, id_prefix, files_folder, created_ms) VALUES (2, 'Flat', 2, 'households/2', 0);
                UPDATE items SET household_id = 2 WHERE id = \(blender);
                UPDATE item_photos SET household_id = 2 WHERE item_id = \(blender);
                UPDATE images SET household_id = 2 WHERE hash IN (SELECT image_hash FROM item_photos WHERE item_id = \(blender));
                """)
        }
        let flat = try #require(try app.app.environment.households.everyHousehold().first { $0.id == 2 })
        try app.app.items.makeSearchTable(for: flat)
        #expect(try upload.finish().status == 201)

        let database = app.app.environment.database
        try ReadersGiveWayTests.wait("the flat's photo to be read for codes") {
            try database.read { try $0.scalar("SELECT count(*) FROM sources_read WHERE source_kind = 'photo' AND source_ref = ? AND state <> 'reading'", String(photo)) ?? 0 } > 0
        }
        let households = try database.read { connection in
            try connection.rows("SELECT DISTINCT household_id FROM readings WHERE source_kind = 'photo' AND source_ref = ? AND value = ?",
                                String(photo), SuggestionsTests.upc) { try $0.int64(0) }
        }
        let outcome = try database.read { try $0.firstRow("SELECT household_id, state, failure, reader FROM sources_read WHERE source_kind = 'photo' AND source_ref = ?", String(photo)) { "\(try $0.int64(0)) \(try $0.string(1)) \(try $0.optionalString(2) ?? "") \(try $0.string(3))" } }
        #expect(households == [2], "the flat's code was recorded in \(households): \(outcome ?? "")")
        let state = try database.read { try $0.scalar("SELECT household_id FROM sources_read WHERE source_kind = 'photo' AND source_ref = ?", String(photo)) }
        #expect(state == 2)
        // The first household has nothing of it: the blender is not there.
        #expect(try app.client.get("/api/v1/items/\(blender)/suggestions").status == 404)
    }
}
