/// The in-app storage keys a conforming CMP writes for a set of consent strings (spec/inapp-keys.md):
/// `IABTCF_*` for a TC string (and Google's `IABTCF_AddtlConsent`), `IABGPP_*` for a GPP string,
/// `IABUSPrivacy_String`, and the legacy `IABConsent_*` keys for a TCF v1.1 string.
///
/// Values follow the IAB key tables: numbers as ``InAppValue/integer(_:)``, strings and binary strings as
/// ``InAppValue/string(_:)``. Derived in this package's documented way where the specifications leave a choice
/// (``BinaryStringLength``). Keys whose value only the CMP knows are written only when given, never as placeholders
/// (inapp-keys.md §0): `IABTCF_gdprApplies`, `IABTCF_CmpSdkID`, `IABTCF_CmpSdkVersion` (§1.2: they "come from the
/// CMP, not from the string") and `IABGPP_GppSID` (the sections in force, which differ from the header's, §2 note 5).
/// Not derived: `IABTCF_EnableAdvertiserConsentMode` (semantics unconfirmed), per-field keys of the GPP US and Canada
/// sections (the specifications name no prefix for the US sections and two for Canada); ``differences(from:)`` does
/// not report those keys either.
public struct InAppKeys: Sendable, Hashable {
    /// How long the binary strings (`IABTCF_PurposeConsents`, `IABTCF_VendorConsents`, ...) are; no
    /// specification says (inapp-keys.md §1.1). Readers treat a missing position as `0`.
    public enum BinaryStringLength: Sendable, Hashable {
        /// The field's full width, losing nothing: vendor strings MaxVendorId characters as encoded, purposes 24,
        /// special features 12, custom purposes NumCustomPurposes (the toolkit recommendation).
        case fieldWidth
        /// Up to the highest id that is set, as iabtcf-es writes them (`""` for an empty set).
        case highestSetID
    }

    /// The keys and their values.
    public private(set) var values: [String: InAppValue]

    /// What the keys could not say as the strings do: a vendor under two restriction types for one purpose
    /// (`conflictingRestrictions`), whose `PublisherRestrictions` key holds only the lower type (inapp-keys.md §1.1).
    public private(set) var findings: [Diagnostic]

    /// The value a key only the CMP knows normally has, when it was not given: `IABTCF_CmpSdkID` = CmpId,
    /// `IABTCF_CmpSdkVersion` = CmpVersion (and the `IABGPP_TCFEU2_` ones); ``differences(from:)`` compares a stored
    /// one with it, but a missing one is no difference.
    package private(set) var typicalValues: [String: InAppValue]

    /// The value of `key`, or nil when a CMP would leave it unset.
    public subscript(key: String) -> InAppValue? { values[key] }

    /// The keys in ascending order.
    public var keys: [String] { values.keys.sorted() }

    /// The keys a CMP writes for the given strings.
    ///
    /// - Parameters:
    ///   - tcString: a TC string: `IABTCF_*` for version 2 (`IABTCF_TCString` and the fields), the legacy
    ///     `IABConsent_*` keys for version 1.1.
    ///   - gppString: a GPP string: `IABGPP_HDR_*`, `IABGPP_[id]_String` for each section, and the fields of
    ///     sections 2 (`IABGPP_2_TCString`, `IABGPP_TCFEU2_*`), 5 (`IABGPP_5_TCString`) and 6 (`IABGPP_USP1_*`).
    ///   - usPrivacy: a US Privacy string, written as `IABUSPrivacy_String`.
    ///   - additionalConsent: Google's Additional Consent string, written as `IABTCF_AddtlConsent`.
    ///   - gdprApplies: the CMP's own determination, written as `IABTCF_gdprApplies`, with or without a TC string (and
    ///     `IABGPP_TCFEU2_gdprApplies` for a GPP string with section 2); nil means undetermined, and the key is then
    ///     left unset (writing 0 would say GDPR does not apply).
    ///   - gppSID: the GPP section ids in force (`IABGPP_GppSID`); nil leaves the key unset, since only the CMP
    ///     knows which of the string's sections apply.
    ///   - cmpSdkID: the CMP SDK's registered id (`IABTCF_CmpSdkID`, with or without a v2 TC string, and
    ///     `IABGPP_TCFEU2_CmpSdkID` for GPP section 2); nil leaves the key unset.
    ///   - cmpSdkVersion: the CMP SDK's version (`IABTCF_CmpSdkVersion`, and `IABGPP_TCFEU2_CmpSdkVersion`); nil
    ///     leaves the key unset.
    ///   - binaryStringLength: how long the binary strings (`IABTCF_VendorConsents`, ...) are.
    /// - Throws: `valueOutOfRange` when a string cannot be encoded (a built value with a field its bits cannot hold);
    ///   never for a decoded value.
    public init(
        tcString: TCFString? = nil,
        gppString: GPPString? = nil,
        usPrivacy: USPrivacyString? = nil,
        additionalConsent: AdditionalConsentString? = nil,
        gdprApplies: Bool? = nil,
        gppSID: [Int]? = nil,
        cmpSdkID: Int? = nil,
        cmpSdkVersion: Int? = nil,
        binaryStringLength: BinaryStringLength = .fieldWidth
    ) throws(ConsentError) {
        var writer = InAppKeyWriter(length: binaryStringLength)
        switch tcString {
        case .v2(let value)?:
            try writer.writeTCF(
                value,
                prefix: "IABTCF_",
                stringKey: "IABTCF_TCString",
                nonStandardTextsName: "UseNonStandardTexts"
            )
            writer.write(
                "IABTCF_DisclosedVendors",
                value.disclosedVendors.map { writer.vendorBits($0, of: value, "disclosedVendors") }
            )
            writer.writeCMP(
                value,
                prefix: "IABTCF_",
                sdkID: cmpSdkID,
                sdkVersion: cmpSdkVersion,
                gdprApplies: gdprApplies
            )
        case .legacy(let value)?: try writer.writeLegacy(value, gdprApplies: gdprApplies)
        case nil:
            // The CMP's determination stands without a TC string too (GDPR does not apply: no string to write), and
            // so do its SDK keys, set "as soon as it initialises ... (before any TC string exists)" (inapp-keys.md §1).
            if let cmpSdkID { writer.write("IABTCF_CmpSdkID", .integer(cmpSdkID)) }
            if let cmpSdkVersion { writer.write("IABTCF_CmpSdkVersion", .integer(cmpSdkVersion)) }
            if let gdprApplies { writer.write("IABTCF_gdprApplies", gdprApplies) }
        }
        if let gppString {
            try writer.writeGPP(
                gppString,
                gppSID: gppSID,
                gdprApplies: gdprApplies,
                sdkID: cmpSdkID,
                sdkVersion: cmpSdkVersion
            )
        }
        if let usPrivacy { writer.write("IABUSPrivacy_String", .string(try usPrivacy.encoded())) }
        if let additionalConsent { writer.write("IABTCF_AddtlConsent", .string(try additionalConsent.encoded())) }
        values = writer.values
        findings = writer.findings
        typicalValues = writer.typicalValues
    }

    /// The keys a CMP writes for the given encoded strings (each decoded with default options).
    /// - Throws: as each format's decoder, and as
    ///   ``init(tcString:gppString:usPrivacy:additionalConsent:gdprApplies:gppSID:cmpSdkID:cmpSdkVersion:binaryStringLength:)``.
    public init(
        encodedTCString: String? = nil,
        encodedGPPString: String? = nil,
        encodedUSPrivacy: String? = nil,
        encodedAdditionalConsent: String? = nil,
        gdprApplies: Bool? = nil,
        gppSID: [Int]? = nil,
        binaryStringLength: BinaryStringLength = .fieldWidth
    ) throws(ConsentError) {
        try self.init(
            tcString: try encodedTCString.map { text throws(ConsentError) in try TCFString(encoded: text) },
            gppString: try encodedGPPString.map { text throws(ConsentError) in try GPPString(encoded: text) },
            usPrivacy: try encodedUSPrivacy.map { text throws(ConsentError) in try USPrivacyString(encoded: text) },
            additionalConsent: try encodedAdditionalConsent.map { text throws(ConsentError) in
                try AdditionalConsentString(encoded: text)
            },
            gdprApplies: gdprApplies,
            gppSID: gppSID,
            binaryStringLength: binaryStringLength
        )
    }
}
