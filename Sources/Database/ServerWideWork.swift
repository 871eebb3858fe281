/// Why a plain `Connection` may read or write household tables for one call: work that is the server's,
/// not one household's. Each case is a permission for the calls that name it
/// (`Database.read(serverWide:)`, `readTransaction(serverWide:)`, `write(serverWide:)`); the uses are
/// listed in `ServerWideWorkTests`, so a new one is seen in review.
public enum ServerWideWork: String, CaseIterable, Sendable {
    /// Sweeping files that no row names any more, household by household.
    case leftovers
    /// Refilling the search index when its format changes, household by household.
    case searchIndexRefill
    /// Listing every file a backup's database copy names, whichever household holds it.
    case backupContents
    /// Finding an adjuster's link by its token: the token is the access, and the link's claim says
    /// its household.
    case claimLinkTokens
    /// An account's resumable uploads: an upload is its account's, in no household (its quota counts the
    /// account's uploads everywhere); it meets a household only when a request hands it to an item there.
    case accountUploads
}
