@testable import Backup
import Foundation
import Inventory
import Testing

/// Every backup's `index.html`: the inventory readable with nothing but a browser.
@Suite struct BackupIndexTests {
    @Test func theIndexListsRoomsInOrderWithEveryItemsFieldsAndTotalsInTheInventorysCurrency() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let backup = try BackupWriter.make(from: fixture.source, into: fixture.backups, now: Date(timeIntervalSince1970: 1_800_000_000)).backup

        let html = try String(contentsOfFile: "\(backup.path)/index.html", encoding: .utf8)

        let order = ["Home / Kitchen", "Home / Study", "Not in a room", "No longer owned"].map { html.range(of: "-title\">\($0)</h2>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil }, "\(order)")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(html.contains("2027-01-15 08:00 UTC"))
        // Quantity × replacement cost, in euros; the total leaves out what is no longer owned.
        #expect(html.contains("€2,598.00 (2 × €1,299.00)"))
        #expect(html.contains("€3,428.00 in all"))
        for field in ["Gaggia", "Classic Pro", "EM-1234", "2021-03-14", "Brushed steel", "Descaled in March", "appliance, kitchen", "Sold · 2024-01-02 · for €50.00"] {
            #expect(html.contains(field), "\(field)")
        }
        // A name is text, never markup; the page has no script at all.
        #expect(html.contains("Espresso machine &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.lowercased().contains("<script"))
    }

    @Test func everyLinkAndPhotoIsAFileInsideTheBackup() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let items = try fixture.fill()
        let backup = try BackupWriter.make(from: fixture.source, into: fixture.backups).backup
        let html = try String(contentsOfFile: "\(backup.path)/index.html", encoding: .utf8)

        let links = matches(of: ##"(?:href|src)="([^"#][^"]*)""##, in: html)

        #expect(links.count > 10)
        for link in links {
            #expect(!link.contains(":") && !link.hasPrefix("/"), "\(link) is not relative")
            #expect(FileManager.default.fileExists(atPath: "\(backup.path)/\(link)"), "\(link) is not in the backup")
        }
        let photos = items.flatMap(\.photos)
        for photo in photos { #expect(links.contains("images/\(photo.image.hash.prefix(2))/\(photo.image.hash)/screen.jpg")) }
        let receipt = try #require(links.first { $0.hasSuffix("/document.pdf") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(backup.path)/\(receipt)")).starts(with: Array("%PDF-".utf8)))
        #expect(html.contains("Receipt: Receipt from Bean &amp; Co"))
        #expect(html.contains(#"alt="Espresso machine &lt;script&gt;alert(1)&lt;/script&gt;: serial plate 2 of 2""#))
    }

    @Test func anEmptyInventoryStillGetsAPageThatSaysSo() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let backup = try BackupWriter.make(from: fixture.source, into: fixture.backups).backup
        let html = try String(contentsOfFile: "\(backup.path)/index.html", encoding: .utf8)
        #expect(html.contains("The inventory had no items when this backup was made."))
        #expect(html.contains("$0.00 in all"))
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
