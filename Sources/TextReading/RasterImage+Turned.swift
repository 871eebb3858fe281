import Imaging

extension RasterImage {
    /// The grey picture turned clockwise by 90, 180 or 270 degrees.
    func turnedClockwise(_ degrees: Int) -> RasterImage {
        precondition(bands == 1 && [90, 180, 270].contains(degrees))
        let (width, height) = (self.width, self.height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let value = source[y * width + x]
                        switch degrees {
                        case 90: target[x * height + (height - 1 - y)] = value
                        case 180: target[(height - 1 - y) * width + (width - 1 - x)] = value
                        default: target[(width - 1 - x) * height + y] = value
                        }
                    }
                }
            }
        }
        return degrees == 180 ? RasterImage(width: width, height: height, bands: 1, pixels: out)
            : RasterImage(width: height, height: width, bands: 1, pixels: out)
    }
}
