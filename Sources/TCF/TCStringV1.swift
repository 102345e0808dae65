public import ConsentCore

/// A legacy TCF v1.1 vendor consent string (Version 1, begins with `B`; invalid since 2020-09-30 but still met).
///
/// One segment: the fixed fields, PurposesAllowed and a vendor section that is a bitfield or a range list with a
/// DefaultConsent bit (ids 1...MaxVendorId not covered by an entry take DefaultConsent, covered ids the opposite).
/// Ids an entry names above MaxVendorId are ignored. Lossless like ``TCString``: an unmodified decoded value
/// encodes back to its input; a built or changed one canonically.
public struct TCStringV1: Sendable {
    /// Version, 6 bits: always 1.
    public var version: Int { 1 }
    /// Created, 36 bits: deciseconds since 1970-01-01T00:00:00Z.
    public var created: Int64 { didSet { _original = nil } }
    /// LastUpdated, 36 bits: deciseconds since 1970-01-01T00:00:00Z.
    public var lastUpdated: Int64 { didSet { _original = nil } }
    /// CmpId, 12 bits.
    public var cmpId: Int { didSet { _original = nil } }
    /// CmpVersion, 12 bits.
    public var cmpVersion: Int { didSet { _original = nil } }
    /// ConsentScreen, 6 bits.
    public var consentScreen: Int { didSet { _original = nil } }
    /// ConsentLanguage, 12 bits.
    public var consentLanguage: TwoLetterCode { didSet { _original = nil } }
    /// VendorListVersion, 12 bits.
    public var vendorListVersion: Int { didSet { _original = nil } }
    /// PurposesAllowed, bitfield of 24.
    public var purposesAllowed: IDSet { didSet { _original = nil } }
    /// The vendors with consent (the vendor section, DefaultConsent applied).
    public var vendorConsents: IDSet { didSet { _original = nil } }

    /// The text this value was decoded from, while no property has changed since.
    var _original: String?

    /// A v1.1 string built from its values; it encodes canonically.
    public init(
        created: Int64 = 0,
        lastUpdated: Int64 = 0,
        cmpId: Int = 0,
        cmpVersion: Int = 0,
        consentScreen: Int = 0,
        consentLanguage: TwoLetterCode? = nil,
        vendorListVersion: Int = 0,
        purposesAllowed: IDSet = IDSet(),
        vendorConsents: IDSet = IDSet()
    ) {
        self.created = created
        self.lastUpdated = lastUpdated
        self.cmpId = cmpId
        self.cmpVersion = cmpVersion
        self.consentScreen = consentScreen
        self.consentLanguage = consentLanguage ?? .english
        self.vendorListVersion = vendorListVersion
        self.purposesAllowed = purposesAllowed
        self.vendorConsents = vendorConsents
        _original = nil
    }

    /// True when this value was decoded and has not changed since.
    public var isUnmodifiedDecodedValue: Bool { _original != nil }
}

extension TCStringV1: Hashable {
    /// Equal when the strings mean the same, whatever the encoding.
    public static func == (lhs: TCStringV1, rhs: TCStringV1) -> Bool {
        lhs.created == rhs.created && lhs.lastUpdated == rhs.lastUpdated && lhs.cmpId == rhs.cmpId
            && lhs.cmpVersion == rhs.cmpVersion && lhs.consentScreen == rhs.consentScreen
            && lhs.consentLanguage == rhs.consentLanguage && lhs.vendorListVersion == rhs.vendorListVersion
            && lhs.purposesAllowed == rhs.purposesAllowed && lhs.vendorConsents == rhs.vendorConsents
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(created)
        hasher.combine(lastUpdated)
        hasher.combine(cmpId)
        hasher.combine(cmpVersion)
        hasher.combine(consentScreen)
        hasher.combine(consentLanguage)
        hasher.combine(vendorListVersion)
        hasher.combine(purposesAllowed)
        hasher.combine(vendorConsents)
    }
}
