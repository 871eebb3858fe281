import Inventory
import Testing

/// Tags: made on the fly, one per name whatever its case, forgotten with their last item.
@Suite struct ItemTagsTests {
    private func input(_ tags: [String]) -> ItemInput {
        var input = ItemInput()
        input.details.tags = tags
        return input
    }

    @Test func tagsAreMadeSharedAndForgottenWithTheirLastItem() throws {
        let inventory = try TestInventory("tags")
        defer { inventory.remove() }
        let store = inventory.store
        let lamp = try store.create(ItemInput(name: "Lamp"))
        let tagged = try store.update(id: lamp.id, input([" Living room", "insured", "Insured", "antique "]))
        #expect(tagged.details.tags == ["antique", "insured", "Living room"])
        let chair = try store.create(ItemInput(name: "Chair"))
        _ = try store.update(id: chair.id, input(["INSURED"]))
        #expect(try store.item(id: chair.id).details.tags == ["insured"], "one tag per name, as first written")
        #expect(try store.tags().map { "\($0.name) \($0.count)" } == ["antique 1", "insured 2", "Living room 1"])
        #expect(try store.all().map(\.details.tags) == [["antique", "insured", "Living room"], ["insured"]])

        _ = try store.update(id: lamp.id, input([]))
        try store.delete(id: chair.id)
        #expect(try store.tags().isEmpty)
    }

    @Test func badTagsAreRefusedAndNothingChanges() throws {
        let inventory = try TestInventory("tags-bad")
        defer { inventory.remove() }
        let lamp = try inventory.store.update(id: try inventory.store.create(ItemInput(name: "Lamp")).id, input(["kept"]))
        for tags in [["  "], [String(repeating: "t", count: 51)], ["a\nb"], (0...100).map { "tag \($0)" }] {
            #expect {
                try inventory.store.update(id: lamp.id, input(tags))
            } throws: { error in
                guard case InventoryError.invalid(let invalid) = error else { return false }
                return invalid.message(for: "tags") != nil
            }
        }
        #expect(try inventory.store.item(id: lamp.id).details.tags == ["kept"])
        #expect(try inventory.store.item(id: lamp.id).version == lamp.version)
    }
}
