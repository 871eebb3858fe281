import HTML
import HTTPServer
import Inventory
import Messages

/// The import pages: choose a file (a Homebox CSV/TSV, a Homebox backup zip, our own export), see
/// its preview, import it. Plain form posts answered with
/// redirects, so all of it works without scripts. The file is kept between the preview and the
/// import (`PendingImports`), never in the page.
struct ImportPageHandlers: Sendable {
    let importer: Importer
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    let pending: PendingImports
    let site: PageContext

    func register(in router: inout AppRouter) {
        // Only those who may import see the pages: they hold the file's contents.
        router.get(ImportRoutes.start, access: .write) { request in
            _ = try households.household(of: request)
            return page(request, ImportPage(outcome: ImportOutcome(query: request.query), error: nil, context: request.pageContext(site)).document())
        }
        router.post(ImportRoutes.start, maxBodySize: ImportUpload.maxRequestBytes, isSlow: true) { request in try upload(request) }
        router.add(.get, ImportRoutes.preview, access: .write, isSlow: true) { request in try preview(request) }
        router.post(ImportRoutes.preview, isSlow: true) { request in try importFile(request) }
        router.post(ImportRoutes.discard) { request in
            _ = try households.household(of: request)
            pending.discard(request.parameters["token"] ?? "")
            return .redirect(to: ImportRoutes.start.url())
        }
    }

    private func page(_ request: Request, _ document: HTMLDocument, status: HTTPStatus = .ok) -> Response {
        .html(document.renderedBytes(), status: status)
    }

    private func upload(_ request: Request) throws -> Response {
        _ = try households.household(of: request)
        let file: (bytes: [UInt8], name: String)
        do {
            file = try ImportUpload.file(of: request)
        } catch let error as AppError where error.errorCode == .emptyBody {
            return page(request, ImportPage(outcome: nil, error: Message("error.import.choose-file", "Choose the file to import, then preview it."), context: request.pageContext(site)).document(),
                        status: error.status)
        }
        let token = try pending.keep(file.bytes, name: file.name)
        return .redirect(to: ImportRoutes.preview(token))
    }

    private func kept(_ request: Request) throws -> (token: String, upload: PendingImports.Upload) {
        let token = request.parameters["token"] ?? ""
        guard let upload = pending.upload(token) else {
            throw AppError(.importNotFound, Message("error.import.no-longer-kept", "This file is no longer kept: an upload is kept for an hour, until it is imported. "
                           + "Choose the file again on the Import page."))
        }
        return (token, upload)
    }

    private func preview(_ request: Request) throws -> Response {
        let importer = importer.in(try households.household(of: request))
        let (token, upload) = try kept(request)
        return previewPage(request, token: token, name: upload.name, plan: try importer.plan(fileAt: upload.path))
    }

    private func importFile(_ request: Request) throws -> Response {
        let importer = importer.in(try households.household(of: request))
        let (token, upload) = try kept(request)
        do {
            let plan = try importer.apply(fileAt: upload.path)
            pending.discard(token)
            return .redirect(to: ImportRoutes.done(ImportOutcome(plan)))
        } catch let refused as ImportRefused {
            return previewPage(request, token: token, name: upload.name, plan: refused.plan,
                               refusal: ImportMessages.refusal(refused.plan))
        }
    }

    private func previewPage(_ request: Request, token: String, name: String, plan: ImportPlan, refusal: Message? = nil) -> Response {
        let model = ImportPreviewModel(fileName: name, plan: plan, importURL: ImportRoutes.preview(token), discardURL: ImportRoutes.discard(token),
                                       refusal: refusal)
        return page(request, ImportPreviewPage(model: model, context: request.pageContext(site)).document(),
                    status: refusal == nil ? .ok : ErrorCode.invalidImport.status)
    }
}
