import CVips
import Foundation

/// What a photo's header says about where, when and with what it was taken.
public struct PhotoMetadata: Sendable, Equatable {
    /// EXIF `DateTimeOriginal`, as local wall-clock time of the camera (seconds since 1970 as if UTC),
    /// or nil when absent or unreadable.
    public var takenAt: Date?
    /// `Make Model`, e.g. "Canon EOS R6".
    public var camera: String?
    public var latitude: Double?
    public var longitude: Double?
    /// People named in XMP face regions (MWG and Microsoft People Tags), in order, without repeats.
    public var people: [String] = []

    public init(takenAt: Date? = nil, camera: String? = nil, latitude: Double? = nil, longitude: Double? = nil, people: [String] = []) {
        self.takenAt = takenAt
        self.camera = camera
        self.latitude = latitude
        self.longitude = longitude
        self.people = people
    }

    /// Reads the fields libvips found in the header of `image`.
    init(header image: VipsImageHandle) {
        func field(_ name: String) -> String? {
            guard let raw = hp_vips_get_string(image.pointer, name) else { return nil }
            return Self.rawValue(String(cString: raw))
        }
        takenAt = field("exif-ifd2-DateTimeOriginal").flatMap(Self.exifDate)
            ?? field("exif-ifd0-DateTime").flatMap(Self.exifDate)
        let make = field("exif-ifd0-Make")?.trimmingCharacters(in: .whitespaces) ?? ""
        let model = field("exif-ifd0-Model")?.trimmingCharacters(in: .whitespaces) ?? ""
        // Models often repeat the make ("Canon" + "Canon EOS R6").
        let combined = model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        camera = combined.trimmingCharacters(in: .whitespaces).isEmpty ? nil : combined.trimmingCharacters(in: .whitespaces)
        if let latitude = field("exif-ifd3-GPSLatitude").flatMap(Self.degrees),
           let longitude = field("exif-ifd3-GPSLongitude").flatMap(Self.degrees) {
            self.latitude = field("exif-ifd3-GPSLatitudeRef")?.hasPrefix("S") == true ? -latitude : latitude
            self.longitude = field("exif-ifd3-GPSLongitudeRef")?.hasPrefix("W") == true ? -longitude : longitude
        }
        var length = 0
        if let xmp = hp_vips_get_blob(image.pointer, "xmp-data", &length), length > 0 {
            people = FaceRegions.names(in: Data(bytes: xmp, count: length))
        }
    }

    /// The value part of libvips' "value (description, format, n components, n bytes)".
    static func rawValue(_ text: String) -> String {
        guard let open = text.range(of: " (") else { return text }
        return String(text[..<open.lowerBound])
    }

    /// "2019:05:04 18:30:07" → that wall-clock time, stored as if UTC.
    static func exifDate(_ text: String) -> Date? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 6, (1800...2999).contains(digits[0]), (1...12).contains(digits[1]), (1...31).contains(digits[2]),
              (0...23).contains(digits[3]), (0...59).contains(digits[4]), (0...60).contains(digits[5]) else { return nil }
        var components = DateComponents(year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4], second: digits[5])
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)
    }

    /// "52/1 31/1 1234/100" → 52.52009…
    static func degrees(_ text: String) -> Double? {
        let parts = text.split(separator: " ").compactMap { part -> Double? in
            let pieces = part.split(separator: "/")
            guard pieces.count == 2, let numerator = Double(pieces[0]), let denominator = Double(pieces[1]), denominator != 0 else {
                return Double(part)
            }
            return numerator / denominator
        }
        guard let degrees = parts.first else { return nil }
        let minutes = parts.count > 1 ? parts[1] : 0
        let seconds = parts.count > 2 ? parts[2] : 0
        let value = degrees + minutes / 60 + seconds / 3600
        return value.isFinite && value <= 180 ? value : nil
    }
}
