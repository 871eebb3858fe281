import Database
import Testing

@Suite struct RevisionKeyedCacheTests {
    @Test func keepsEachKeysValueUntilTheRevisionMovesAndForgetsTheOldestPastItsCapacity() {
        let cache = RevisionKeyedCache<String, Int>(capacity: 2)
        var made = 0
        func value(_ key: String, _ revision: Int, _ result: Int) -> Int {
            cache.value(for: key, at: revision) { made += 1; return result }
        }
        #expect(value("a", 1, 10) == 10 && value("b", 1, 20) == 20)
        #expect(value("a", 1, 99) == 10 && made == 2, "kept at the same revision")
        #expect(value("c", 1, 30) == 30 && value("a", 1, 11) == 11 && made == 4, "the oldest went past the capacity")
        #expect(value("b", 2, 21) == 21 && made == 5, "a new revision remakes")
        #expect(value("b", 1, 5) == 5 && value("b", 2, 0) == 21, "a value made at an older revision never replaces a newer one")
    }
}
