public import ConsentCore

/// An IAB TCF v2 TC string (TCF 2.0 to 2.3): the core segment and the optional disclosed-vendors,
/// allowed-vendors and publisher TC segments, as values that say what the string means.
///
/// Decode with ``init(encoded:options:)-(String,_)``, write with ``encoded(options:)``. A decoded value remembers its
/// text: as long as no property changes, ``encoded(options:)`` gives back the input byte for byte (padding, vendor
/// encodings, segment order, repeated restrictions, unknown segments). Changing any property forgets the text;
/// the value then encodes canonically (see ``encoded(options:)``). Equality compares what the strings mean,
/// never how they were written.
///
/// Vendor ids that a range entry names above its section's MaxVendorId are not in the vendor sets (the
/// privacy-safe reading) but are kept in the remembered text; ``lint(now:)`` reports them.
public struct TCString: Sendable {
    /// Version, 6 bits: always 2 (legacy v1.1 strings are ``TCStringV1``).
    public var version: Int { 2 }
    /// Created, 36 bits: deciseconds since 1970-01-01T00:00:00Z.
    public var created: Int64 { didSet { _forgetOriginal() } }
    /// LastUpdated, 36 bits: deciseconds since 1970-01-01T00:00:00Z.
    public var lastUpdated: Int64 { didSet { _forgetOriginal() } }
    /// CmpId, 12 bits.
    public var cmpId: Int { didSet { _forgetOriginal() } }
    /// CmpVersion, 12 bits.
    public var cmpVersion: Int { didSet { _forgetOriginal() } }
    /// ConsentScreen, 6 bits (CMP-internal).
    public var consentScreen: Int { didSet { _forgetOriginal() } }
    /// ConsentLanguage, 12 bits: ISO 639-1 language of the CMP UI.
    public var consentLanguage: TwoLetterCode { didSet { _forgetOriginal() } }
    /// VendorListVersion, 12 bits.
    public var vendorListVersion: Int { didSet { _forgetOriginal() } }
    /// TcfPolicyVersion, 6 bits.
    public var policyVersion: Int { didSet { _forgetOriginal() } }
    /// IsServiceSpecific, 1 bit.
    public var isServiceSpecific: Bool { didSet { _forgetOriginal() } }
    /// UseNonStandardTexts (UseNonStandardStacks before TCF 2.2), 1 bit.
    public var useNonStandardTexts: Bool { didSet { _forgetOriginal() } }
    /// SpecialFeatureOptIns, bitfield of 12.
    public var specialFeatureOptins: IDSet { didSet { _forgetOriginal() } }
    /// PurposesConsent, bitfield of 24.
    public var purposeConsents: IDSet { didSet { _forgetOriginal() } }
    /// PurposesLITransparency, bitfield of 24.
    public var purposeLegitimateInterests: IDSet { didSet { _forgetOriginal() } }
    /// PurposeOneTreatment, 1 bit: true when purpose 1 was not disclosed.
    public var purposeOneTreatment: Bool { didSet { _forgetOriginal() } }
    /// PublisherCC, 12 bits: ISO 3166-1 alpha-2 country of the publisher.
    public var publisherCountryCode: TwoLetterCode { didSet { _forgetOriginal() } }
    /// Vendor consent section: the vendors with consent.
    public var vendorConsents: IDSet { didSet { _forgetOriginal() } }
    /// Vendor legitimate interest section: the vendors whose legitimate interest was disclosed and not objected to.
    public var vendorLegitimateInterests: IDSet { didSet { _forgetOriginal() } }
    /// Publisher restrictions, one per (purpose, type), ordered by purpose id then type (setting normalizes:
    /// sorts and merges repeated pairs).
    public var publisherRestrictions: [PublisherRestriction] {
        didSet {
            _forgetOriginal()
            publisherRestrictions = PublisherRestriction.normalized(publisherRestrictions)
        }
    }
    /// Disclosed vendors segment (type 1), or nil when the string has none (mandatory since TCF 2.3).
    public var disclosedVendors: IDSet? {
        get { _hasDisclosedVendors ? _disclosedVendors : nil }
        set {
            _hasDisclosedVendors = newValue != nil
            _disclosedVendors = newValue ?? IDSet()
            _forgetOriginal()
        }
    }
    /// Allowed vendors segment (type 2, out-of-band; invalid since 2021-09-01), or nil when absent.
    public var allowedVendors: IDSet? {
        get { _hasAllowedVendors ? _allowedVendors : nil }
        set {
            _hasAllowedVendors = newValue != nil
            _allowedVendors = newValue ?? IDSet()
            _forgetOriginal()
        }
    }
    /// Publisher TC segment (type 3), or nil when absent.
    public var publisherTC: PublisherTC? {
        get { _hasPublisherTC ? _publisherTC : nil }
        set {
            _hasPublisherTC = newValue != nil
            _publisherTC = newValue ?? PublisherTC()
            _forgetOriginal()
        }
    }
    /// Segments of types 4-7, which no version of the spec defines, verbatim and in the order written; they are
    /// written back after the known segments.
    public var unknownSegments: [String] { didSet { _forgetOriginal() } }

    // The optional segments and the remembered text are stored without `Optional`: an `Optional` among the stored
    // properties of a struct this large makes the compiler build each new value in a temporary and copy it out
    // (a retain and a release per reference), which was a third of the cost of decoding a short string.

    /// The disclosed vendors when ``_hasDisclosedVendors`` (empty otherwise).
    var _disclosedVendors: IDSet
    var _hasDisclosedVendors: Bool
    /// The allowed vendors when ``_hasAllowedVendors`` (empty otherwise).
    var _allowedVendors: IDSet
    var _hasAllowedVendors: Bool
    /// The publisher TC segment when ``_hasPublisherTC`` (empty otherwise).
    var _publisherTC: PublisherTC
    var _hasPublisherTC: Bool

    /// The text this value was decoded from, while no property has changed since: the whole input of
    /// ``init(encoded:options:)``, or the section's slice of a GPP string (decoded without a copy). Empty when there
    /// is none (a decoded text never is).
    var _originalText: Substring

    /// Forgets the remembered text: a property changed.
    @inline(__always)
    mutating func _forgetOriginal() {
        if !_originalText.isEmpty { _originalText = Substring() }
    }

    /// ``_originalText`` as a string: no copy when it is a whole string.
    var _original: String? { _originalText.isEmpty ? nil : String(_originalText) }

    /// A TC string built from its values; it encodes canonically.
    public init(
        created: Int64 = 0,
        lastUpdated: Int64 = 0,
        cmpId: Int = 0,
        cmpVersion: Int = 0,
        consentScreen: Int = 0,
        consentLanguage: TwoLetterCode? = nil,
        vendorListVersion: Int = 0,
        policyVersion: Int = 5,
        isServiceSpecific: Bool = true,
        useNonStandardTexts: Bool = false,
        specialFeatureOptins: IDSet = IDSet(),
        purposeConsents: IDSet = IDSet(),
        purposeLegitimateInterests: IDSet = IDSet(),
        purposeOneTreatment: Bool = false,
        publisherCountryCode: TwoLetterCode? = nil,
        vendorConsents: IDSet = IDSet(),
        vendorLegitimateInterests: IDSet = IDSet(),
        publisherRestrictions: [PublisherRestriction] = [],
        disclosedVendors: IDSet? = nil,
        allowedVendors: IDSet? = nil,
        publisherTC: PublisherTC? = nil,
        unknownSegments: [String] = []
    ) {
        self.created = created
        self.lastUpdated = lastUpdated
        self.cmpId = cmpId
        self.cmpVersion = cmpVersion
        self.consentScreen = consentScreen
        self.consentLanguage = consentLanguage ?? .english
        self.vendorListVersion = vendorListVersion
        self.policyVersion = policyVersion
        self.isServiceSpecific = isServiceSpecific
        self.useNonStandardTexts = useNonStandardTexts
        self.specialFeatureOptins = specialFeatureOptins
        self.purposeConsents = purposeConsents
        self.purposeLegitimateInterests = purposeLegitimateInterests
        self.purposeOneTreatment = purposeOneTreatment
        self.publisherCountryCode = publisherCountryCode ?? .unknownCountry
        self.vendorConsents = vendorConsents
        self.vendorLegitimateInterests = vendorLegitimateInterests
        self.publisherRestrictions = PublisherRestriction.normalized(publisherRestrictions)
        _disclosedVendors = disclosedVendors ?? IDSet()
        _hasDisclosedVendors = disclosedVendors != nil
        _allowedVendors = allowedVendors ?? IDSet()
        _hasAllowedVendors = allowedVendors != nil
        _publisherTC = publisherTC ?? PublisherTC()
        _hasPublisherTC = publisherTC != nil
        self.unknownSegments = unknownSegments
        _originalText = Substring()
    }

    /// The restriction types the string sets for `vendor` on `purpose` (at most one in a well-formed string).
    public func restrictionTypes(forVendor vendor: Int, purpose: Int) -> [RestrictionType] {
        publisherRestrictions.compactMap { restriction in
            restriction.purposeId == purpose && restriction.vendorIds.contains(vendor)
                ? restriction.restrictionType : nil
        }
    }

    /// True when this value was decoded and has not changed since, so ``encoded(options:)`` gives back its text.
    public var isUnmodifiedDecodedValue: Bool { !_originalText.isEmpty }
}

extension TCString: Hashable {
    /// Equal when the strings mean the same: every field and unknown segment, whatever the encoding.
    public static func == (lhs: TCString, rhs: TCString) -> Bool {
        lhs.created == rhs.created && lhs.lastUpdated == rhs.lastUpdated && lhs.cmpId == rhs.cmpId
            && lhs.cmpVersion == rhs.cmpVersion && lhs.consentScreen == rhs.consentScreen
            && lhs.consentLanguage == rhs.consentLanguage && lhs.vendorListVersion == rhs.vendorListVersion
            && lhs.policyVersion == rhs.policyVersion && lhs.isServiceSpecific == rhs.isServiceSpecific
            && lhs.useNonStandardTexts == rhs.useNonStandardTexts
            && lhs.specialFeatureOptins == rhs.specialFeatureOptins && lhs.purposeConsents == rhs.purposeConsents
            && lhs.purposeLegitimateInterests == rhs.purposeLegitimateInterests
            && lhs.purposeOneTreatment == rhs.purposeOneTreatment
            && lhs.publisherCountryCode == rhs.publisherCountryCode && lhs.vendorConsents == rhs.vendorConsents
            && lhs.vendorLegitimateInterests == rhs.vendorLegitimateInterests
            && lhs.publisherRestrictions == rhs.publisherRestrictions && lhs.disclosedVendors == rhs.disclosedVendors
            && lhs.allowedVendors == rhs.allowedVendors && lhs.publisherTC == rhs.publisherTC
            && lhs.unknownSegments == rhs.unknownSegments
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
        hasher.combine(policyVersion)
        hasher.combine(isServiceSpecific)
        hasher.combine(useNonStandardTexts)
        hasher.combine(specialFeatureOptins)
        hasher.combine(purposeConsents)
        hasher.combine(purposeLegitimateInterests)
        hasher.combine(purposeOneTreatment)
        hasher.combine(publisherCountryCode)
        hasher.combine(vendorConsents)
        hasher.combine(vendorLegitimateInterests)
        hasher.combine(publisherRestrictions)
        hasher.combine(disclosedVendors)
        hasher.combine(allowedVendors)
        hasher.combine(publisherTC)
        hasher.combine(unknownSegments)
    }
}
