/// Labels to print, in order, on one stock: what each says and the address its QR code holds.
public struct LabelSheetDocument: Sendable, Equatable {
    public struct Label: Sendable, Equatable {
        /// What the QR code holds: the label's full address (`https://nas.local/l/P01CK`).
        public let address: String
        /// The short code printed under it, for a person to type.
        public let code: String
        public let name: String
        /// Smaller lines under the name: where it is.
        public let lines: [String]
        /// What a place holds, first things first, and how many things in all: as many as fit are
        /// printed after the lines, then "and N more".
        public let contents: [String]
        public let contentsTotal: Int

        public init(address: String, code: String, name: String, lines: [String] = [], contents: [String] = [], contentsTotal: Int? = nil) {
            self.address = address
            self.code = code
            self.name = name
            self.lines = lines
            self.contents = contents
            self.contentsTotal = max(contentsTotal ?? contents.count, contents.count)
        }
    }

    public let labels: [Label]
    public let stock: LabelStock
    /// The first label's place on the first sheet, 1-based across then down: the labels before it
    /// were used already.
    public let start: Int
    public let title: String

    public init(labels: [Label], stock: LabelStock, start: Int = 1, title: String = "Labels") {
        self.labels = labels
        self.stock = stock
        self.start = start
        self.title = title
    }

    /// How many pages the labels take.
    public var pageCount: Int {
        let slots = start - 1 + labels.count
        return max(1, (slots + stock.layout.perSheet - 1) / stock.layout.perSheet)
    }
}
