import Claims
import Foundation
import HTTPServer
import Inventory
import Localization
import PhotoLibrary

/// `/shared/{token}…`: the adjuster's read-only view of one claim, and the files it shows. Every
/// request resolves its token first (`SharedClaimAccess`); every file is checked to belong to an item
/// that is a line of that claim, else it is simply not there. Nothing here is cached or sent on in
/// a `Referer` (`SecurityHeaders`); the page and the documents opened are recorded for the owner.
/// Each reads in the link's own household (`SharedClaimAccess.Opened`), through the stores bound to it.
struct SharedClaimHandlers: Sendable {
    let access: SharedClaimAccess
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let library: PhotoLibrary
    let site: PageContext
    /// The claim packet's files for the page (`ClaimLinkHandlers.downloads`).
    let downloads: @Sendable (_ token: String, _ claim: Claim) -> SharedClaimDownloads

    func register(in router: inout AppRouter) {
        router.get(ClaimLinkRoutes.shared, access: .public) { request in try access.readingClaim(request) { opened in try page(request, opened: opened) } }
        router.get(ClaimLinkRoutes.sharedPhoto, access: .public) { request in try photo(request) }
        router.get(ClaimLinkRoutes.sharedDocument, access: .public) { request in try document(request, thumbnail: false) }
        router.get(ClaimLinkRoutes.sharedDocumentThumbnail, access: .public) { request in try document(request, thumbnail: true) }
        router.get(ClaimLinkRoutes.sharedEvidence, access: .public) { request in try evidence(request) }
        router.get(ClaimLinkRoutes.sharedPhotoViewer, access: .public) { request in try photoViewer(request) }
        router.get(ClaimLinkRoutes.sharedEvidenceViewer, access: .public) { request in try evidenceViewer(request) }
    }

    // MARK: The page

    /// The claims and items of the household the link was made in.
    private func stores(of opened: SharedClaimAccess.Opened) -> (claims: ClaimStore, items: ItemStore) {
        (self.claims.in(opened.household), self.items.in(opened.household))
    }

    private func page(_ request: Request, opened: SharedClaimAccess.Opened) throws -> Response {
        let (claims, items) = stores(of: opened), link = opened.link
        let sheet = try claims.sheet(id: link.claimID), claim = sheet.claim
        try access.recordOpening(of: opened, by: request)
        let token = request.parameters["token"] ?? ""
        var lost = claim.lines.compactMap { line in sheet.items[line.itemID].map { (line, $0) } }
        var found = lost.map(\.1)
        let evidenceFiles = try library.resolveEvidence(of: &found)
        for index in lost.indices { lost[index].1 = found[index] }
        let rooms = Dictionary(uniqueKeysWithValues: sheet.schedule.lines.map { ($0.itemID, $0.room) })
        let words = claim.words(for: request)
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("shared." + key, arguments) }
        let owed = ClaimOwedSummary(sheet: sheet, words: words), format = DisplayFormat(words: words)
        let money = { (minorUnits: Int64) in format.exactMoney(minorUnits, in: sheet.currency) }
        let bundles = sheet.schedule.bundleByItem
        let lines = sheet.schedule.lines.map { line in
            let item = sheet.items[line.itemID]
            return SharedLineModel(number: line.number, name: line.name, anchor: Self.anchor(of: line.itemID), quantity: format.quantity(line.quantityLost, line.quantityUnit), room: line.room,
                                   replacementCost: money(line.valuation.lineReplacementCost), actualCashValue: money(line.valuation.lineActualCashValue),
                                   evidence: item.map { $0.photos.count + $0.documents.count + $0.evidence.count } ?? 0,
                                   bundle: bundles[line.itemID].map { say("lines.bundle", ["name": .text($0.name), "lines": .text($0.numbers)]) } ?? "")
        }
        var model = SharedClaimModel(
            name: claim.name, facts: Self.facts(of: claim, money: money, words: words), owed: owed.rows, warnings: owed.warnings,
            validity: say("facts.validity", ["day": .text(format.day(ClaimLinkInput.lastDay(of: link.expires)))]),
            contact: Self.contact(of: claim, words: words), lines: lines,
            footer: (money(sheet.schedule.totals.replacementCost), money(sheet.schedule.totals.actualCashValue)),
            items: lost.enumerated().map { index, entry in
                Self.item(entry.1, line: entry.0, number: index + 1, room: rooms[entry.1.id].flatMap { $0.isEmpty ? nil : $0 },
                          currency: sheet.currency, evidenceFiles: evidenceFiles, token: token, words: words)
            },
            countText: sheet.schedule.countText(words: words), downloads: downloads(token, claim), expenses: SharedExpensesCard(sheet: sheet, words: words))
        model.packOut = try ClaimPackOut(sheet: sheet, items: items)
        // No account strip, no forms: whoever holds the link is nobody here.
        var context = site
        context.canEdit = false
        context.canManage = false
        context.localizer = words
        var response = Response.html(SharedClaimPage(claim: model, context: context).document().renderedBytes())
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        return response
    }

    /// The claim's facts, labelled as its packet's cover labels them, in `words`' language.
    static func facts(of claim: Claim, money: (Int64) -> String, words: Localizer) -> [(label: String, value: String)] {
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet." + key, arguments) }
        let format = DisplayFormat(words: words)
        var facts: [(label: String, value: String)] = []
        if let lossDate = claim.lossDate { facts.append((say("fact.loss-date"), format.day(lossDate))) }
        if let kind = claim.lossKind { facts.append((say("fact.loss-kind"), say("loss-kind.\(kind.rawValue)"))) }
        let texts: [(ClaimText, String)] = [(.cause, "cause"), (.policeReport, "police-report"), (.policeForce, "police-force"), (.policyholder, "policyholder"),
                                            (.address, "loss-address"), (.insurer, "insurer"), (.policyNumber, "policy-number"), (.claimNumber, "claim-number")]
        for (text, key) in texts where !claim[keyPath: text.keyPath].isEmpty {
            facts.append((say("fact." + key), claim[keyPath: text.keyPath]))
        }
        if claim.policyStart != nil || claim.policyEnd != nil {
            facts.append((say("fact.policy-period"), say("period", ["start": .text(claim.policyStart.map(format.day) ?? say("not-given")),
                                                                   "end": .text(claim.policyEnd.map(format.day) ?? say("not-given"))])))
        }
        facts.append((say("fact.settles-at"), say("settlement.\(claim.settlement.rawValue)")))
        if let deductible = claim.deductible { facts.append((say("fact.deductible"), money(deductible))) }
        if !claim.otherInsurance.isEmpty { facts.append((say("fact.other-insurance"), claim.otherInsurance)) }
        return facts
    }

    /// The policyholder's phone and e-mail, as links that call or write, and the address while displaced.
    static func contact(of claim: Claim, words: Localizer) -> [SharedContactModel] {
        var contact: [SharedContactModel] = []
        if !claim.phone.isEmpty {
            let dialled = claim.phone.filter { $0.isNumber || $0 == "+" }
            contact.append(SharedContactModel(label: words.text("packet.fact.phone"), value: claim.phone, url: dialled.isEmpty ? nil : "tel:" + dialled))
        }
        if !claim.email.isEmpty { contact.append(SharedContactModel(label: words.text("packet.fact.email"), value: claim.email, url: "mailto:" + claim.email)) }
        if !claim.contactAddress.isEmpty {
            contact.append(SharedContactModel(label: words.text("packet.fact.contact-address"), value: claim.contactAddress, url: nil))
        }
        return contact
    }

    /// Where an item's card is on the page.
    static func anchor(of itemID: Item.ID) -> String { "item-\(itemID.rawValue)" }

    static func item(_ item: Item, line: ClaimLine, number: Int, room: String?, currency: Currency, evidenceFiles: EvidenceFiles,
                     token: String, words: Localizer) -> SharedItemModel {
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("shared.item." + key, arguments) }
        let details = item.details, format = DisplayFormat(words: words)
        func money(_ amount: Int64?) -> String? { amount.map { format.exactMoney($0, in: currency) } }
        let purchased = [details.purchaseDate.map(format.purchase), money(details.purchasePrice),
                         details.purchasedFrom.isEmpty ? nil : say("from", ["shop": .text(details.purchasedFrom)])].compactMap { $0 }
        let rows: [(String, String?)] = [
            (say("quantity-lost"), line.quantityLost < details.quantity
                ? say("quantity-of", ["lost": .text(format.number(line.quantityLost)), "held": .text(format.quantity(details.quantity, details.quantityUnit))])
                : format.quantity(line.quantityLost, details.quantityUnit)),
            (say("room"), room),
            (say("description"), details.description.isEmpty ? nil : details.description),
            (say("brand"), details.brand.isEmpty ? nil : details.brand),
            (say("model"), details.model.isEmpty ? nil : details.model),
            (say("serial-number"), item.serialNumber.isEmpty ? nil : item.serialNumber),
            (say("condition"), details.condition.map { say("condition.\($0.rawValue)") }),
            (say("purchased"), purchased.isEmpty ? nil : purchased.joined(separator: " · ")),
            (say("replacement-cost"), money(details.replacementCost).map { details.quantity == 1 && details.quantityUnit.isPieces ? $0 : say("each", ["amount": .text($0)]) }),
            (say("business-use"), details.businessUse ? say("yes") : nil),
        ]
        return SharedItemModel(
            anchor: anchor(of: item.id), line: number, name: item.name,
            details: rows.compactMap { label, value in value.map { (label, $0) } },
            photos: item.photos.enumerated().map { index, photo in
                SharedImageModel(thumbnailURL: ClaimLinkRoutes.sharedPhoto(token, item: item.id, photo: photo.id, file: ItemPhotoRendition.thumbnail120.fileName),
                                 viewerURL: ClaimLinkRoutes.sharedPhotoViewer(token, item: item.id, photo: photo.id),
                                 alt: say("photo-alt", ["number": .count(index + 1), "item": .text(item.name), "shows": .text(say("photo-kind.\(photo.kind.rawValue)"))]),
                                 caption: photo.kind == .general ? "" : say("photo-kind.\(photo.kind.rawValue)"))
            },
            documents: item.documents.map { document in
                SharedDocumentModel(name: document.name,
                                    meta: "\(say("document-kind.\(document.kind.rawValue)")) · \(ByteCountFormatter.string(fromByteCount: Int64(document.byteSize), countStyle: .file))",
                                    url: ClaimLinkRoutes.sharedDocument(token, item: item.id, document: document.id),
                                    thumbnailURL: document.hasThumbnail ? ClaimLinkRoutes.sharedDocumentThumbnail(token, item: item.id, document: document.id) : nil)
            },
            evidence: item.evidence.enumerated().map { index, link in
                let present = link.isMissing == false && evidenceFiles.urls(of: link.assetID) != nil
                let taken = link.takenAt.map { words.text("packet.photo.taken", ["when": .text(LibraryFormat.dateTime($0))]) } ?? words.text("packet.photo.no-date")
                return SharedImageModel(
                    thumbnailURL: present ? ClaimLinkRoutes.sharedEvidence(token, item: item.id, asset: link.assetID, file: LibraryPhotoRendition.thumbnail256.fileName) : nil,
                    viewerURL: present ? ClaimLinkRoutes.sharedEvidenceViewer(token, item: item.id, asset: link.assetID) : nil,
                    alt: say("evidence-alt", ["number": .count(index + 1), "item": .text(item.name)]),
                    caption: [taken, link.camera].compactMap { $0 }.joined(separator: " · "))
            })
    }

    // MARK: The viewer

    /// An item's photo in the site's viewer: previous and next among the item's photos, Back (and
    /// Escape) to its card on the link's page. Its title is short ("Photo 1 of 3"): it shares the
    /// viewer's bar with Back and Info on a phone; Info names the item.
    private func photoViewer(_ request: Request) throws -> Response {
        let opened = try access.link(for: request)
        let item = try lostItem(request, of: opened)
        let token = request.parameters["token"] ?? ""
        guard let photoID = ItemPhoto.ID(request.parameters["photoId"] ?? ""),
              let index = item.photos.firstIndex(where: { $0.id == photoID }) else { throw Self.fileNotFound }
        let photo = item.photos[index]
        let screen = ClaimLinkRoutes.sharedPhoto(token, item: item.id, photo: photo.id, file: ItemPhotoRendition.screen.fileName)
        var details: [(label: String, value: String)] = [("Item", item.name), ("Shows", photo.kind.label)]
        details.append(("Size", "\(photo.image.width) × \(photo.image.height) pixels"))
        let neighbour = { (offset: Int) in
            item.photos.indices.contains(index + offset) ? ClaimLinkRoutes.sharedPhotoViewer(token, item: item.id, photo: item.photos[index + offset].id) : nil
        }
        return viewer(ViewerModel(
            assetID: "photo-\(photo.id.rawValue)", positionText: "Photo \(index + 1) of \(item.photos.count)",
            backURL: ClaimLinkRoutes.shared(token) + "#" + Self.anchor(of: item.id), backLabel: "Back to the claim",
            previousURL: neighbour(-1), nextURL: neighbour(1), screenURL: screen, fullURL: screen, originalURL: nil,
            width: photo.image.width, height: photo.image.height, problem: nil, details: details, mapURL: nil))
    }

    /// A library photo linked to an item as evidence, in the viewer: its screen size only (never the
    /// original, which may say more than the picture), previous and next among the item's evidence.
    private func evidenceViewer(_ request: Request) throws -> Response {
        let opened = try access.link(for: request)
        let item = try lostItem(request, of: opened)
        let token = request.parameters["token"] ?? ""
        let assetID = try request.libraryPhotoID("assetId") { _ in Self.fileNotFound }
        let shown = item.evidence.filter { $0.isMissing != true }
        guard let index = shown.firstIndex(where: { $0.assetID == assetID }), let asset = try library.asset(id: assetID, visibleTo: .everything) else {
            throw Self.fileNotFound
        }
        let evidence = shown[index]
        var details: [(label: String, value: String)] = [("Item", item.name), ("Taken", evidence.takenAt.map(LibraryFormat.dateTime) ?? "Not recorded")]
        if let camera = evidence.camera { details.append(("Camera", camera)) }
        details.append(("Size", "\(asset.width) × \(asset.height) pixels"))
        let screen = ClaimLinkRoutes.sharedEvidence(token, item: item.id, asset: assetID, file: LibraryPhotoRendition.screen.fileName)
        let neighbour = { (offset: Int) in
            shown.indices.contains(index + offset) ? ClaimLinkRoutes.sharedEvidenceViewer(token, item: item.id, asset: shown[index + offset].assetID) : nil
        }
        return viewer(ViewerModel(
            assetID: assetID.rawValue, positionText: "Before the loss, \(index + 1) of \(shown.count)",
            backURL: ClaimLinkRoutes.shared(token) + "#" + Self.anchor(of: item.id), backLabel: "Back to the claim",
            previousURL: neighbour(-1), nextURL: neighbour(1), screenURL: screen, fullURL: screen, originalURL: nil,
            width: asset.width, height: asset.height, problem: asset.problem?.english, details: details, mapURL: nil))
    }

    private func viewer(_ model: ViewerModel) -> Response {
        var context = site
        context.canEdit = false
        context.canManage = false
        var response = Response.html(LibraryViewerPage(model: model, context: context).document().renderedBytes())
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        return response
    }

    // MARK: Files

    /// The item `{itemId}` names, when it is a line of the link's claim; else not found.
    private func lostItem(_ request: Request, of opened: SharedClaimAccess.Opened) throws -> Item {
        let raw = request.parameters["itemId"] ?? "", (claims, items) = stores(of: opened)
        guard let itemID = Item.ID(raw), try claims.hasLine(itemID: itemID, inClaim: opened.link.claimID) else {
            throw Self.fileNotFound
        }
        return try items.item(id: itemID)
    }

    private func photo(_ request: Request) throws -> Response {
        let opened = try access.link(for: request)
        let item = try lostItem(request, of: opened)
        let items = stores(of: opened).items
        guard let photoID = ItemPhoto.ID(request.parameters["photoId"] ?? ""), let photo = item.photos.first(where: { $0.id == photoID }),
              let rendition = ItemPhotoRendition(fileName: request.parameters["file"] ?? "") else { throw Self.fileNotFound }
        if let location = items.images.renditionLocation(hash: photo.image.hash, name: rendition.rawValue), let file = OpenFile(path: location) {
            return Self.file(file, contentType: "image/jpeg")
        }
        // Lost from the cache: remaking it decodes the original, which no network thread waits for.
        if request.isOnNetworkThread { throw WorkerRequired() }
        guard let made = try items.images.renditionPath(hash: photo.image.hash, name: rendition.rawValue).flatMap(OpenFile.init(path:)) else {
            throw Self.fileNotFound
        }
        return Self.file(made, contentType: "image/jpeg")
    }

    private func document(_ request: Request, thumbnail: Bool) throws -> Response {
        let opened = try access.link(for: request)
        let item = try lostItem(request, of: opened)
        let items = stores(of: opened).items
        guard let documentID = ItemDocument.ID(request.parameters["docId"] ?? ""), let document = item.documents.first(where: { $0.id == documentID }) else {
            throw Self.fileNotFound
        }
        if thumbnail {
            guard document.hasThumbnail, let (path, contentType) = items.documents.thumbnailPath(sha256: document.sha256, type: document.type),
                  let file = OpenFile(path: path) else { throw Self.fileNotFound }
            return Self.file(file, contentType: contentType)
        }
        guard let path = items.documents.originalPath(sha256: document.sha256), let file = OpenFile(path: path) else { throw Self.fileNotFound }
        try access.recordOpening(of: opened, by: request)
        // As on the item's page: always a download, never a page of this site, whatever it holds.
        var response = Self.file(file, contentType: document.type.contentType)
        response.headers["Content-Disposition"] = ItemDocumentFileHandler.attachment(named: document.fileName)
        response.headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
        return response
    }

    private func evidence(_ request: Request) throws -> Response {
        let opened = try access.link(for: request)
        let item = try lostItem(request, of: opened)
        let assetID = try request.libraryPhotoID("assetId") { _ in Self.fileNotFound }
        // A screen-size rendition or a thumbnail; never the original, which may say more than the picture.
        guard item.evidence.contains(where: { $0.assetID == assetID }),
              let rendition = LibraryPhotoRendition(fileName: request.parameters["file"] ?? ""), rendition != .full,
              let fingerprint = try library.fingerprints(ofAssets: [assetID])[assetID] else { throw Self.fileNotFound }
        if request.isOnNetworkThread, library.renditionNeedsWork(assetID: assetID, fingerprint: fingerprint, name: rendition.rawValue) {
            throw WorkerRequired()
        }
        // The owner linked it to an item of the claim they shared: the link sees it whichever root it is in.
        guard let path = try library.renditionFile(assetID: assetID, fingerprint: fingerprint, name: rendition.rawValue, visibleTo: .everything),
              let file = OpenFile(path: path) else { throw Self.fileNotFound }
        return Self.file(file, contentType: "image/jpeg")
    }

    /// A file for the link: kept by no cache (its URL holds the token), sent with `sendfile`.
    private static func file(_ file: OpenFile, contentType: String) -> Response {
        Response(headers: ["Content-Type": contentType, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"], body: .file(file))
    }

    static let fileNotFound = HTTPError.notFound(.file)
}
