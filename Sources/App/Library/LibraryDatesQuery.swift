import Foundation
import HTTPServer
import Inventory
import Localization
import PhotoLibrary

/// `?from=2019-05-01&to=2019-06-30` from the library's "Taken between" form: the days a person
/// remembers a possession being photographed. To may be left empty for a single day.
struct LibraryDatesQuery: Sendable {
    static let fromField = "from"
    static let toField = "to"

    /// As typed, to show again beside their messages.
    let from: String
    let to: String

    init(from: String = "", to: String = "") {
        self.from = from
        self.to = to
    }

    init(_ request: Request) {
        self.init(from: (request.query[Self.fromField] ?? "").trimmingCharacters(in: .whitespaces),
                  to: (request.query[Self.toField] ?? "").trimmingCharacters(in: .whitespaces))
    }

    /// The range the two days name, or what to fix in each field (written in the page's language).
    func range() -> Result<LibraryDateRange, ValidationError> {
        var errors: [FieldError] = []
        let first = CalendarDate(iso: from)
        let last = to.isEmpty ? first : CalendarDate(iso: to)
        let (firstExample, lastExample) = ("2019-05-04", "2019-06-30")
        if from.isEmpty {
            errors.append(FieldError(field: Self.fromField, Message("library.dates.from-missing", "Choose the first day, like \(firstExample).", ["example": .text(firstExample)])))
        } else if first == nil {
            errors.append(FieldError(field: Self.fromField, Message("library.dates.from-invalid", "From must be a day that exists, written like \(firstExample).",
                                                                    ["example": .text(firstExample)])))
        }
        if !to.isEmpty, last == nil {
            errors.append(FieldError(field: Self.toField, Message("library.dates.to-invalid", "To must be a day that exists, written like \(lastExample), or left empty for one day.",
                                                                  ["example": .text(lastExample)])))
        }
        if let first, let last, last < first {
            let day = first.iso
            errors.append(FieldError(field: Self.toField, Message("library.dates.to-before-from", "To must be on or after From (\(day)).", ["day": .text(day)])))
        }
        guard errors.isEmpty, let first, let last, let range = LibraryDateRange(firstDay: first.startInUTC, lastDay: last.startInUTC) else {
            return .failure(ValidationError(errors: errors))
        }
        return .success(range)
    }
}
