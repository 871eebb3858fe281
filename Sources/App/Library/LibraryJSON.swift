import Foundation
import HTTPServer
import Messages
import PhotoLibrary

/// The library as the JSON API shows it.
enum LibraryJSON {
    static func status(_ status: LibraryStatus) -> JSONWriter {
        var json = JSONWriter()
        json.object { json in
            json.key("state"); json.value(status.state.rawValue)
            json.key("reason")
            if let problem = status.problem { json.value(problem.reason) } else { json.null() }
            json.key("scanned"); json.value(status.scanned)
            json.key("total"); json.value(status.total)
            json.key("skipped"); json.value(status.skipped)
            json.key("configured"); json.value(status.isConfigured)
            json.key("problems")
            json.array(status.rootProblems.map(\.explanation) + status.folderProblems.map { "Skipped \($0)" } + status.unreadablePhotos.map(\.explanation)) {
                json, text in json.value(text)
            }
        }
        return json
    }

    static func groups(_ groups: [LibraryGroup]) -> JSONWriter {
        var json = JSONWriter(capacity: 128 * groups.count + 2)
        json.array(groups) { json, group in
            json.object { json in
                json.key("id"); json.value(group.id)
                json.key("kind"); json.value(group.kind.rawValue)
                json.key("name"); json.value(group.name)
                json.key("count"); json.value(group.count)
                json.key("posterURL")
                if let poster = group.posterAssetID, let fingerprint = group.posterFingerprint {
                    json.value(LibraryURLs(assetID: poster, fingerprint: fingerprint).thumbnail)
                } else {
                    json.null()
                }
            }
        }
        return json
    }

    static func page(total: Int, assets: [LibraryAsset]) -> JSONWriter {
        var json = JSONWriter(capacity: 300 * assets.count + 32)
        json.object { json in
            json.key("total"); json.value(total)
            json.key("assets")
            json.array(assets) { json, asset in json.object { json in summary(asset, into: &json) } }
        }
        return json
    }

    /// One photo; why it cannot be shown in the caller's language (`words`).
    static func detail(_ asset: LibraryAsset, words: (Message) -> String) -> JSONWriter {
        var json = JSONWriter()
        json.object { json in
            summary(asset, into: &json)
            json.key("fileName"); json.value(asset.fileName)
            json.key("camera")
            if let camera = asset.camera { json.value(camera) } else { json.null() }
            json.key("gps")
            if let latitude = asset.latitude, let longitude = asset.longitude {
                json.object { json in
                    json.key("latitude"); json.number(latitude)
                    json.key("longitude"); json.number(longitude)
                }
            } else {
                json.null()
            }
            json.key("orientation"); json.value(asset.orientation)
            json.key("people"); json.array(asset.people) { json, name in json.value(name) }
            json.key("fullURL")
            let urls = LibraryURLs(asset)
            json.value(asset.format?.isShownByBrowsers == true ? urls.original : urls.full)
            json.key("problem")
            if let problem = asset.problem { json.value(words(problem.wording)) } else { json.null() }
        }
        return json
    }

    private static func summary(_ asset: LibraryAsset, into json: inout JSONWriter) {
        let urls = LibraryURLs(asset)
        json.key("id"); json.value(asset.id)
        json.key("width"); json.value(asset.width)
        json.key("height"); json.value(asset.height)
        json.key("takenAt"); json.value(LibraryFormat.localISO8601(asset.takenAt))
        json.key("thumbnailURL"); json.value(urls.thumbnail)
        json.key("screenURL"); json.value(urls.screen)
        json.key("originalURL"); json.value(urls.original)
    }
}
