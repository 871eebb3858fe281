import Foundation
import HTTPTestClient
import Inventory
import Testing
@testable import App

/// A long list is never one huge page: the first window, then Show more (keyset) for the rest.
@Suite struct ItemListWindowTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    @Test func theListShowsAWindowAndShowMoreBringsTheRestOnce() throws {
        let app = try TestApp()
        let count = ItemPageHandlers.listWindow + 5
        for index in 0..<count { _ = try app.app.items.create(ItemInput(name: String(format: "Box %03d", index))) }
        let first = try app.client.get("/", headers: Self.html).text
        #expect(HTMLInspection.tags("li", in: first).filter { $0.contains("item-row") }.count == ItemPageHandlers.listWindow)
        #expect(first.contains("\(count) items"), "the summary counts everything")
        let more = try #require(HTMLInspection.tags("a", in: first).first { $0.contains(#"data-action="more""#) }
            .flatMap { HTMLInspection.attribute("href", of: $0) }).replacingOccurrences(of: "&amp;", with: "&")
        let rest = try app.client.get(more, headers: Self.html).text
        let names = HTMLInspection.tags("a", in: rest).filter { $0.contains("item-link") }.count
        #expect(names == 5)
        #expect(rest.contains("Box \(count - 1)") || rest.contains(String(format: "Box %03d", count - 1)))
        #expect(!rest.contains(#"data-action="more""#), "nothing after the last window")
    }
}

