import HTTPServer
import PhotoLibrary
import Messages

extension Request {
    /// The library roots this caller may see: everything under open access, else their grants among
    /// the configured roots. Worked out once by each handler and handed to every library read.
    /// Throws when a library is set up but none of it is theirs.
    func visibleLibraryRoots(of library: PhotoLibrary) throws -> LibraryAccess {
        guard let caller, caller.via != .openAccess else { return .everything }
        let visible = caller.account.libraryGrants.intersection(library.roots)
        if visible.isEmpty, !library.roots.isEmpty { throw LibraryAccess.declined }
        return .roots(visible)
    }

    /// How far this caller is told about library photos linked as evidence: as far as they may see
    /// the library (none of it when declined); owners also about photos under no root of it.
    func evidenceSight(of library: PhotoLibrary) -> EvidenceSight {
        guard let caller, caller.via != .openAccess else { return .everything }
        return EvidenceSight(access: (try? visibleLibraryRoots(of: library)) ?? .roots([]), seesUnrooted: caller.account.role == .owner)
    }
}

extension LibraryAccess {
    static let declined = AppError(.libraryAccessDeclined, Message("error.library.declined", "Access to the photo library was declined for your account: it has not been granted any library folder. Ask an owner to grant you one on the Accounts page."))
}
