import Database
import Foundation
import Households
import Localization
import Messages
import Testing
@testable import App

/// A household's refusals (its name, its members, its last owner) in German word for word, in US
/// English as the code writes them, and in no other language in English.
@Suite struct HouseholdErrorLanguageTests {
    /// The store's refusal of `name`, from a new data folder's database.
    static func refusal(ofName name: String) throws -> HouseholdError {
        let folder = try TestDataFolder()
        let database = try Database(path: DataFolder(folder.url).databasePath, schemas: DataFolder.schemas)
        do {
            _ = try HouseholdStore(database: database).create(named: name, owner: 1)
        } catch let error as HouseholdError {
            return error
        }
        throw TestAppError("“\(name)” was taken as a household’s name")
    }

    @Test func everyHouseholdErrorIsCatalogued() throws {
        let errors: [(HouseholdError, String)] = [
            (try Self.refusal(ofName: " "), "Der Name eines Haushalts hat 1 bis 200 Zeichen."),
            (try Self.refusal(ofName: String(repeating: "x", count: 201)), "Der Name eines Haushalts hat 1 bis 200 Zeichen."),
            (try Self.refusal(ofName: "Flat\tB"), "Der Name des Haushalts: Steuerzeichen wie Tabulatoren oder Zeilenumbrüche sind nicht erlaubt."),
            (.householdNotFound, "Diesen Haushalt gibt es unter Ihren Haushalten nicht."),
            (.notAMember, "Dieses Konto ist kein Mitglied dieses Haushalts."),
            (.alreadyAMember, "Dieses Konto ist schon Mitglied dieses Haushalts; ändern Sie stattdessen seine Rolle."),
            (.accountNotFound, "Dieses Konto gibt es nicht."),
            (.lastOwner, "Dies ist der letzte Eigentümer des Haushalts; machen Sie zuerst ein anderes Mitglied zum Eigentümer."),
        ]
        for (error, expected) in errors {
            try CataloguedWording.expect(error.wording, english: error.description, german: expected)
        }
    }
}
