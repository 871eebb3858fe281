import Inventory

extension ItemInput {
    static let writableFields = ["name", "serialNumber", "valueInDollars", "locationId"]
    /// Fields an item shows but a client cannot set; accepted and ignored so a fetched item can be sent back.
    static let readOnlyFields: Set<String> = ["id", "dateCreated", "position", "image"]

    /// Reads the item fields of a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue]) throws(InventoryError) {
        self.init()
        var problems: [FieldError] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "name", "serialNumber":
                let label = key == "name" ? "name" : "serialNumber"
                guard case .string(let text) = value else {
                    problems.append(FieldError(field: key, message: "\(label) must be text, not \(value.kindDescription)."))
                    continue
                }
                if key == "name" { name = text } else { serialNumber = text }
            case "valueInDollars":
                switch value {
                case .integer(let number):
                    valueInDollars = number > Int64(Int32.max) ? Int.max : number < Int64(Int32.min) ? Int.min : Int(number)
                case .number(let number) where number.rounded() == number:
                    valueInDollars = abs(number) < 1e15 ? Int(number) : (number > 0 ? Int.max : Int.min)
                case .number:
                    problems.append(FieldError(field: key, message: "valueInDollars must be a whole number of dollars, not a fraction."))
                default:
                    problems.append(FieldError(field: key, message: "valueInDollars must be a whole number, not \(value.kindDescription)."))
                }
            case "locationId":
                switch value {
                case .null: locationID = .some(nil)
                case .integer(let id) where id > 0: locationID = id
                default: problems.append(FieldError(field: key, message: "locationId must be a location’s id (a whole number) or null, not \(value.kindDescription)."))
                }
            default:
                if !Self.readOnlyFields.contains(key) {
                    problems.append(FieldError(field: key, message: "Unknown field “\(key)”. An item’s fields are \(Self.writableFields.joined(separator: ", "))."))
                }
            }
        }
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}
