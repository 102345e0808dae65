public import AdditionalConsent
import ConsentCore
public import ConsentKit
public import GPP
public import TCF
public import USPrivacy

/// Random values of every format, built through their public initializers and setters with every field in its
/// range (the structure-aware fuzz target and the property tests both use these).
public enum RandomModels {
    /// A TC string (v2) with every segment combination, vendor ids up to 65535, up to a few hundred runs per
    /// vendor set, restrictions on purposes 1-63 of every type but 3, and sometimes an unknown segment.
    public static func tcString(using generator: inout some RandomNumberGenerator) -> TCString {
        func id(_ bits: Int) -> Int { Int.random(in: 0..<(1 << bits), using: &generator) }
        var restrictions: [PublisherRestriction] = []
        for _ in 0..<[0, 0, 1, 3, 12][Int.random(in: 0..<5, using: &generator)] {
            let maxID = RandomIDs.maxVendorID(using: &generator)
            restrictions.append(
                PublisherRestriction(
                    purposeId: Int.random(in: 1...63, using: &generator),
                    restrictionType: RestrictionType(rawValue: Int.random(in: 0...2, using: &generator)) ?? .notAllowed,
                    vendorIds: RandomIDs.set(upTo: maxID, using: &generator)
                )
            )
        }
        func optionalSet() -> IDSet? {
            Bool.random(using: &generator)
                ? RandomIDs.set(upTo: RandomIDs.maxVendorID(using: &generator), using: &generator) : nil
        }
        var publisherTC: PublisherTC?
        if Bool.random(using: &generator) {
            let custom = Int.random(in: 0...63, using: &generator)
            publisherTC = PublisherTC(
                publisherConsents: RandomIDs.bits(24, using: &generator),
                publisherLegitimateInterests: RandomIDs.bits(24, using: &generator),
                numCustomPurposes: custom,
                publisherCustomConsents: RandomIDs.bits(custom, using: &generator),
                publisherCustomLegitimateInterests: RandomIDs.bits(custom, using: &generator)
            )
        }
        return TCString(
            created: Int64(id(36)),
            lastUpdated: Int64(id(36)),
            cmpId: id(12),
            cmpVersion: id(12),
            consentScreen: id(6),
            consentLanguage: letters(using: &generator),
            vendorListVersion: id(12),
            policyVersion: id(6),
            isServiceSpecific: Bool.random(using: &generator),
            useNonStandardTexts: Bool.random(using: &generator),
            specialFeatureOptins: RandomIDs.bits(12, using: &generator),
            purposeConsents: RandomIDs.bits(24, using: &generator),
            purposeLegitimateInterests: RandomIDs.bits(24, using: &generator),
            purposeOneTreatment: Bool.random(using: &generator),
            publisherCountryCode: letters(using: &generator),
            vendorConsents: RandomIDs.set(upTo: RandomIDs.maxVendorID(using: &generator), using: &generator),
            vendorLegitimateInterests: RandomIDs.set(
                upTo: RandomIDs.maxVendorID(using: &generator),
                using: &generator
            ),
            publisherRestrictions: restrictions,
            disclosedVendors: optionalSet(),
            allowedVendors: optionalSet(),
            publisherTC: publisherTC,
            unknownSegments: Int.random(in: 0..<8, using: &generator) == 0 ? [unknownSegment(using: &generator)] : []
        )
    }

    /// A legacy v1.1 TC string.
    public static func tcStringV1(using generator: inout some RandomNumberGenerator) -> TCStringV1 {
        func id(_ bits: Int) -> Int { Int.random(in: 0..<(1 << bits), using: &generator) }
        return TCStringV1(
            created: Int64(id(36)),
            lastUpdated: Int64(id(36)),
            cmpId: id(12),
            cmpVersion: id(12),
            consentScreen: id(6),
            consentLanguage: letters(using: &generator),
            vendorListVersion: id(12),
            purposesAllowed: RandomIDs.bits(24, using: &generator),
            vendorConsents: RandomIDs.set(upTo: RandomIDs.maxVendorID(using: &generator), using: &generator)
        )
    }

    /// A US Privacy string: any of the 27 letter combinations.
    public static func usPrivacy(using generator: inout some RandomNumberGenerator) -> USPrivacyString {
        func flag() -> USPrivacyFlag { USPrivacyFlag.allCases[Int.random(in: 0..<3, using: &generator)] }
        return USPrivacyString(notice: flag(), optOutSale: flag(), lspaCovered: flag())
    }

    /// An Additional Consent string: version 1 (consents only) or 2, provider ids up to 65535 and now and then
    /// beyond (Google's list has ids such as 66531; the largest a set holds included), disclosed ids that may repeat
    /// consented ones.
    public static func additionalConsent(
        using generator: inout some RandomNumberGenerator
    ) -> AdditionalConsentString {
        let consented = providers(using: &generator)
        guard Bool.random(using: &generator) else {
            return AdditionalConsentString(version: .v1, consentedProviders: consented)
        }
        return AdditionalConsentString(
            version: .v2,
            consentedProviders: consented,
            disclosedProviders: providers(using: &generator)
        )
    }

    /// Provider ids: a vendor-like set, and in one case of four a few ids above 65535.
    static func providers(using generator: inout some RandomNumberGenerator) -> ProviderIDSet {
        var ids = ProviderIDSet(RandomIDs.set(upTo: RandomIDs.maxVendorID(using: &generator), using: &generator))
        if Int.random(in: 0..<4, using: &generator) == 0 {
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                ids.insert(Int.random(in: 65_536...ProviderIDSet.maximumID, using: &generator))
            }
            if Bool.random(using: &generator) { ids.insert(ProviderIDSet.maximumID) }
        }
        return ids
    }

    /// A value of any format, as ConsentKit holds it.
    public static func consentString(using generator: inout some RandomNumberGenerator) -> ConsentString {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: .tcf(.v2(tcString(using: &generator)))
        case 1: .tcf(.legacy(tcStringV1(using: &generator)))
        case 2: .usp(usPrivacy(using: &generator))
        case 3: .gpp(gpp(using: &generator))
        default: .ac(additionalConsent(using: &generator))
        }
    }

    /// A GPP string of a random choice of sections: TC strings v1.1 and v2, US Privacy, every declared section
    /// (a random layout, its optional subsections present or not, every field at a random value its coding can
    /// hold), and now and then an id no declaration has.
    public static func gpp(using generator: inout some RandomNumberGenerator) -> GPPString {
        var string = GPPString()
        func pick() -> Bool { Int.random(in: 0..<6, using: &generator) == 0 }
        if pick() { string[id: 1] = .tcfEuV1(tcStringV1(using: &generator)) }
        if pick() { string[id: 2] = .tcfEuV2(tcString(using: &generator)) }
        if pick() { string[id: 6] = .usPrivacy(usPrivacy(using: &generator)) }
        for declaration in GPPSectionDeclaration.all where Int.random(in: 0..<8, using: &generator) == 0 {
            string[id: declaration.id] = .fields(section(declaration, using: &generator))
        }
        if pick() {
            // An id no declaration has (4, 28 and up; 3 is the header's own and never a section): kept verbatim.
            let id = [4, 28, 29, 63, 4095][Int.random(in: 0..<5, using: &generator)]
            string[id: id] = .unknown(UnknownGPPSection(id: id, text: unknownSegment(using: &generator)))
        }
        return string
    }

    /// One declared section with random values.
    public static func section(
        _ declaration: GPPSectionDeclaration,
        using generator: inout some RandomNumberGenerator
    ) -> GPPFieldSection {
        let layoutIndex = Int.random(in: 0..<declaration.layouts.count, using: &generator)
        var section = GPPFieldSection(declaration, layoutIndex: layoutIndex)
        for segment in section.layout.segments {
            if segment.isOptional && Bool.random(using: &generator) { continue }
            for field in segment.fields {
                // Derived fields (section id, subsection list) refuse to be set: that is fine.
                try? section.set(field.key.description, to: value(of: field, using: &generator))
            }
        }
        return section
    }

    /// A value the field's coding can hold: mostly one its value set allows, now and then any.
    static func value(of field: GPPField, using generator: inout some RandomNumberGenerator) -> GPPFieldValue {
        func small(_ bits: Int) -> Int {
            if let allowed = field.values.allowed, Int.random(in: 0..<8, using: &generator) != 0 {
                return Int.random(in: allowed, using: &generator)
            }
            return Int.random(in: 0..<(1 << Swift.min(bits, 20)), using: &generator)
        }
        switch field.coding {
        case .integer(let bits): return .integer(small(bits))
        case .boolean: return .boolean(Bool.random(using: &generator))
        case .integerList(let count, let bitsPerItem):
            var list = FixedIntegerList(count: count, bitsPerItem: bitsPerItem)
            for index in 0..<count { try? list.set(index, to: small(bitsPerItem)) }
            return .list(list)
        case .datetime: return .datetime(deciseconds: Int64.random(in: 0..<(1 << 36), using: &generator))
        case .letters(let count):
            return .letters(
                String(
                    (0..<count).map { _ in
                        Character(Unicode.Scalar(UInt8(65 + Int.random(in: 0..<26, using: &generator))))
                    }
                )
            )
        case .bitField(let count): return .ids(RandomIDs.bits(Swift.min(count, 64), using: &generator))
        case .countedBitField: return .ids(RandomIDs.bits(Int.random(in: 0...10, using: &generator), using: &generator))
        case .vendorRange, .fibonacciRange:
            return .ids(RandomIDs.set(upTo: RandomIDs.maxVendorID(using: &generator), using: &generator))
        case .publisherRestrictions:
            return .restrictions(
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    CanadianPublisherRestriction(
                        purposeID: Int.random(in: 1...63, using: &generator),
                        restrictionType: Int.random(in: 0...2, using: &generator),
                        vendorIDs: RandomIDs.set(upTo: RandomIDs.maxVendorID(using: &generator), using: &generator)
                    )
                }
            )
        }
    }

    /// Two random letters A-Z.
    static func letters(using generator: inout some RandomNumberGenerator) -> TwoLetterCode? {
        TwoLetterCode(
            first: UInt8.random(in: 0...25, using: &generator),
            second: UInt8.random(in: 0...25, using: &generator)
        )
    }

    /// A segment of type 4-7 (no spec defines one), kept verbatim by the TC string codec.
    static func unknownSegment(using generator: inout some RandomNumberGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let first = alphabet[Int.random(in: 32..<64, using: &generator)]
        return String(first)
            + String(
                (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "A"
                }
            )
    }
}
