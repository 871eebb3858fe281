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

    /// The range the two days name, or what to fix in each field in `words`' language.
    func range(words: Localizer) -> Result<LibraryDateRange, ValidationError> {
        var errors: [FieldError] = []
        let first = CalendarDate(iso: from)
        let last = to.isEmpty ? first : CalendarDate(iso: to)
        if from.isEmpty {
            errors.append(FieldError(field: Self.fromField, message: words.text("library.dates.from-missing", ["example": "2019-05-04"])))
        } else if first == nil {
            errors.append(FieldError(field: Self.fromField, message: words.text("library.dates.from-invalid", ["example": "2019-05-04"])))
        }
        if !to.isEmpty, last == nil {
            errors.append(FieldError(field: Self.toField, message: words.text("library.dates.to-invalid", ["example": "2019-06-30"])))
        }
        if let first, let last, last < first {
            errors.append(FieldError(field: Self.toField, message: words.text("library.dates.to-before-from", ["day": .text(first.iso)])))
        }
        guard errors.isEmpty, let first, let last, let range = LibraryDateRange(firstDay: first.startInUTC, lastDay: last.startInUTC) else {
            return .failure(ValidationError(errors: errors))
        }
        return .success(range)
    }
}
