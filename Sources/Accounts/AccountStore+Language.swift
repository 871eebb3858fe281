import Database

extension AccountStore {
    /// Puts the account's pages in `tag`'s language (a BCP 47 tag the app ships), or back in the
    /// one its browser asks for (nil).
    public func setLanguage(_ tag: String?, of id: Account.ID) throws {
        try database.write { connection in
            try connection.run("UPDATE accounts SET language = ? WHERE id = ?", tag, id)
            if connection.changes == 0 { throw AccountError.accountNotFound("#\(id)") }
        }
    }
}
