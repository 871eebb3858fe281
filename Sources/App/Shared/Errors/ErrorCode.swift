import HTTPServer

/// Every error code the app answers with, each with the one status it always has. Clients may rely
/// on these; the README lists them (a test keeps the two the same), next to the server's own
/// (`ServerErrorCode`).
public enum ErrorCode: String, CaseIterable, Sendable {
    // Items
    case itemNotFound = "item-not-found"
    case itemChanged = "item-changed"
    case invalidItem = "invalid-item"
    case invalidPosition = "invalid-position"
    case invalidItemQuery = "invalid-item-query"
    // Locations
    case locationNotFound = "location-not-found"
    case locationNotEmpty = "location-not-empty"
    // Labels
    case labelNotFound = "label-not-found"
    case invalidLabelStock = "invalid-label-stock"
    case invalidLabelStart = "invalid-label-start"
    case invalidLabelSelection = "invalid-label-selection"
    case unknownLabelTarget = "unknown-label-target"
    // Settings
    case invalidSettings = "invalid-settings"
    case invalidExchangeRates = "invalid-exchange-rates"
    case exchangeRatesFetchOff = "exchange-rates-fetch-off"
    case exchangeRatesFetchFailed = "exchange-rates-fetch-failed"
    // Import
    case invalidImport = "invalid-import"
    case invalidImportOption = "invalid-import-option"
    case importNotFound = "import-not-found"
    // Photos
    case emptyBody = "empty-body"
    case invalidCaptureID = "invalid-capture-id"
    case captureIDReused = "capture-id-reused"
    case invalidMultipart = "invalid-multipart"
    case unsupportedImageFormat = "unsupported-image-format"
    case unsupportedImageVariant = "unsupported-image-variant"
    case damagedImage = "damaged-image"
    case imageTooLarge = "image-too-large"
    case imageProcessingFailed = "image-processing-failed"
    case photoNotFound = "photo-not-found"
    case invalidPhoto = "invalid-photo"
    case tooManyPhotos = "too-many-photos"
    case invalidPhotoOrder = "invalid-photo-order"
    case invalidMerge = "invalid-merge"
    // Documents
    case documentNotFound = "document-not-found"
    case invalidDocument = "invalid-document"
    case unsupportedDocumentType = "unsupported-document-type"
    case tooManyDocuments = "too-many-documents"
    // Evidence (library photos linked to items)
    case evidenceNotFound = "evidence-not-found"
    case tooManyEvidencePhotos = "too-many-evidence-photos"
    // Walk-throughs (a place's videos)
    case walkthroughNotFound = "walkthrough-not-found"
    case invalidVideo = "invalid-video"
    // Export
    case invalidExportFormat = "invalid-export-format"
    case exportFailed = "export-failed"
    // Library
    case assetNotFound = "asset-not-found"
    case assetDamaged = "asset-damaged"
    case assetUnreadable = "asset-unreadable"
    case invalidAssetID = "invalid-asset-id"
    case groupNotFound = "group-not-found"
    case invalidOffset = "invalid-offset"
    case invalidLimit = "invalid-limit"
    case libraryAccessDeclined = "library-access-declined"
    // Requests
    case invalidJSON = "invalid-json"
    case invalidUTF8 = "invalid-utf8"
    case jsonTooDeep = "json-too-deep"
    case numberTooLarge = "number-too-large"
    case invalidForm = "invalid-form"
    case unsupportedMediaType = "unsupported-media-type"
    case assetsMissing = "assets-missing"
    // Claims
    case claimNotFound = "claim-not-found"
    case claimChanged = "claim-changed"
    case invalidClaim = "invalid-claim"
    case claimClosed = "claim-closed"
    case claimLineNotFound = "claim-line-not-found"
    case claimExpenseNotFound = "claim-expense-not-found"
    case claimBundleNotFound = "claim-bundle-not-found"
    case invalidUsefulLife = "invalid-useful-life"
    case invalidReportPaper = "invalid-report-paper"
    case invalidScheduleProfile = "invalid-schedule-profile"
    case reportFailed = "report-failed"
    // Adjusters' links
    case claimLinkNotFound = "claim-link-not-found"
    case invalidClaimLink = "invalid-claim-link"
    case tooManyLinkAttempts = "too-many-link-attempts"
    // Resumable uploads (tus)
    case uploadNotFound = "upload-not-found"
    case invalidUpload = "invalid-upload"
    case unsupportedTusVersion = "unsupported-tus-version"
    case uploadOffsetMismatch = "upload-offset-mismatch"
    case uploadBusy = "upload-busy"
    case uploadUnfinished = "upload-unfinished"
    case uploadHandedOff = "upload-handed-off"
    case uploadTooLarge = "upload-too-large"
    case uploadQuota = "upload-quota"
    case checksumMismatch = "checksum-mismatch"
    // Signing in and access
    case signInRequired = "sign-in-required"
    case invalidToken = "invalid-token"
    case ambiguousSession = "ambiguous-session"
    case credentialInURL = "credential-in-url"
    case forbidden
    case sessionRequired = "session-required"
    case csrf
    case crossSite = "cross-site"
    case formExpired = "form-expired"
    case hostNotLocal = "host-not-local"
    // Accounts
    case noAccount = "no-account"
    case accountNotFound = "account-not-found"
    case accountNameTaken = "account-name-taken"
    case invalidAccountName = "invalid-account-name"
    case weakPassword = "weak-password"
    case lastOwner = "last-owner"
    case tokenNotFound = "token-not-found"
    case setupLinkExpired = "setup-link-expired"
    case invalidEmail = "invalid-email"
    // Households
    case householdNotFound = "household-not-found"
    case invalidHouseholdName = "household-name"
    case memberNotFound = "member-not-found"
    case alreadyAMember = "already-a-member"

    public var status: HTTPStatus {
        switch self {
        case .exchangeRatesFetchFailed: .badGateway
        case .locationNotEmpty, .exchangeRatesFetchOff, .claimClosed, .captureIDReused, .uploadOffsetMismatch, .uploadBusy, .uploadUnfinished, .uploadHandedOff, .alreadyAMember: .conflict
        case .uploadTooLarge, .uploadQuota: .contentTooLarge
        case .checksumMismatch: .checksumMismatch
        case .unsupportedTusVersion: .preconditionFailed
        case .itemNotFound, .locationNotFound, .walkthroughNotFound, .photoNotFound, .documentNotFound, .evidenceNotFound, .assetNotFound, .assetUnreadable, .groupNotFound, .noAccount, .accountNotFound, .tokenNotFound,
             .setupLinkExpired, .importNotFound, .claimNotFound, .claimLineNotFound, .claimExpenseNotFound, .claimBundleNotFound, .claimLinkNotFound, .uploadNotFound,
             .labelNotFound, .householdNotFound, .memberNotFound:
            .notFound
        case .itemChanged, .claimChanged: .preconditionFailed
        case .invalidItem, .invalidMerge, .invalidPosition, .invalidSettings, .invalidVideo, .damagedImage, .imageTooLarge, .invalidPhoto, .tooManyPhotos, .invalidPhotoOrder,
             .invalidDocument, .tooManyDocuments, .tooManyEvidencePhotos, .assetDamaged, .invalidAssetID, .accountNameTaken,
             .invalidAccountName, .invalidEmail, .weakPassword, .lastOwner, .invalidImport, .invalidClaim, .invalidUsefulLife, .invalidClaimLink,
             .unknownLabelTarget, .invalidExchangeRates, .invalidHouseholdName:
            .unprocessableContent
        case .emptyBody, .invalidCaptureID, .invalidMultipart, .invalidItemQuery, .invalidOffset, .invalidLimit, .invalidJSON, .invalidUTF8, .jsonTooDeep, .numberTooLarge,
             .invalidForm, .credentialInURL, .invalidExportFormat, .invalidImportOption, .invalidReportPaper, .invalidScheduleProfile, .invalidUpload,
             .invalidLabelStock, .invalidLabelStart, .invalidLabelSelection:
            .badRequest
        case .unsupportedImageFormat, .unsupportedImageVariant, .unsupportedDocumentType, .unsupportedMediaType: .unsupportedMediaType
        case .imageProcessingFailed, .assetsMissing, .exportFailed, .reportFailed: .internalServerError
        case .signInRequired, .invalidToken, .ambiguousSession: .unauthorized
        case .tooManyLinkAttempts: .tooManyRequests
        case .libraryAccessDeclined, .forbidden, .sessionRequired, .csrf, .crossSite, .formExpired, .hostNotLocal: .forbidden
        }
    }
}

/// A domain error that answers with a code from the catalogue (and so with that code's status).
protocol CataloguedError: HTTPResponseError {
    var errorCode: ErrorCode { get }
}

extension CataloguedError {
    public var status: HTTPStatus { errorCode.status }
    public var code: String { errorCode.rawValue }
}

extension HTTPStatus {
    /// tus 1.0's checksum extension: the chunk's bytes are not what its `Upload-Checksum` says.
    static let checksumMismatch = HTTPStatus(code: 460, reason: "Checksum Mismatch")
    /// A server this one fetched from (the ECB's rates) failed or answered with something unusable.
    static let badGateway = HTTPStatus(code: 502, reason: "Bad Gateway")
}
