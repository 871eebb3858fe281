import Database
import Foundation

extension LibraryCatalogue {
    /// Photos further apart in time than this start a new event.
    public static let eventGap: TimeInterval = 8 * 3600

    /// Every group that has photos: albums (folders, in path order), events (newest first) and one
    /// group per person named in face regions. A photo found unreadable when its thumbnail was made
    /// is in none (see `unreadablePhotos()`).
    /// - Parameter access: the roots the caller may see. Events and people form from those roots'
    ///   photos only.
    public func groups(visibleTo access: LibraryAccess = .everything) throws -> [LibraryGroup] {
        let scope = scope(access)
        return try albums(scope: scope) + events(scope: scope).map(\.group) + faces(scope: scope)
    }

    public func group(id: String, visibleTo access: LibraryAccess = .everything) throws -> LibraryGroup? {
        let scope = scope(access)
        return switch id.first {
        // Folders on the way to an album hold no photos themselves, but their pages list what is below.
        case "a": try albums(includingEmpty: true, scope: scope).first { $0.id == id }
        case "e": try events(scope: scope).first { $0.group.id == id }?.group
        case "f": try people(scope: scope).first { $0.id == id }?.group
        case "d": try LibraryDateRange(groupID: id).map { try dateRangeGroup($0, scope: scope) }
        default: nil
        }
    }

    /// The events (newest first) in which any of these photos was taken: a room's events, from the
    /// photos linked to what is in the room. Photos the caller may not see count for nothing.
    public func events(containingAssets ids: Set<LibraryAsset.ID>, visibleTo access: LibraryAccess = .everything) throws -> [LibraryGroup] {
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let scope = scope(access)
        let visible = scope.condition(on: "library_assets.root_id")
        let moments = try database.read { connection in
            try connection.rows("""
                SELECT taken_at_ms FROM library_assets WHERE id IN (SELECT value FROM json_each(?)) AND \(Self.inGroups)\(visible.and)
                ORDER BY taken_at_ms
                """, arguments: [list] + visible.arguments) { $0.int64(0) }
        }
        guard !moments.isEmpty else { return [] }
        return try events(scope: scope).filter { event in
            // The first moment at or after the event's start, by binary search.
            var low = 0, high = moments.count
            while low < high {
                let middle = (low + high) / 2
                if moments[middle] < event.start { low = middle + 1 } else { high = middle }
            }
            return low < moments.count && moments[low] <= event.end
        }.map(\.group)
    }

    /// A date range as a group: its photos counted, the first one that can be shown as its poster.
    private func dateRangeGroup(_ range: LibraryDateRange, scope: RootScope) throws -> LibraryGroup {
        let visible = scope.condition(on: "library_assets.root_id")
        let inRange = "library_assets.taken_at_ms BETWEEN ? AND ? AND \(Self.inGroups)\(visible.and)"
        let arguments: [any DatabaseValueConvertible] = [range.start, range.end] + visible.arguments
        return try database.read { connection in
            let count = Int(try connection.scalar("SELECT count(*) FROM library_assets WHERE \(inRange)", arguments: arguments) ?? 0)
            let poster = try connection.firstRow(
                "SELECT id, size, mtime_ns FROM library_assets WHERE \(inRange) AND error IS NULL ORDER BY \(Self.order) LIMIT 1",
                arguments: arguments) { (id: $0.libraryPhotoID(0), fingerprint: Self.fingerprint(size: $0.int64(1), modified: $0.int64(2))) }
            return LibraryGroup(id: range.groupID, kind: .dates, name: range.name, detail: nil, count: count,
                                posterAssetID: poster?.id, posterFingerprint: poster?.fingerprint)
        }
    }

    /// A page of the group's photos, in time order, and how many it holds.
    public func assets(inGroup id: String, offset: Int, limit: Int, visibleTo access: LibraryAccess = .everything) throws -> (total: Int, assets: [LibraryAsset])? {
        let scope = scope(access)
        guard let query = try membership(of: id, scope: scope) else { return nil }
        // Everything visible: the group's size is known from the cached groups, no count needed.
        let known = scope.isEverything ? try group(id: id)?.count : nil
        return try database.read { connection in
            let total = try known ?? Int(try connection.scalar("SELECT count(*) FROM library_assets \(query.join) WHERE \(query.condition)", arguments: query.arguments) ?? 0)
            let assets = try connection.rows(
                "SELECT \(Self.assetColumns) FROM library_assets \(query.join) WHERE \(query.condition) ORDER BY \(Self.order) LIMIT ? OFFSET ?",
                arguments: query.arguments + [max(0, limit), max(0, offset)], decode: Self.decodeAsset)
            return (total, assets)
        }
    }

    /// Where a photo sits in a group: its index, the group's size, and its neighbours.
    public func position(of asset: LibraryAsset, inGroup id: String, visibleTo access: LibraryAccess = .everything) throws -> (index: Int, total: Int, previous: LibraryAsset.ID?, next: LibraryAsset.ID?)? {
        guard let query = try membership(of: id, scope: scope(access)) else { return nil }
        let key: [any DatabaseValueConvertible] = [Int64((asset.takenAt.timeIntervalSince1970 * 1000).rounded()), asset.fileName, asset.id]
        let before = "(library_assets.taken_at_ms, library_assets.file_name, library_assets.id) < (?, ?, ?)"
        let after = "(library_assets.taken_at_ms, library_assets.file_name, library_assets.id) > (?, ?, ?)"
        return try database.read { connection in
            guard try connection.scalar("SELECT 1 FROM library_assets \(query.join) WHERE \(query.condition) AND library_assets.id = ?",
                                        arguments: query.arguments + [asset.id]) != nil else { return nil }
            let index = Int(try connection.scalar("SELECT count(*) FROM library_assets \(query.join) WHERE \(query.condition) AND \(before)",
                                                  arguments: query.arguments + key) ?? 0)
            let total = Int(try connection.scalar("SELECT count(*) FROM library_assets \(query.join) WHERE \(query.condition)", arguments: query.arguments) ?? 0)
            let previous = try connection.firstRow(
                "SELECT library_assets.id FROM library_assets \(query.join) WHERE \(query.condition) AND \(before) ORDER BY \(Self.reverseOrder) LIMIT 1",
                arguments: query.arguments + key) { $0.libraryPhotoID(0) }
            let next = try connection.firstRow(
                "SELECT library_assets.id FROM library_assets \(query.join) WHERE \(query.condition) AND \(after) ORDER BY \(Self.order) LIMIT 1",
                arguments: query.arguments + key) { $0.libraryPhotoID(0) }
            return (index, total, previous, next)
        }
    }

    /// The folders from the root down to this album (inclusive).
    public func breadcrumb(ofAlbum id: String) throws -> [AlbumCrumb] {
        guard id.first == "a" else { return [] }
        var crumbs: [AlbumCrumb] = []
        var current: String? = String(id.dropFirst())
        try database.read { connection in
            while let albumID = current, crumbs.count < 256 {
                guard let (name, parent) = try connection.firstRow("SELECT name, parent_id FROM library_albums WHERE id = ?", albumID, decode: {
                    ($0.string(0), $0.optionalString(1))
                }) else { break }
                crumbs.insert(AlbumCrumb(id: "a" + albumID, name: name), at: 0)
                current = parent
            }
        }
        return crumbs
    }

    /// Albums directly inside this one with photos to show, in them or further down.
    public func subalbums(of id: String, visibleTo access: LibraryAccess = .everything) throws -> [LibraryGroup] {
        guard id.first == "a" else { return [] }
        let parent = String(id.dropFirst())
        // The folders of the parent's root, each with its parent.
        let parents = Dictionary(uniqueKeysWithValues: try database.read { connection in
            try connection.rows("SELECT id, parent_id FROM library_albums WHERE root_id = (SELECT root_id FROM library_albums WHERE id = ?)",
                                parent) { ("a" + $0.string(0), $0.optionalString(1).map { "a" + $0 }) }
        })
        let albums = try albums(includingEmpty: true, scope: scope(access))
        // A folder whose photos are all unreadable has nothing to show, nor has one holding only such folders.
        var showing = Set<String>()
        for album in albums where album.count > 0 {
            var current: String? = album.id
            while let folder = current, showing.insert(folder).inserted { current = parents[folder] ?? nil }
        }
        return albums.filter { parents[$0.id] == "a" + parent && showing.contains($0.id) }
    }

    /// How many albums stand directly inside each of these albums, for those that hold any: one query
    /// for a page of folders. A subalbum is in its parent's root, so what one may see of the parent,
    /// one may see of these.
    public func subalbumCounts(of ids: [String]) throws -> [String: Int] {
        let parents = ids.filter { $0.first == "a" }.map { String($0.dropFirst()) }
        guard !parents.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: parents.count).joined(separator: ", ")
        return Dictionary(uniqueKeysWithValues: try database.read { connection in
            try connection.rows("SELECT parent_id, count(*) FROM library_albums WHERE parent_id IN (\(placeholders)) GROUP BY parent_id",
                                arguments: parents) { ("a" + $0.string(0), $0.int(1)) }
        })
    }

    /// Keeps the photos that belong in groups: not those found unreadable when their thumbnails were made.
    static let inGroups = "library_assets.decode_failed = 0"
    static let order = "library_assets.taken_at_ms, library_assets.file_name, library_assets.id"
    static let reverseOrder = "library_assets.taken_at_ms DESC, library_assets.file_name DESC, library_assets.id DESC"

    /// The SQL that picks a group's photos.
    private func membership(of id: String, scope: RootScope) throws -> (join: String, condition: String, arguments: [any DatabaseValueConvertible])? {
        let visible = scope.condition(on: "library_assets.root_id")
        switch id.first {
        case "a":
            let albumID = String(id.dropFirst())
            guard KeyedID.isWellFormed(albumID), try albums(includingEmpty: true, scope: scope).contains(where: { $0.id == id }) else { return nil }
            return ("", "library_assets.album_id = ? AND \(Self.inGroups)" + visible.and, [albumID] + visible.arguments)
        case "e":
            guard let event = try events(scope: scope).first(where: { $0.group.id == id }) else { return nil }
            return ("", "library_assets.taken_at_ms BETWEEN ? AND ? AND \(Self.inGroups)" + visible.and, [event.start, event.end] + visible.arguments)
        case "d":
            guard let range = LibraryDateRange(groupID: id) else { return nil }
            return ("", "library_assets.taken_at_ms BETWEEN ? AND ? AND \(Self.inGroups)" + visible.and, [range.start, range.end] + visible.arguments)
        case "f":
            guard let name = try people(scope: scope).first(where: { $0.id == id })?.name else { return nil }
            return ("JOIN library_people ON library_people.asset_id = library_assets.id", "library_people.name = ? AND \(Self.inGroups)" + visible.and,
                    [name] + visible.arguments)
        default:
            return nil
        }
    }

    /// The roots `access` lets a caller see, as SQL.
    func scope(_ access: LibraryAccess) -> RootScope { RootScope(access, rootIDs: rootIDs) }

    // MARK: Groups, remade once per library revision

    private func albums(includingEmpty: Bool = false, scope: RootScope = .everything) throws -> [LibraryGroup] {
        let visible = scope.condition(on: "library_albums.root_id")
        let all = try cached(groupCache.albums, in: scope) {
            try database.read { connection in
                try connection.rows("""
                    SELECT library_albums.id, library_albums.name, count(library_assets.id), library_albums.relative_path,
                        (SELECT id FROM library_assets AS poster WHERE poster.album_id = library_albums.id AND poster.error IS NULL ORDER BY taken_at_ms, file_name LIMIT 1),
                        (SELECT size || ' ' || mtime_ns FROM library_assets AS poster WHERE poster.album_id = library_albums.id AND poster.error IS NULL ORDER BY taken_at_ms, file_name LIMIT 1)
                    FROM library_albums LEFT JOIN library_assets ON library_assets.album_id = library_albums.id AND \(Self.inGroups)
                    \(visible.whereClause)
                    GROUP BY library_albums.id ORDER BY library_albums.root_id, library_albums.relative_path
                    """, arguments: visible.arguments) { row in
                    let parent = row.string(3).parentPath
                    return LibraryGroup(id: "a" + row.string(0), kind: .album, name: row.string(1),
                                        detail: parent.isEmpty ? nil : parent.replacingOccurrences(of: "/", with: " › "), count: row.int(2),
                                        posterAssetID: row.isNull(4) ? nil : row.libraryPhotoID(4), posterFingerprint: row.optionalString(5).map(Self.fingerprint(fromPair:)))
                }
            }
        }
        return includingEmpty ? all : all.filter { $0.count > 0 }
    }

    struct Event: Sendable {
        let group: LibraryGroup
        let start: Int64
        let end: Int64
    }

    func events(scope: RootScope = .everything) throws -> [Event] {
        let visible = scope.condition(on: "library_assets.root_id")
        return try cached(groupCache.events, in: scope) {
            let moments = try database.read { connection in
                try connection.rows("""
                    SELECT taken_at_ms, id, size, mtime_ns, error IS NOT NULL FROM library_assets WHERE \(Self.inGroups)\(visible.and)
                    ORDER BY taken_at_ms, file_name, id
                    """, arguments: visible.arguments) { row in
                    (row.int64(0), row.libraryPhotoID(1), Self.fingerprint(size: row.int64(2), modified: row.int64(3)), row.int(4) != 0)
                }
            }
            var events: [Event] = []
            var start = 0
            let gap = Int64(Self.eventGap * 1000)
            for index in moments.indices where index == moments.count - 1 || moments[index + 1].0 - moments[index].0 > gap {
                let first = moments[start], last = moments[index]
                // The poster is the first photo that can be shown.
                let poster = moments[start...index].first { !$0.3 }
                events.append(Event(
                    group: LibraryGroup(id: "e\(first.0)-\(last.0)", kind: .event, name: Self.dateRange(from: first.0, to: last.0),
                                        detail: nil, count: index - start + 1, posterAssetID: poster?.1, posterFingerprint: poster?.2),
                    start: first.0, end: last.0))
                start = index + 1
            }
            return events.reversed()
        }
    }

    private func faces(scope: RootScope) throws -> [LibraryGroup] { try people(scope: scope).map(\.group) }

    private func people(scope: RootScope = .everything) throws -> [(id: String, name: String, group: LibraryGroup)] {
        let posterVisible = scope.condition(on: "a.root_id")
        let visible = scope.condition(on: "library_assets.root_id")
        return try cached(groupCache.people, in: scope) {
            try database.read { connection in
                try connection.rows("""
                    SELECT library_people.name, count(*),
                        (SELECT a.id || ' ' || a.size || ' ' || a.mtime_ns FROM library_assets AS a JOIN library_people AS p ON p.asset_id = a.id
                         WHERE p.name = library_people.name AND a.error IS NULL\(posterVisible.and) ORDER BY a.taken_at_ms, a.file_name LIMIT 1)
                    FROM library_people JOIN library_assets ON library_assets.id = library_people.asset_id WHERE \(Self.inGroups)\(visible.and)
                    GROUP BY library_people.name ORDER BY library_people.name COLLATE NOCASE
                    """, arguments: posterVisible.arguments + visible.arguments) { row in
                    let name = row.string(0)
                    let id = "f" + ids.make("person", name)
                    let poster = (row.optionalString(2) ?? "").split(separator: " ", maxSplits: 1).map(String.init)
                    let group = LibraryGroup(id: id, kind: .faces, name: name, detail: nil, count: row.int(1), posterAssetID: poster.first.flatMap(LibraryAsset.ID.init),
                                             posterFingerprint: poster.count > 1 ? Self.fingerprint(fromPair: poster[1]) : nil)
                    return (id, name, group)
                }
            }
        }
    }

    private static func fingerprint(fromPair pair: String) -> String {
        let numbers = pair.split(separator: " ").compactMap { Int64($0) }
        return numbers.count == 2 ? fingerprint(size: numbers[0], modified: numbers[1]) : ""
    }

    /// "May 4, 2019", "May 4 – 6, 2019", "Dec 30, 2019 – Jan 2, 2020" (times are wall-clock, kept as UTC).
    static func dateRange(from start: Int64, to end: Int64) -> String {
        let calendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar
        }()
        let first = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(start) / 1000))
        let last = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(end) / 1000))
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let firstMonth = months[(first.month ?? 1) - 1], lastMonth = months[(last.month ?? 1) - 1]
        if first == last { return "\(firstMonth) \(first.day ?? 1), \(first.year ?? 0)" }
        if first.year == last.year {
            if first.month == last.month { return "\(firstMonth) \(first.day ?? 1) – \(last.day ?? 1), \(first.year ?? 0)" }
            return "\(firstMonth) \(first.day ?? 1) – \(lastMonth) \(last.day ?? 1), \(first.year ?? 0)"
        }
        return "\(firstMonth) \(first.day ?? 1), \(first.year ?? 0) – \(lastMonth) \(last.day ?? 1), \(last.year ?? 0)"
    }

    /// The value made at the current revision; only the one of everything visible is kept.
    private func cached<T: Sendable>(_ cache: RevisionCache<T>, in scope: RootScope, make: () throws -> T) throws -> T {
        guard scope.isEverything else { return try make() }
        return try cache.value(at: revision, make: make)
    }
}

/// Groups, and the photos in none, computed from the library at one revision.
final class GroupCache: Sendable {
    let unreadable = RevisionCache<[LibraryProblem]>()
    let albums = RevisionCache<[LibraryGroup]>()
    let events = RevisionCache<[LibraryCatalogue.Event]>()
    let people = RevisionCache<[(id: String, name: String, group: LibraryGroup)]>()
}
