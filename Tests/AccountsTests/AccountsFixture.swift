import Accounts
import Clocks
import Database
import Foundation

/// A fresh database file with the accounts schema, and an account store on it; removed when released.
/// The store tells the time by `clock`, which stands still until a test moves it.
final class AccountsFixture: Sendable {
    let path: String
    let database: Database
    let store: AccountStore
    let clock = TestClock()

    static let password = "correct horse battery"

    init(idleTimeout: TimeInterval = 7 * 86_400, absoluteTimeout: TimeInterval = 30 * 86_400, concurrency: Int = 2) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("homepwner-accounts-\(UUID().uuidString).sqlite").path
        database = try Database(path: path, migrations: AccountsSchema.migrations)
        store = AccountStore(database: database, hasher: PasswordHasher(concurrency: concurrency),
                             idleTimeout: idleTimeout, absoluteTimeout: absoluteTimeout, clock: clock)
    }

    deinit {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    @discardableResult
    func account(_ name: String, _ role: Role, grants: Set<String> = []) throws -> Account {
        try store.create(name: name, password: Self.password, role: role, libraryGrants: grants)
    }

    /// Every text value in the given table, as stored.
    func texts(in table: String) throws -> [String] {
        try database.read { connection in
            var texts: [String] = []
            let columns = try connection.rows("SELECT name FROM pragma_table_info('\(table)')") { $0.string(0) }
            for column in columns {
                texts += try connection.rows("SELECT CAST(\(column) AS TEXT) FROM \(table) WHERE \(column) IS NOT NULL") { $0.string(0) }
            }
            return texts
        }
    }

    func count(_ table: String) throws -> Int {
        try database.read { Int(try $0.scalar("SELECT count(*) FROM \(table)") ?? 0) }
    }

    /// Whether `secret` appears anywhere in the database's files (the main file and its WAL).
    func filesContain(_ secret: String) -> Bool {
        let needle = Data(secret.utf8)
        for suffix in ["", "-wal"] {
            if let data = FileManager.default.contents(atPath: path + suffix), data.range(of: needle) != nil { return true }
        }
        return false
    }
}
