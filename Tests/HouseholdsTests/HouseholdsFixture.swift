import Accounts
import Clocks
import Database
import Foundation
import Households
import Inventory

/// A fresh database file with the inventory's, the accounts' and the households' schemas (in
/// `DataFolder`'s order: it has the first household, "Home", which every account joins), an account
/// store and a household store on it; removed when released.
final class HouseholdsFixture: Sendable {
    let path: String
    let database: Database
    let accounts: AccountStore
    let households: HouseholdStore
    let clock = TestClock(Date(timeIntervalSince1970: 1_765_000_000))

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-households-\(UUID().uuidString).sqlite").path
        database = try Database(path: path, schemas: [InventorySchema.schema, AccountsSchema.schema, HouseholdsSchema.schema])
        accounts = AccountStore(database: database, hasher: PasswordHasher(concurrency: 2), clock: clock)
        households = HouseholdStore(database: database, clock: clock)
    }

    deinit {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    func account(_ name: String) throws -> Account.ID {
        try accounts.create(name: name, password: "correct horse battery", role: .viewer).id
    }

    /// The households `account` belongs to but the first, which every account joins until requests
    /// name households (docs/plans/households.md, session 3): those the test made.
    func made(of account: Account.ID) throws -> [HouseholdMembership] {
        try households.households(of: account).filter { $0.id != 1 }
    }

    /// The household as its member `account` may use it; fails the test when it is not one.
    func access(_ household: HouseholdID, for account: Account.ID) throws -> HouseholdAccess {
        guard let access = try households.access(to: household, for: account) else {
            throw DatabaseError(message: "account \(account) is not a member of household \(household)")
        }
        return access
    }

    /// The next id of `entity`, taken in a write transaction of its own.
    func nextID(of entity: HouseholdEntity, in household: HouseholdAccess) throws -> Int64 {
        try database.write { connection in
            let id: RowID<Household> = try HouseholdStore.nextID(of: entity, in: household, on: connection)
            return id.rawValue
        }
    }

    func count(_ table: String) throws -> Int {
        try database.read { Int(try $0.scalar("SELECT count(*) FROM \(table)") ?? 0) }
    }
}
