import Database

/// Which of the library's roots a caller may see. Worked out once per request and handed to every
/// read; the library turns it into the roots' row ids, bound as query parameters.
public enum LibraryAccess: Sendable, Hashable {
    /// Every root: open access, or the server itself.
    case everything
    /// Only these roots (absolute paths, as configured); paths that are not roots of the library grant nothing.
    case roots(Set<String>)

    /// Whether photos under the root at `path` may be seen.
    public func allows(root path: String) -> Bool {
        switch self {
        case .everything: true
        case .roots(let roots): roots.contains(path)
        }
    }
}

/// An access as SQL: a condition on a `root_id` column whose root ids are bound parameters.
struct RootScope: Sendable {
    /// The visible roots' row ids; nil when every root is visible.
    let rootIDs: [Int64]?

    /// The scope of `access` over roots whose row ids (by path) are `ids`.
    init(_ access: LibraryAccess, rootIDs ids: [String: Int64]) {
        switch access {
        case .everything:
            rootIDs = nil
        case .roots(let roots):
            // Every configured root visible: the same as everything, and the group caches apply.
            rootIDs = Set(ids.keys).isSubset(of: roots) ? nil : ids.filter { roots.contains($0.key) }.map(\.value).sorted()
        }
    }

    static let everything = RootScope(rootIDs: nil)

    private init(rootIDs: [Int64]?) { self.rootIDs = rootIDs }

    var isEverything: Bool { rootIDs == nil }

    /// `column IN (?, …)` over the visible roots (`0` when none is), or nil when every root is.
    /// - Parameter column: a `root_id` column, as a literal of the caller's query.
    func condition(on column: StaticString) -> SQLCondition? {
        guard let rootIDs else { return nil }
        guard !rootIDs.isEmpty else { return SQLCondition(sql: "0", arguments: []) }
        let placeholders = Array(repeating: "?", count: rootIDs.count).joined(separator: ", ")
        return SQLCondition(sql: "\(column) IN (\(placeholders))", arguments: rootIDs)
    }
}

/// A piece of a `WHERE` clause with the values it binds, in order.
struct SQLCondition: Sendable {
    let sql: String
    let arguments: [any DatabaseValueConvertible]
}

extension Optional where Wrapped == SQLCondition {
    /// ` AND <condition>` (or nothing), to follow conditions already written.
    var and: String { map { " AND \($0.sql)" } ?? "" }
    /// `WHERE <condition>` (or nothing).
    var whereClause: String { map { "WHERE \($0.sql)" } ?? "" }
    var arguments: [any DatabaseValueConvertible] { self?.arguments ?? [] }
}
