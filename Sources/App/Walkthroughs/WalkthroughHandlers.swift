import Database
import Foundation
import HTTPServer
import Inventory
import Localization
import Video

/// `POST /api/v1/locations/{id}/walkthroughs` (the video as the body, or a finished resumable upload named), `GET`/`DELETE
/// /api/v1/walkthroughs/{id}` and the video's file. A video is probed before anything is stored (a
/// file that is no video, cut off, lying or too long is refused with the reason); its frames are
/// made afterwards by `WalkthroughFrameMaker`.
struct WalkthroughHandlers: Sendable {
    static let videoTypes: Set<String> = ["video/mp4", "video/quicktime"]

    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let frames: WalkthroughFrameMaker
    let maxVideoBytes: Int
    let temporaryFolder: URL
    let handOff: UploadHandOff

    func register(in router: inout AppRouter) {
        router.post(WalkthroughRoutes.apiUpload, maxBodySize: maxVideoBytes, isSlow: true, bodyInFile: true) { request in try upload(request) }
        router.get(WalkthroughRoutes.apiWalkthrough) { request in
            let items = try households.items(store, of: request)
            return WalkthroughJSON.response(try items.walkthrough(id: try request.walkthroughID()), format: Self.format(of: request))
        }
        router.delete(WalkthroughRoutes.apiWalkthrough) { request in
            let items = try households.items(store, of: request)
            try items.deleteWalkthrough(try request.walkthroughID())
            return .noContent
        }
        router.get(WalkthroughRoutes.video) { request in try video(request) }
        // The place page's forms: a multipart upload (read in memory, within the same limit; the page's
        // script sends the bytes to the API instead) and a delete, each answered with the place's page.
        router.post(WalkthroughRoutes.upload, maxBodySize: maxVideoBytes, isSlow: true) { request in try uploadForm(request) }
        router.post(WalkthroughRoutes.delete) { request in
            let items = try households.items(store, of: request)
            let walkthrough = try items.walkthrough(id: try request.walkthroughID())
            try items.deleteWalkthrough(walkthrough.id)
            return .redirect(to: LocationRoutes.location(walkthrough.locationID) + "#walkthroughs-title")
        }
    }

    private func uploadForm(_ request: Request) throws -> Response {
        let household = try households.household(of: request)
        let items = store.in(household)
        let locationID = try request.locationID()
        _ = try items.location(id: locationID)
        guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? ""),
              let part = form.part(named: "video"), !part.body.isEmpty else {
            throw AppError(.emptyBody, Message("walkthrough.error.choose-video", "Choose a video of this place to upload."))
        }
        // A video that cannot be read is answered with the error page, saying why.
        let walkthrough = try keep(.bytes(part.body), in: locationID, household: household)
        return .redirect(to: LocationRoutes.location(locationID) + "#walkthrough-entry-\(walkthrough.id)")
    }

    private func upload(_ request: Request) throws -> Response {
        let household = try households.household(of: request)
        let items = store.in(household)
        let locationID = try request.locationID()
        _ = try items.location(id: locationID)
        return try CaptureOnce.respond(to: request, items: items) { capture in
            if let uploadID = try UploadHandOff.uploadID(in: request) {
                return try handOff.answer(request, uploadID: uploadID, maxBytes: maxVideoBytes) { path, _ in
                    Self.created(try keep(.file(path), in: locationID, capture: capture, household: household), for: request)
                }
            }
            guard let type = request.contentType, Self.videoTypes.contains(type) else {
                let finished = #"{"uploadId": "…"}"#
                throw AppError(.unsupportedMediaType, Message(
                    "walkthrough.error.send-video",
                    "Send the video itself as the body, with Content-Type video/mp4 or video/quicktime, or name a finished upload: \(finished).",
                    ["example": .text(finished)]))
            }
            if let file = request.bodyFile { return Self.created(try keep(.file(file.path), in: locationID, capture: capture, household: household), for: request) }
            guard !request.body.isEmpty else {
                throw AppError(.emptyBody, Message("walkthrough.error.empty-body", "The body is empty. Send the video itself as the body (video/mp4 or video/quicktime)."))
            }
            return Self.created(try keep(.bytes(request.body), in: locationID, capture: capture, household: household), for: request)
        } again: { earlier in
            guard case .walkthrough(let walkthroughID, locationID) = earlier, let walkthrough = try? items.walkthrough(id: walkthroughID) else { return nil }
            return Self.created(walkthrough, for: request)
        }
    }

    private static func created(_ walkthrough: Walkthrough, for request: Request) -> Response {
        var response = WalkthroughJSON.response(walkthrough, format: format(of: request), status: .created)
        response.headers["Location"] = WalkthroughRoutes.apiWalkthrough(walkthrough.id)
        return response
    }

    /// The caller's language, which words a walk-through's failure.
    private static func format(of request: Request) -> DisplayFormat {
        DisplayFormat(words: Localization.bundled.localizer(for: request.pageLanguage))
    }

    enum Body {
        case bytes([UInt8])
        case file(String)
    }

    /// Probes the video (nothing is stored when it cannot be read), stores it and queues its frames.
    private func keep(_ body: Body, in locationID: Location.ID, capture: Capture? = nil, household: HouseholdAccess) throws -> Walkthrough {
        let items = store.in(household)
        let path: String
        var temporary: String?
        switch body {
        case .file(let file): path = file
        case .bytes(let bytes):
            let file = temporaryFolder.appendingPathComponent("walkthrough-\(UUID().uuidString)").path
            guard FileManager.default.createFile(atPath: file, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw AppError(.invalidVideo, Message("walkthrough.error.not-kept", "The video could not be kept for reading; try again."))
            }
            (path, temporary) = (file, file)
        }
        defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
        let info: VideoInfo
        do {
            info = try Video.probe(fileAtPath: path)
        } catch {
            throw AppError(.invalidVideo, error.wording)
        }
        let staged = try items.videos.stage(fileAtPath: path)
        let video = WalkthroughVideo(sha256: staged.sha256, contentType: info.container.mimeType, byteSize: staged.byteSize,
                                     recordedAt: info.recordedAt.map { Date(timeIntervalSince1970: Double($0)) }, seconds: info.seconds,
                                     width: info.displayWidth, height: info.displayHeight, codec: info.codec.rawValue)
        let walkthrough = try items.addWalkthrough(to: locationID, video: video, staged: staged, capture: capture)
        frames.enqueue(walkthrough.id, in: household)
        return walkthrough
    }

    private func video(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let walkthrough = try items.walkthrough(id: try request.walkthroughID())
        guard let path = items.videoPath(of: walkthrough), let file = OpenFile(path: path) else { throw HTTPError.notFound(.video) }
        let name = "walkthrough-\(walkthrough.id).\(walkthrough.fileExtension)"
        return .immutableFile(file, for: request, contentType: walkthrough.contentType, cacheControl: request.photoCacheControl,
                              headers: ["Content-Disposition": "inline; filename=\"\(name)\""])
    }
}

extension Request {
    /// The `{id}` of a walk-through route.
    func walkthroughID() throws -> Walkthrough.ID {
        try id(of: Walkthrough.self) { AppError(.walkthroughNotFound, Message("walkthrough.error.unknown-id", "There is no walk-through “\($0)”. It may have been deleted; open its place again.",
                                                         ["id": .text($0)])) }
    }
}
