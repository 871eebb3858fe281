/// Bytes that count how often they are read: the work a parser does on an input, the same number on
/// every machine however busy it is. A stranger's input must cost work in proportion to its size, so
/// the parsers' complexity tests compare the reads of an input with those of one four times as large
/// (a linear parser reads about 4 times as many bytes, a quadratic one 16 times), instead of timing
/// them against a bound that a loaded machine misses at random.
struct CountingBytes: RandomAccessCollection {
    final class Tally {
        var reads = 0
    }

    let bytes: [UInt8]
    let tally = Tally()

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var startIndex: Int { bytes.startIndex }
    var endIndex: Int { bytes.endIndex }

    subscript(position: Int) -> UInt8 {
        tally.reads += 1
        return bytes[position]
    }

    /// How many times `parse` reads a byte of `input`.
    static func reads(of input: [UInt8], _ parse: (CountingBytes) -> Void) -> Int {
        let counting = CountingBytes(input)
        parse(counting)
        return counting.tally.reads
    }

    /// The reads of `parse` on `input(4 * n)` over those on `input(n)`: at most 4 when the work grows
    /// in proportion to the input, about 16 when it grows with its square.
    static func growth(of input: (Int) -> [UInt8], from n: Int, _ parse: (CountingBytes) -> Void) -> Double {
        let small = reads(of: input(n), parse), large = reads(of: input(4 * n), parse)
        return Double(large) / Double(Swift.max(small, 1))
    }

    /// The most the reads may grow from an input to one four times as large: linear work, with a
    /// little room for how each input begins and ends; far from the 16 of quadratic work.
    static let linear = 4.5
}
