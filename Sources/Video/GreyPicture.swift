/// A frame made small and grey for looking at (256 × 144 whatever its shape): how sharp it is,
/// how far it is from another, and a perceptual hash to tell near-duplicates.
struct GreyPicture {
    static let width = 256
    static let height = 144
    /// The coarse grid motion and drift are measured on (8 × 8 blocks averaged).
    static let block = 8

    let pixels: [UInt8]
    /// 32 × 18 averages of 8 × 8 blocks.
    let coarse: [UInt8]

    init(pixels: [UInt8]) {
        self.pixels = pixels
        let columns = Self.width / Self.block, rows = Self.height / Self.block
        var coarse = [UInt8](repeating: 0, count: columns * rows)
        pixels.withUnsafeBufferPointer { grey in
            for row in 0..<rows {
                for column in 0..<columns {
                    var sum = 0
                    for y in (row * Self.block)..<((row + 1) * Self.block) {
                        let start = y * Self.width + column * Self.block
                        for x in start..<(start + Self.block) { sum += Int(grey[x]) }
                    }
                    coarse[row * columns + column] = UInt8(sum / (Self.block * Self.block))
                }
            }
        }
        self.coarse = coarse
    }

    /// The variance of the 4-neighbour Laplacian: high where edges are crisp, low when the frame
    /// is blurred by motion or focus, near 0 for a blank or black frame.
    var sharpness: Double {
        pixels.withUnsafeBufferPointer { grey in
            var sum = 0, squares = 0, count = 0
            for y in 1..<(Self.height - 1) {
                let row = y * Self.width
                for x in 1..<(Self.width - 1) {
                    let at = row + x
                    let value = Int(grey[at - 1]) + Int(grey[at + 1]) + Int(grey[at - Self.width]) + Int(grey[at + Self.width]) - 4 * Int(grey[at])
                    sum += value
                    squares += value * value
                    count += 1
                }
            }
            let mean = Double(sum) / Double(count)
            return Double(squares) / Double(count) - mean * mean
        }
    }

    /// The standard deviation of the coarse grid: near 0 for a black, blank or faded frame.
    var contrast: Double {
        let mean = Double(coarse.reduce(0) { $0 + Int($1) }) / Double(coarse.count)
        let variance = coarse.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(coarse.count)
        return variance.squareRoot()
    }

    /// The mean difference of the coarse grids (0–255): how much the picture changed.
    func distance(to other: GreyPicture) -> Double {
        var total = 0
        for index in coarse.indices { total += abs(Int(coarse[index]) - Int(other.coarse[index])) }
        return Double(total) / Double(coarse.count)
    }

    /// dHash: 8 rows of 9 averaged cells, each bit whether a cell is brighter than its right-hand
    /// neighbour. Near-duplicate frames differ in a few bits; different scenes in about half.
    var differenceHash: UInt64 {
        let cellWidth = Self.width / 9, cellHeight = Self.height / 8
        var cells = [Int](repeating: 0, count: 72)
        pixels.withUnsafeBufferPointer { grey in
            for row in 0..<8 {
                for column in 0..<9 {
                    var sum = 0
                    for y in (row * cellHeight)..<((row + 1) * cellHeight) {
                        let start = y * Self.width + column * cellWidth
                        for x in start..<(start + cellWidth) { sum += Int(grey[x]) }
                    }
                    cells[row * 9 + column] = sum
                }
            }
        }
        var hash: UInt64 = 0
        for row in 0..<8 {
            for column in 0..<8 where cells[row * 9 + column] > cells[row * 9 + column + 1] {
                hash |= 1 << UInt64(row * 8 + column)
            }
        }
        return hash
    }
}
