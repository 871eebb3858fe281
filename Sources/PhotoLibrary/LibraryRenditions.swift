import Dispatch
import Foundation
import Imaging
import Synchronization

/// Cached renditions of library photos, under the data folder (never in a root):
/// `<cache>/ab/<asset id>-<fingerprint>/thumb-256.jpg`. A changed file has a new fingerprint, so its
/// old renditions are never served. Each job (one photo version) runs once: a background pool of one
/// worker per core fills the cache after a scan, and a request for a missing rendition does that
/// photo's job at once (or waits for the worker already on it).
final class LibraryRenditions: Sendable {
    static let specs = LibraryPhotoRendition.prefilled.map { $0.spec() }

    /// The cache folder's path, made once: `URL.path` is rebuilt on every call, and every thumbnail GET needs it.
    let directory: String
    let maxPixels: Int
    private let jobs = Mutex<[String: Job]>([:])
    private let pool = DispatchQueue(label: "homepwner.library-renditions", attributes: .concurrent)
    private let workers = ProcessInfo.processInfo.activeProcessorCount
    /// The background pool's workers, running or not.
    private let prefilling = DispatchGroup()
    private let stopped = Atomic<Bool>(false)

    enum Job {
        case running(DispatchGroup)
        case done
        case failed(ImagingError)
    }

    /// What a job needs: where the photo is (in which root) and which version it is.
    struct Source: Sendable {
        let assetID: LibraryAsset.ID
        let fingerprint: String
        let path: String
        let root: String
        let info: ImageInfo
    }

    init(directory: URL, maxPixels: Int) throws {
        self.directory = directory.path
        self.maxPixels = maxPixels
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func folder(assetID: LibraryAsset.ID, fingerprint: String) -> String {
        "\(directory)/\(assetID.rawValue.prefix(2))/\(assetID)-\(fingerprint)"
    }

    func path(of name: String, assetID: LibraryAsset.ID, fingerprint: String) -> String {
        "\(folder(assetID: assetID, fingerprint: fingerprint))/\(name).jpg"
    }

    func exists(_ name: String, assetID: LibraryAsset.ID, fingerprint: String) -> Bool {
        access(path(of: name, assetID: assetID, fingerprint: fingerprint), F_OK) == 0
    }

    /// The rendition's file, made now if needed. Throws what made the photo unreadable.
    func file(_ name: String, of source: Source) throws(ImagingError) -> String {
        let target = path(of: name, assetID: source.assetID, fingerprint: source.fingerprint)
        if access(target, F_OK) == 0 { return target }
        switch LibraryPhotoRendition(rawValue: name) {
        case .full?: try makeFull(source, at: target)
        case .report?: try makeReport(source, at: target)
        default: try run(source)
        }
        return target
    }

    /// Queues every photo for the background pool; photos already done or running are skipped.
    /// `failed` hears of each photo that could not be made, with why.
    func prefill(assets sources: [Source], failed: @escaping @Sendable (Source, ImagingError) -> Void) {
        let queue = Mutex(sources[...])
        for _ in 0..<workers {
            pool.async(group: prefilling) { [self] in
                while !stopped.load(ordering: .relaxed), let source = queue.withLock({ $0.popFirst() }) {
                    if exists(LibraryPhotoRendition.thumbnail256.rawValue, assetID: source.assetID, fingerprint: source.fingerprint) { continue }
                    let outcome = Result { () throws(ImagingError) in try run(source) }
                    if case .failure(let error) = outcome { failed(source, error) }
                }
            }
        }
    }

    /// Stops the background pool: each worker finishes the photo it is on, and this returns once all have.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        prefilling.wait()
    }

    /// Does the photo's job once; a second caller waits for the first.
    private func run(_ source: Source) throws(ImagingError) {
        let key = "\(source.assetID)-\(source.fingerprint)"
        enum Step { case work(DispatchGroup), wait(DispatchGroup), done, failed(ImagingError) }
        let step = jobs.withLock { jobs -> Step in
            switch jobs[key] {
            case .running(let group)?: return .wait(group)
            case .done?: return .done
            case .failed(let error)?: return .failed(error)
            case nil:
                let group = DispatchGroup()
                group.enter()
                jobs[key] = .running(group)
                return .work(group)
            }
        }
        switch step {
        case .done: return
        case .failed(let error): throw error
        case .wait(let group):
            group.wait()
            if case .failed(let error)? = jobs.withLock({ $0[key] }) { throw error }
        case .work(let group):
            defer { group.leave() }
            do {
                try make(source)
                jobs.withLock { $0[key] = .done }
            } catch {
                jobs.withLock { $0[key] = .failed(error) }
                throw error
            }
        }
    }

    private func make(_ source: Source) throws(ImagingError) {
        let renditions = try Self.open(source).withPath { path throws(ImagingError) in
            try Imaging.renditions(ofFileAtPath: path, info: source.info, specs: Self.specs)
        }
        for rendition in renditions {
            try write(rendition, to: path(of: rendition.spec.name, assetID: source.assetID, fingerprint: source.fingerprint))
        }
    }

    private func makeFull(_ source: Source, at target: String) throws(ImagingError) {
        let size = max(source.info.width, source.info.height)
        let renditions = try Self.open(source).withPath { path throws(ImagingError) in
            try Imaging.renditions(ofFileAtPath: path, info: source.info, specs: [LibraryPhotoRendition.full.spec(fullSize: size)], quality: 90)
        }
        try write(renditions[0], to: target)
    }

    /// From the screen size, not the original: a tenth of the pixels to decode for a report of many photos.
    private func makeReport(_ source: Source, at target: String) throws(ImagingError) {
        let screen = try file(LibraryPhotoRendition.screen.rawValue, of: source)
        let report: Rendition
        do {
            let (info, _) = try Imaging.inspectFile(atPath: screen, maxPixels: maxPixels)
            report = try Imaging.renditions(ofFileAtPath: screen, info: info, specs: [LibraryPhotoRendition.report.spec()])[0]
        } catch {
            // Our own file failed, not the photo: the library must not call the photo damaged.
            throw .processingFailed(detail: "cannot make the report size from \(screen): \(error)")
        }
        try write(report, to: target)
    }

    /// Written under a temporary name and renamed, so a reader never sees half a file.
    private func write(_ rendition: Rendition, to target: String) throws(ImagingError) {
        do {
            try FileManager.default.createDirectory(atPath: target.parentPath, withIntermediateDirectories: true)
            let temporary = target + ".\(UUID().uuidString)"
            try Data(rendition.jpeg).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, target) == 0 else { throw ImagingError.processingFailed(detail: "cannot rename into \(target)") }
        } catch {
            throw .processingFailed(detail: "cannot write the \(rendition.spec.name) rendition: \(error)")
        }
    }

    /// The photo's file, if it still is a file inside its root.
    private static func open(_ source: Source) throws(ImagingError) -> RegularFile {
        guard let file = RegularFile(path: source.path, inside: source.root) else { throw .damaged(detail: "it is no longer a file that can be read") }
        return file
    }
}
