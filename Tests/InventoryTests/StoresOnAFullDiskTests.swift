import Foundation
import Inventory
import SmallFileSystem
import Testing

/// Photos and documents on a file system filled to its last few KB: the write fails with an error
/// that says the disk is full, the item is as it was, no half-written file or staging folder is left,
/// and the same upload succeeds once space is freed.
@Suite(.serialized)
struct StoresOnAFullDiskTests {
    typealias F = ImageStoreFixtures

    static func isDiskFull(_ error: (any Error)?) -> Bool {
        (error as? AtomicFiles.Failure)?.isDiskFull == true
    }

    @Test func aPhotoOrDocumentThatFindsNoRoomLeavesNothingAndIsStoredOnceSpaceIsFreed() throws {
        let disk = try SmallFileSystem(megabytes: 16)
        defer { disk.remove() }
        let inventory = try TestInventory(path: "\(disk.path)/inventory.sqlite")
        let item = try inventory.add(["Camera"])[0]
        let photo = try F.bytes("photo-1.jpg")
        disk.fill()

        var photoError: (any Error)?
        do { _ = try inventory.store.addPhoto(to: item.id) { photo } } catch { photoError = error }
        #expect(Self.isDiskFull(photoError), "\(String(describing: photoError))")
        var documentError: (any Error)?
        do { _ = try inventory.store.addDocument(to: item.id, kind: .receipt, name: "receipt.jpg") { photo } } catch { documentError = error }
        #expect(Self.isDiskFull(documentError), "\(String(describing: documentError))")
        #expect(try inventory.store.item(id: item.id).photos.isEmpty)
        #expect(try inventory.store.item(id: item.id).documents.isEmpty)
        #expect(disk.halfWrittenFiles() == [])

        disk.free()
        _ = try inventory.store.addPhoto(to: item.id) { photo }
        _ = try inventory.store.addDocument(to: item.id, kind: .receipt, name: "receipt.jpg") { photo }
        #expect(try inventory.store.item(id: item.id).photos.count == 1)
        #expect(try inventory.store.item(id: item.id).documents.count == 1)
        #expect(disk.halfWrittenFiles() == [])
    }
}
