import Foundation
import HTTPServer
import Inventory

/// A walk-through as the JSON API shows it.
enum WalkthroughJSON {
    /// `format`: the caller's language, which words why its frames could not be made.
    static func write(_ walkthrough: Walkthrough, format: DisplayFormat, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id"); json.value(walkthrough.id)
            json.key("locationId"); json.value(walkthrough.locationID)
            json.key("recordedAt"); json.value(walkthrough.recordedAt)
            json.key("seconds"); json.number(walkthrough.seconds)
            json.key("width"); json.value(walkthrough.width)
            json.key("height"); json.value(walkthrough.height)
            json.key("codec"); json.value(walkthrough.codec)
            json.key("contentType"); json.value(walkthrough.contentType)
            json.key("byteSize"); json.value(walkthrough.byteSize)
            json.key("status"); json.value(walkthrough.status.name)
            json.key("failure")
            if case .failed(let failure) = walkthrough.status { json.value(format.text(failure.wording)) } else { json.null() }
            json.key("videoUrl"); json.value(WalkthroughRoutes.video(walkthrough.id))
            json.key("posterUrl")
            if let poster = walkthrough.poster { json.value(ItemPhotoURLs(poster).screen) } else { json.null() }
            json.key("frames")
            json.array(walkthrough.frames) { json, frame in
                json.object { json in
                    json.key("second"); json.number(frame.second)
                    json.key("imageUrl"); json.value(ItemPhotoURLs(frame.image).screen)
                }
            }
        }
    }

    static func response(_ walkthrough: Walkthrough, format: DisplayFormat, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 512 + 96 * walkthrough.frames.count)
        write(walkthrough, format: format, to: &writer)
        return Response.json(writer, status: status)
    }

}
