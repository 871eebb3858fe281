/// A published source the report cites by number ("[1]"), listed once at the end of its method:
/// its title and publisher, then its address.
public struct ReportReference: Sendable, Codable, Equatable {
    public var title: String
    public var publisher: String
    public var address: String

    public init(title: String, publisher: String, address: String) {
        self.title = title
        self.publisher = publisher
        self.address = address
    }
}
