import HTTPServer
import Localization
import PhotoLibrary
import Messages

/// `/api/v1/library/…`: status, groups, a group's photos page by page, one photo with its metadata.
struct LibraryAPIHandlers: Sendable {
    let library: PhotoLibrary
    static let defaultPageSize = 100
    static let maxPageSize = 500

    func register(in router: inout AppRouter) {
        router.get(LibraryRoutes.apiStatus) { request in
            .json(LibraryJSON.status(library.status.visible(to: try request.visibleLibraryRoots(of: library))))
        }
        router.get(LibraryRoutes.apiGroups) { request in
            .json(LibraryJSON.groups(try library.groups(visibleTo: try request.visibleLibraryRoots(of: library))))
        }
        router.get(LibraryRoutes.apiGroupAssets) { request in
            let (offset, limit) = try Self.paging(request)
            guard let page = try library.assets(inGroup: request.parameters["id"] ?? "", offset: offset, limit: limit,
                                                visibleTo: try request.visibleLibraryRoots(of: library)) else {
                throw Self.groupNotFound
            }
            return .json(LibraryJSON.page(total: page.total, assets: page.assets))
        }
        router.get(LibraryRoutes.apiAsset) { request in
            let visible = try request.visibleLibraryRoots(of: library)
            guard let asset = try library.asset(id: try request.libraryPhotoID { _ in Self.assetNotFound }, visibleTo: visible) else {
                throw Self.assetNotFound
            }
            return .json(LibraryJSON.detail(asset, words: DisplayFormat(words: Localization.bundled.localizer(for: request.pageLanguage)).text))
        }
    }

    static let groupNotFound = AppError(.groupNotFound, Message("error.library.group-not-found", "There is no such album, event or person in the library. Go back to the library and choose again."))
    static let assetNotFound = AppError(.assetNotFound, Message("error.library.asset-not-found", "There is no such photo in the library; it may have been moved or deleted. Go back to the library and choose again."))

    /// `offset` and `limit` from the query: whole numbers, the limit at most 500.
    static func paging(_ request: Request) throws -> (offset: Int, limit: Int) {
        func number(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
            guard let text = request.query[name], !text.isEmpty else { return fallback }
            guard let value = Int(text), range.contains(value) else {
                throw AppError(name == "offset" ? .invalidOffset : .invalidLimit, Message("error.library.paging", "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not “\(text)”.", ["name": .text(name), "low": .text(String(range.lowerBound)), "high": .text(String(range.upperBound)), "text": .text(text)]))
            }
            return value
        }
        return (try number("offset", default: 0, range: 0...Int(Int32.max)),
                try number("limit", default: defaultPageSize, range: 1...maxPageSize))
    }
}
