import HTTPServer
import PhotoLibrary

extension Request {
    /// The library roots this caller may see: nil for all (open access), else their grants among the
    /// configured roots. Throws when a library is set up but none of it is theirs.
    func visibleLibraryRoots(of library: PhotoLibrary) throws -> Set<String>? {
        guard let caller, caller.via != .openAccess else { return nil }
        let visible = caller.account.libraryGrants.intersection(library.roots)
        if visible.isEmpty, !library.roots.isEmpty { throw LibraryAccess.declined }
        return visible
    }
}

enum LibraryAccess {
    static let declined = AppError(.libraryAccessDeclined, message: "Access to the photo library was declined for your account: it has not been granted any library folder. Ask an owner to grant you one on the Accounts page.")
}
