/// A value bound to a statement parameter.
public enum DatabaseValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift value that can be bound to a statement parameter.
public protocol DatabaseValueConvertible: Sendable {
    var databaseValue: DatabaseValue { get }
}

extension Int: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .integer(Int64(self)) } }
extension Int64: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .integer(self) } }
extension Double: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .real(self) } }
extension String: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .text(self) } }
extension Bool: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) } }
extension [UInt8]: DatabaseValueConvertible { public var databaseValue: DatabaseValue { .blob(self) } }
extension DatabaseValue: DatabaseValueConvertible { public var databaseValue: DatabaseValue { self } }
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
