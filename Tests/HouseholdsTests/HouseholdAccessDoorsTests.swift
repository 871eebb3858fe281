import Foundation
import Testing

/// A `HouseholdAccess` is made only in the Households module (its `package init` keeps it in the
/// package, not out of App or a store): every other module takes the one it is given.
@Suite struct HouseholdAccessDoorsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func onlyTheHouseholdsModuleMakesAHouseholdAccess() throws {
        // `HouseholdAccess(…)`, `HouseholdAccess.init(…)` and `.init(…)` where a `HouseholdAccess` is written.
        let maker = /HouseholdAccess\s*(\.\s*init\s*)?\(|:\s*HouseholdAccess\??\s*=\s*\.init\(/
        var makersInHouseholds = 0
        for case let file as URL in FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let found = text.matches(of: maker).count
            guard found > 0 else { continue }
            let module = file.path.dropFirst(Self.sources.path.count + 1).split(separator: "/").first.map(String.init)
            if module == "Households" {
                makersInHouseholds += found
            } else {
                Issue.record("\(file.path.dropFirst(Self.sources.path.count + 1)) makes a HouseholdAccess \(found) time(s): take the one HouseholdStore gives")
            }
        }
        // The scan sees the store's own maker, so it would see another.
        #expect(makersInHouseholds >= 1)
    }
}
