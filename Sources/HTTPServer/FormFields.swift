/// Name–value pairs from a query string or an `application/x-www-form-urlencoded` body.
public struct FormFields: Sendable {
    public internal(set) var pairs: [(name: String, value: String)] = []

    public init() {}

    /// Parses `a=1&b=two`; nil when an escape is malformed or a name or value is not valid UTF-8.
    public init?<Bytes: Collection<UInt8>>(urlEncoded bytes: Bytes) {
        for part in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let pieces = part.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(Array(pieces[0]), plusIsSpace: true),
                  let value = PercentDecoding.decode(pieces.count > 1 ? Array(pieces[1]) : [], plusIsSpace: true)
            else { return nil }
            pairs.append((name: name, value: value))
        }
    }

    /// The first value named `name`, or nil.
    public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value named `name`, in order.
    public func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }
}
