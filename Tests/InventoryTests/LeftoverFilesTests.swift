import Database
import Foundation
import Inventory
import PDFPreview
import Testing

/// What a process killed mid-change leaves in the stores' folders (found by reliability/crash_loop.py:
/// `.staging-…` folders of photos and documents being stored), cleared by `removeLeftoverFiles`
/// without touching a file any row names.
@Suite struct LeftoverFilesTests {
    typealias F = ImageStoreFixtures

    @Test func filesNoRowNamesAndHalfMadeFoldersGoWhileEveryPhotoAndDocumentInUseStays() throws {
        let inventory = try TestInventory("leftovers")
        defer { inventory.remove() }
        let store = inventory.store
        let item = try inventory.add(["Guitar"])[0]
        let kept = try store.addPhoto(to: item.id) { try F.photo(1) }
        // Made once: cairo stamps each PDF with the second it was made.
        let receiptBytes = SamplePDF.make()
        let receipt = try store.addDocument(to: item.id, kind: .receipt, name: "Receipt") { receiptBytes }
        // Killed after the files were written and before the row committed: stored, then the rows taken away.
        let unnamedPhoto = try store.addPhoto(to: item.id) { try F.photo(2) }
        let unnamedDocument = try store.addDocument(to: item.id, kind: .manual, name: "Manual") { Array("Turn it on.\n".utf8) }
        #expect(FileManager.default.fileExists(atPath: try #require(store.documents.originalPath(sha256: unnamedDocument.sha256))))
        try inventory.database.write { connection in
            try connection.run("DELETE FROM item_photos WHERE id = ?", unnamedPhoto.id)
            try connection.run("DELETE FROM images WHERE hash = ?", unnamedPhoto.image.hash)
            try connection.run("DELETE FROM item_documents WHERE id = ?", unnamedDocument.id)
        }
        // Killed while a folder was being filled, removed, or a rendition remade.
        let images = store.images.directory, documents = store.documents.directory
        let shard = String(kept.image.hash.prefix(2))
        let made = ["\(images)/\(shard)/.staging-A", "\(images)/\(shard)/.deleted-B", "\(documents)/\(receipt.sha256.prefix(2))/.staging-C"]
        for folder in made {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("half".utf8).write(to: URL(fileURLWithPath: "\(folder)/original"))
        }
        try Data("half".utf8).write(to: URL(fileURLWithPath: "\(images)/\(shard)/.tmp-D"))
        // Not the store's own names: left alone.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(images)/\(shard)/notes.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(images)/README"))

        let removed = try store.removeLeftoverFiles()

        let unnamedPhotoFolder = "\(unnamedPhoto.image.hash.prefix(2))/\(unnamedPhoto.image.hash)"
        #expect(removed.images == ["\(shard)/.deleted-B", "\(shard)/.staging-A", "\(shard)/.tmp-D", unnamedPhotoFolder].sorted())
        let unnamedDocumentFolder = "\(unnamedDocument.sha256.prefix(2))/\(unnamedDocument.sha256)"
        #expect(removed.documents == ["\(receipt.sha256.prefix(2))/.staging-C", unnamedDocumentFolder].sorted())
        for path in made + ["\(images)/\(shard)/.tmp-D", "\(images)/\(unnamedPhotoFolder)", "\(documents)/\(unnamedDocumentFolder)"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there")
        }
        // Everything an item uses is still there and still served.
        #expect(try store.item(id: item.id).photos == [kept])
        #expect(FileManager.default.fileExists(atPath: store.images.originalPath(of: kept.image)))
        #expect(try store.images.renditionPath(hash: kept.image.hash, name: "thumb-80") != nil)
        #expect(FileManager.default.contents(atPath: try #require(store.documents.originalPath(sha256: receipt.sha256))) == Data(receiptBytes))
        #expect(FileManager.default.fileExists(atPath: "\(images)/\(shard)/notes.txt") && FileManager.default.fileExists(atPath: "\(images)/README"))
        // A second sweep finds nothing.
        #expect(try store.removeLeftoverFiles().count == 0)
    }
}
