import ClaimReport
import Claims
import HTTPServer
import Inventory
import PhotoLibrary

/// Every path of the adjusters' links, spelled once: the owner's (make, list, revoke) and the
/// adjuster's (`/shared/{token}…`, open to anyone holding the token, read-only).
enum ClaimLinkRoutes {
    // The owner's page (the claim page may fold its section in) and its forms
    static let page = RoutePath("/claims/{id}/links")
    static let revoke = RoutePath("/claims/{id}/links/{linkId}/revoke")

    // JSON API
    static let apiList = RoutePath("/claims/{id}/links", in: APIRoutes.v1)
    static let apiLink = RoutePath("/claims/{id}/links/{linkId}", in: APIRoutes.v1)

    /// The first segment of every adjuster's path. Its token must never reach a log, a `Referer` or a
    /// cache: the server logs such paths as `/shared/…` (`ServerConfiguration.secretPathPrefixes`) and
    /// `SecurityHeaders` answers them with `no-referrer` and `no-store`.
    static let sharedPrefix = "shared"

    // The adjuster's side
    static let shared = RoutePath("/\(sharedPrefix)/{token}")
    static let sharedPhoto = RoutePath("/\(sharedPrefix)/{token}/items/{itemId}/photos/{photoId}/{file}")
    static let sharedDocument = RoutePath("/\(sharedPrefix)/{token}/items/{itemId}/documents/{docId}")
    static let sharedDocumentThumbnail = RoutePath("/\(sharedPrefix)/{token}/items/{itemId}/documents/{docId}/thumbnail")
    static let sharedEvidence = RoutePath("/\(sharedPrefix)/{token}/items/{itemId}/evidence/{assetId}/{file}")
    // The site's photo viewer, for an item's photo or a library photo linked to it
    static let sharedPhotoViewer = RoutePath("/\(sharedPrefix)/{token}/items/{itemId}/photos/{photoId}")
    static let sharedEvidenceViewer = RoutePath("/\(sharedPrefix)/{token}/items/{itemId}/evidence/{assetId}")
    // The claim packet, for the adjuster
    static let sharedReport = RoutePath("/\(sharedPrefix)/{token}/report.pdf")
    static let sharedSchedule = RoutePath("/\(sharedPrefix)/{token}/schedule.csv")
    static let sharedEvidenceArchive = RoutePath("/\(sharedPrefix)/{token}/evidence.zip")
    static let sharedPoliceList = RoutePath("/\(sharedPrefix)/{token}/police-list.pdf")
    static let sharedPoliceListCSV = RoutePath("/\(sharedPrefix)/{token}/police-list.csv")

    static func page(_ claimID: Claim.ID) -> String { page.url(claimID) }
    static func revoke(_ claimID: Claim.ID, link linkID: ClaimLink.ID) -> String { revoke.url(claimID, linkID) }
    static func apiList(_ claimID: Claim.ID) -> String { apiList.url(claimID) }
    static func apiLink(_ claimID: Claim.ID, link linkID: ClaimLink.ID) -> String { apiLink.url(claimID, linkID) }

    static func shared(_ token: String) -> String { shared.url(token) }
    static func sharedPhoto(_ token: String, item itemID: Item.ID, photo photoID: ItemPhoto.ID, file: String) -> String {
        sharedPhoto.url(token, itemID, photoID, file)
    }
    static func sharedDocument(_ token: String, item itemID: Item.ID, document documentID: ItemDocument.ID) -> String {
        sharedDocument.url(token, itemID, documentID)
    }
    static func sharedDocumentThumbnail(_ token: String, item itemID: Item.ID, document documentID: ItemDocument.ID) -> String {
        sharedDocumentThumbnail.url(token, itemID, documentID)
    }
    static func sharedEvidence(_ token: String, item itemID: Item.ID, asset assetID: LibraryAsset.ID, file: String) -> String {
        sharedEvidence.url(token, itemID, assetID, file)
    }
    static func sharedPhotoViewer(_ token: String, item itemID: Item.ID, photo photoID: ItemPhoto.ID) -> String {
        sharedPhotoViewer.url(token, itemID, photoID)
    }
    static func sharedEvidenceViewer(_ token: String, item itemID: Item.ID, asset assetID: LibraryAsset.ID) -> String {
        sharedEvidenceViewer.url(token, itemID, assetID)
    }
    static func sharedReport(_ token: String, paper: ReportPaper) -> String { sharedReport.url(token) + "?paper=\(paper.rawValue)" }
    static func sharedSchedule(_ token: String) -> String { sharedSchedule.url(token) }
    static func sharedEvidenceArchive(_ token: String, paper: ReportPaper) -> String { sharedEvidenceArchive.url(token) + "?paper=\(paper.rawValue)" }
    static func sharedPoliceList(_ token: String, paper: ReportPaper) -> String { sharedPoliceList.url(token) + "?paper=\(paper.rawValue)" }
    static func sharedPoliceListCSV(_ token: String) -> String { sharedPoliceListCSV.url(token) }

    /// The packet's downloads on the adjuster's page; the police list for a theft only.
    static func sharedDownloads(_ token: String, claim: Claim) -> SharedClaimDownloads {
        let theft = claim.lossKind == .theft
        let paper = claim.paper
        return SharedClaimDownloads(reportPDF: sharedReport(token, paper: paper), scheduleCSV: sharedSchedule(token),
                                    evidenceZip: sharedEvidenceArchive(token, paper: paper),
                                    policeListPDF: theft ? sharedPoliceList(token, paper: paper) : nil,
                                    policeListCSV: theft ? sharedPoliceListCSV(token) : nil)
    }

    /// Where the owner's forms lead back to: the claim's links.
    static func back(to claimID: Claim.ID) -> String { page(claimID) }

    /// Whether a request is for an adjuster's path (as the router sees the path, any case).
    static func isShared(_ request: Request) -> Bool {
        request.pathSegments.first?.lowercased() == sharedPrefix
    }

    /// What an opening records of the path: the part below the link, never its token (`/`,
    /// `/items/7/documents/3`).
    static func pathBelowLink(_ request: Request) -> String {
        "/" + request.pathSegments.dropFirst(2).joined(separator: "/")
    }
}
