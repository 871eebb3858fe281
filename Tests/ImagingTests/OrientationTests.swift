import Imaging
import Testing

/// A 60×40 upright picture with four coloured quadrants: what every rendition must show.
let uprightQuadrants = RasterImage(width: 60, height: 40) { x, y in
    switch (x < 30, y < 20) {
    case (true, true): [230, 30, 30]     // top left: red
    case (false, true): [30, 200, 30]    // top right: green
    case (true, false): [30, 30, 230]    // bottom left: blue
    case (false, false): [240, 240, 240] // bottom right: white
    }
}

/// The pixels a camera stores so that applying EXIF `orientation` shows `upright`.
func stored(_ upright: RasterImage, orientation: Int) -> RasterImage {
    let sideways = orientation >= 5
    let width = sideways ? upright.height : upright.width
    let height = sideways ? upright.width : upright.height
    return RasterImage(width: width, height: height) { x, y in
        // Where stored pixel (x, y) appears once the orientation is applied.
        let (ux, uy): (Int, Int)
        switch orientation {
        case 2: (ux, uy) = (width - 1 - x, y)
        case 3: (ux, uy) = (width - 1 - x, height - 1 - y)
        case 4: (ux, uy) = (x, height - 1 - y)
        case 5: (ux, uy) = (y, x)
        case 6: (ux, uy) = (height - 1 - y, x)
        case 7: (ux, uy) = (height - 1 - y, width - 1 - x)
        case 8: (ux, uy) = (y, width - 1 - x)
        default: (ux, uy) = (x, y)
        }
        return upright.pixel(x: ux, y: uy)
    }
}

func isClose(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 40) -> Bool {
    zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

@Suite struct OrientationTests {
    @Test(arguments: 1...8)
    func everyRenditionIsUpright(orientation: Int) throws {
        let file = try stored(uprightQuadrants, orientation: orientation)
            .encoded(metadata: SampleMetadata(orientation: orientation))
        let info = try Imaging.inspect(file, maxPixels: 1_000_000)
        #expect(info.orientation == orientation)
        #expect((info.width, info.height) == (60, 40))

        let renditions = try Imaging.renditions(of: file, info: info, specs: [
            RenditionSpec(name: "screen", shape: .fit(2048)),
            RenditionSpec(name: "thumb", shape: .square(40)),
        ])
        let screen = try RasterImage.decode(renditions[0].jpeg)
        #expect((screen.width, screen.height) == (60, 40))
        // Sample the middle of each quadrant.
        #expect(isClose(screen.pixel(x: 12, y: 8), [230, 30, 30]), "top left should be red")
        #expect(isClose(screen.pixel(x: 48, y: 8), [30, 200, 30]), "top right should be green")
        #expect(isClose(screen.pixel(x: 12, y: 32), [30, 30, 230]), "bottom left should be blue")
        #expect(isClose(screen.pixel(x: 48, y: 32), [240, 240, 240]), "bottom right should be white")

        // The square crop keeps the centre: left half red over blue, right half green over white.
        let thumb = try RasterImage.decode(renditions[1].jpeg)
        #expect((thumb.width, thumb.height) == (40, 40))
        #expect(isClose(thumb.pixel(x: 5, y: 5), [230, 30, 30]))
        #expect(isClose(thumb.pixel(x: 34, y: 34), [240, 240, 240]))
    }

    /// A photo more than twice the screen size is decoded by libjpeg at half size before it is
    /// resized: the rendition must still be upright, exactly 2048 px long and keep the picture, with
    /// one libvips thread per photo (a batch resizes it itself) or several (libvips resizes it).
    @Test(.serialized, arguments: [1, 6, 8], [1, 2])
    func aPhotoDecodedAtHalfSizeIsUprightAndFullSize(orientation: Int, threadsPerImage: Int) throws {
        // Serialized: the setting is global. Other tests may briefly run with one thread, which
        // makes the same pixels.
        let before = Imaging.threadsPerImage
        Imaging.setThreadsPerImage(threadsPerImage)
        defer { Imaging.setThreadsPerImage(before) }
        let upright = RasterImage(width: 4200, height: 280) { x, y in
            switch (x < 2100, y < 140) {
            case (true, true): [230, 30, 30]
            case (false, true): [30, 200, 30]
            case (true, false): [30, 30, 230]
            case (false, false): [240, 240, 240]
            }
        }
        let file = try stored(upright, orientation: orientation).encoded(metadata: SampleMetadata(orientation: orientation))
        let info = try Imaging.inspect(file, maxPixels: 100_000_000)
        let renditions = try Imaging.renditions(of: file, info: info, specs: [
            RenditionSpec(name: "screen", shape: .fit(2048)),
            RenditionSpec(name: "thumb", shape: .square(120)),
        ])
        let screen = try RasterImage.decode(renditions[0].jpeg)
        #expect((screen.width, screen.height) == (2048, 137))
        #expect((renditions[0].width, renditions[0].height) == (2048, 137))
        #expect(isClose(screen.pixel(x: 400, y: 30), [230, 30, 30]), "top left should be red")
        #expect(isClose(screen.pixel(x: 1600, y: 30), [30, 200, 30]), "top right should be green")
        #expect(isClose(screen.pixel(x: 400, y: 105), [30, 30, 230]), "bottom left should be blue")
        #expect(isClose(screen.pixel(x: 1600, y: 105), [240, 240, 240]), "bottom right should be white")
        let thumb = try RasterImage.decode(renditions[1].jpeg)
        #expect((thumb.width, thumb.height) == (120, 120))
        #expect(isClose(thumb.pixel(x: 20, y: 20), [230, 30, 30]))
        #expect(isClose(thumb.pixel(x: 100, y: 100), [240, 240, 240]))
    }
}
