// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Homepwner",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "homepwner", targets: ["homepwner"]),
        .executable(name: "homepwner-fuzz", targets: ["homepwner-fuzz"]),
        .executable(name: "homepwner-video", targets: ["homepwner-video"]),
        .executable(name: "homepwner-reminder-year", targets: ["homepwner-reminder-year"]),
    ],
    targets: [
        // C libraries from Debian, imported through module maps; static inline shims wrap
        // what Swift cannot call (variadic functions, function-like macros).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),
        // Claim reports: pango shapes text (any script) and cairo writes the PDF.
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // XMP face regions: libxml2's SAX2 parser, with nothing loaded or expanded (Imaging's XMLEventReader).
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // Claim schedules as XLSX: values, number and date formats, never a formula.
        .systemLibrary(name: "CXLSXWriter", pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
        // Printed labels' QR codes (libqrencode).
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // Reminders by e-mail: libcurl's SMTP (STARTTLS, TLS, AUTH) and MIME.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Backups: OpenSSL's SHA-256 (the processor's SHA instructions, about 8× libsodium here) and syncfs.
        .systemLibrary(name: "CBackup", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Walk-through videos: libavformat reads MP4/MOV, libavcodec decodes H.264/HEVC, libswscale scales.
        .systemLibrary(name: "CAV", pkgConfig: "libavformat", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        // Text on photos (rating plates, receipts): tesseract 5.3's C API and English data.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev", "tesseract-ocr-eng", "tesseract-ocr-osd"])]),

        .target(name: "HTML"),
        // The limits every text a person, a client or a file gives is held to (characters, code points, bytes, marks).
        .target(name: "TextRules", dependencies: ["Messages"]),
        // Words a person reads as values (a catalogue key, named arguments, the US English), made by any
        // module and written in the reader's language by the app.
        .target(name: "Messages"),
        // The one way a file Homepwner did not just write is opened: a regular file only, without waiting.
        .target(name: "RegularFiles"),
        .target(name: "ThreadNames"),
        .target(name: "Archive", dependencies: ["CArchive", "RegularFiles"]),
        // XLSX workbooks from plain sheets (libxlsxwriter), written beside the target and renamed.
        .target(name: "Workbook", dependencies: ["CXLSXWriter"]),
        .target(name: "Database", dependencies: ["CSQLite"]),
        // A text as a QR code's modules (libqrencode), for labels.
        .target(name: "QRCode", dependencies: ["CQREncode"]),
        // The time of day every store and page goes by ("now", and through Inventory "today"); tests move a TestClock.
        .target(name: "Clocks"),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Messages", "RegularFiles", "ThreadNames"]),
        .target(name: "Imaging", dependencies: ["CVips", "CXML2"]),
        .target(name: "PDFPreview", dependencies: ["CPoppler"]),
        // Videos in Swift terms: probe, limits, candidate frames (JPEGs through Imaging).
        .target(name: "Video", dependencies: ["CAV", "Imaging", "RegularFiles"]),
        // What is printed on a photo (plates: serial, model, brand; receipts: shop, date, total), read by tesseract.
        .target(name: "TextReading", dependencies: ["CTesseract", "Imaging", "PDFPreview"]),
        // `homepwner-read-text plate|receipt FILE…`: the readings as JSON lines (bench/ocr.py).
        .executableTarget(name: "homepwner-read-text", dependencies: ["TextReading", "PlateReading", "Imaging"]),
        // Barcodes and 2-D codes on photos: zxing-cpp 1.4 (Debian libzxing-dev) behind a small C interface.
        .target(name: "CZXing", linkerSettings: [.linkedLibrary("ZXing")]),
        // Message catalogues: PO files read by GNU gettext's own reader (Debian libgettextpo-dev), a C
        // wrapper jumping out of its fatal errors; messages formatted by ICU4C 72's MessageFormat (Debian
        // libicu-dev; its symbols are icu_72's, Foundation's ICU is icu_76 and swift_-prefixed).
        .target(name: "CGettextPO", linkerSettings: [.linkedLibrary("gettextpo")]),
        .target(name: "CICUMessages", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // Every word a person reads, by key, in their language: catalogues, plurals, negotiation, the pseudo-locale.
        .target(name: "Localization", dependencies: ["CGettextPO", "CICUMessages"]),
        .target(name: "CodeReading", dependencies: ["CZXing", "Imaging"]),
        // A rating plate read both ways: its codes (serial, model) through CodeReading, its print through TextReading, checked against each other.
        .target(name: "PlateReading", dependencies: ["CodeReading", "TextReading"]),
        .target(name: "Inventory", dependencies: ["Clocks", "Database", "Messages", "Imaging", "PDFPreview", "CSodium", "Archive", "TextRules", "Video"]),
        .target(name: "PhotoLibrary", dependencies: ["Clocks", "Database", "Imaging", "CSodium", "RegularFiles", "ThreadNames"]),
        .target(name: "Accounts", dependencies: ["Clocks", "Database", "CSodium", "Messages", "TextRules"]),
        // Households, their members and the counters their rows' ids come from; the one maker of a
        // HouseholdAccess (the types themselves are in Database). Not used by requests yet.
        .target(name: "Households", dependencies: ["Accounts", "Clocks", "Database", "Messages", "TextRules"]),
        // Resumable uploads (tus): their rows, their bytes in the data folder, one writer at a time, the chunks' checksums (OpenSSL).
        .target(name: "Uploads", dependencies: ["Clocks", "Database", "CBackup"]),
        // A data folder's database, every store and the photo library opened together (`HomeEnvironment`),
        // and the background services started and stopped as one list.
        .target(name: "Home", dependencies: ["Clocks", "Database", "Inventory", "PhotoLibrary", "Accounts", "Claims", "Households", "Uploads"]),
        .target(name: "Backup", dependencies: ["Claims", "Database", "Home", "Inventory", "HTML", "CBackup"]),
        .target(name: "Claims", dependencies: ["Clocks", "Database", "Inventory", "Messages", "CSodium", "TextRules"]),
        // What is due (warranties, replacement costs, photos, walk-throughs, backups, the policy, claims) as dated
        // occasions with stable ids, worked out from plain facts; and the RFC 5545 feed they are published in.
        .target(name: "Reminders", dependencies: ["Inventory", "Messages"]),
        // E-mail handed to an SMTP server through libcurl: one owner per handle, text and HTML parts.
        .target(name: "Mail", dependencies: ["CCurl"]),
        .target(name: "ClaimReport", dependencies: ["CPangoCairo", "CSodium", "PDFPreview", "Imaging", "RegularFiles", "QRCode"]),
        .target(
            name: "App",
            dependencies: ["HTML", "HTTPServer", "Clocks", "Home", "Households", "Inventory", "CodeReading", "TextReading", "PlateReading", "PhotoLibrary", "Accounts", "Backup", "Claims", "ClaimReport", "Imaging", "Database", "CSodium", "PDFPreview", "TextRules", "Video", "ThreadNames", "Uploads", "Workbook", "Reminders", "Mail", "CCurl", "Localization", "Messages"],
            resources: [.copy("Static"), .copy("Locales"), .copy("OpenAPI/openapi.json")]
        ),
        .executableTarget(name: "homepwner", dependencies: ["App", "CodeReading", "Accounts", "Home", "HTTPServer", "Backup", "Claims", "Database", "Imaging", "Inventory", "PhotoLibrary", "Mail"]),
        // libFuzzer targets for every parser a stranger reaches (reliability/fuzz.sh).
        .target(name: "FuzzTargets", dependencies: ["App", "Home", "HTTPServer", "Inventory", "Imaging", "Archive", "Database", "Video", "Uploads"]),
        .executableTarget(name: "homepwner-fuzz", dependencies: ["FuzzTargets"]),
        // Candidate frames of one video, for make bench and by hand: `homepwner-video FILE [FOLDER]`.
        .executableTarget(name: "homepwner-video", dependencies: ["Video"]),
        // A year of reminders for 10,000 items and 5 accounts, in the release build: `homepwner-reminder-year [ITEMS]`.
        .executableTarget(name: "homepwner-reminder-year", dependencies: ["Reminders", "Inventory"]),

        .target(name: "HTTPTestClient", dependencies: ["HTTPServer"], path: "Tests/Support/HTTPTestClient"),
        .target(name: "HomeboxBackupFixture", dependencies: ["Archive"], path: "Tests/Support/HomeboxBackupFixture"),
        .target(name: "SmallFileSystem", dependencies: ["ToolRunner"], path: "Tests/Support/SmallFileSystem"),
        .target(name: "ToolRunner", path: "Tests/Support/ToolRunner"),
        .target(name: "MailTestServer", path: "Tests/Support/MailTestServer", exclude: ["smtp_server.py"]),
        .testTarget(name: "HTMLTests", dependencies: ["HTML"]),
        .testTarget(name: "TextRulesTests", dependencies: ["TextRules", "Messages"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "SmallFileSystem", "ToolRunner"], resources: [.copy("Fixtures")]),
        .testTarget(name: "DatabaseTests", dependencies: ["Database", "SmallFileSystem"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTestClient", "Messages"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "Imaging", "ToolRunner"]),
        .testTarget(name: "TextReadingTests", dependencies: ["TextReading", "Imaging", "PDFPreview", "CPoppler"]),
        .testTarget(name: "CodeReadingTests", dependencies: ["CodeReading", "Imaging"]),
        .testTarget(name: "PlateReadingTests", dependencies: ["PlateReading", "CodeReading", "TextReading"]),
        .testTarget(name: "PDFPreviewTests", dependencies: ["PDFPreview", "Imaging"]),
        .testTarget(name: "InventoryTests", dependencies: ["Inventory", "PDFPreview", "HomeboxBackupFixture", "SmallFileSystem", "ToolRunner", "Video"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "Imaging", "Database", "ToolRunner"]),
        .testTarget(name: "AccountsTests", dependencies: ["Accounts", "Clocks", "Database"]),
        .testTarget(name: "HouseholdsTests", dependencies: ["Households", "Accounts", "Clocks", "Database", "Inventory"]),
        .testTarget(name: "BackupTests", dependencies: ["Backup", "Claims", "Home", "Inventory", "Database", "Imaging", "PDFPreview", "SmallFileSystem"]),
        .testTarget(name: "ClaimReportTests", dependencies: ["ClaimReport", "PDFPreview", "Imaging", "SmallFileSystem", "ToolRunner", "CodeReading", "QRCode"]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "MailTestServer"]),
        .testTarget(name: "RemindersTests", dependencies: ["Reminders", "Inventory", "Clocks"]),
        .testTarget(name: "ClaimsTests", dependencies: ["Claims", "Inventory", "Database"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Clocks", "Home", "Households", "ClaimReport", "Backup", "HTTPServer", "Inventory", "PDFPreview", "HTTPTestClient", "Archive", "HomeboxBackupFixture", "SmallFileSystem", "ToolRunner", "Video", "Uploads", "MailTestServer", "Mail", "Reminders", "Messages"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
