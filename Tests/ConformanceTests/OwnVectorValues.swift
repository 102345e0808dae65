import ConsentKit
import Foundation

/// The boundary values of `Vectors/own-*.jsonl` (recorded by `OwnVectorRecorder`).
enum OwnVectorValues {
    typealias Entry = OwnVectorRecorder.Entry

    static let tcfCheck =
        "encoded by ConsentStrings (canonical); every field checked bit by bit against tcf.md §4-§8 with an"
        + " independent decoder written from those tables"
    static let gppCheck =
        "encoded by ConsentStrings (canonical); header and section bits checked against gpp.md §3 and the"
        + " section's table in gpp-sections.md (field widths, item counts, bit total) with an independent decoder"
    static let uspCheck = "encoded by ConsentStrings; the four characters checked against usp.md §1"
    static let acCheck = "encoded by ConsentStrings (canonical); checked against the grammar and rules of ac.md §2, §5"

    static func letters(_ first: UInt8, _ second: UInt8) -> TwoLetterCode? {
        TwoLetterCode(first: first, second: second)
    }

    static let maxCore = TCString(
        created: (1 << 36) - 1,
        lastUpdated: (1 << 36) - 1,
        cmpId: 4095,
        cmpVersion: 4095,
        consentScreen: 63,
        consentLanguage: letters(25, 25),
        vendorListVersion: 4095,
        policyVersion: 63,
        isServiceSpecific: true,
        useNonStandardTexts: true,
        specialFeatureOptins: IDSet(1...12),
        purposeConsents: IDSet(1...24),
        purposeLegitimateInterests: IDSet(1...24),
        purposeOneTreatment: true,
        publisherCountryCode: letters(25, 25)
    )

    static let zeroCore = TCString(
        consentLanguage: letters(0, 0),
        policyVersion: 0,
        isServiceSpecific: false,
        publisherCountryCode: letters(0, 0)
    )

    static func tcf() -> [Entry] {
        func entry(_ id: String, _ what: String, _ value: TCString) -> Entry {
            Entry(id: "own-tcf-\(id)", value: .tcf(.v2(value)), source: "\(what); \(tcfCheck)")
        }
        var ends = zeroCore
        ends.vendorConsents = [1, 65_535]
        ends.vendorLegitimateInterests = [1, 65_535]
        var single = zeroCore
        single.vendorConsents = [1]
        var every = zeroCore
        every.vendorConsents = IDSet(1...65_535)
        every.vendorLegitimateInterests = IDSet(1...65_535).subtracting([2])
        var restrictions = zeroCore
        restrictions.publisherRestrictions = [
            PublisherRestriction(purposeId: 1, restrictionType: .notAllowed, vendorIds: [1]),
            PublisherRestriction(purposeId: 1, restrictionType: .requireConsent, vendorIds: [65_535]),
            PublisherRestriction(purposeId: 24, restrictionType: .requireLegitimateInterest, vendorIds: []),
            PublisherRestriction(purposeId: 63, restrictionType: .requireConsent, vendorIds: IDSet(1...65_535)),
        ]
        var manyEntries = zeroCore
        manyEntries.publisherRestrictions = [
            PublisherRestriction(
                purposeId: 2,
                restrictionType: .requireConsent,
                vendorIds: IDSet(stride(from: 1, through: 8189, by: 2))
            )
        ]
        var segments = zeroCore
        segments.disclosedVendors = [1, 65_535]
        segments.allowedVendors = []
        segments.publisherTC = PublisherTC()
        var fullPublisher = maxCore
        fullPublisher.disclosedVendors = []
        fullPublisher.publisherTC = PublisherTC(
            publisherConsents: IDSet(1...24),
            publisherLegitimateInterests: IDSet(1...24),
            numCustomPurposes: 63,
            publisherCustomConsents: IDSet(1...63),
            publisherCustomLegitimateInterests: IDSet(1...63)
        )
        let legacyZero = TCStringV1(consentLanguage: letters(0, 0))
        let legacyMax = TCStringV1(
            created: (1 << 36) - 1,
            lastUpdated: (1 << 36) - 1,
            cmpId: 4095,
            cmpVersion: 4095,
            consentScreen: 63,
            consentLanguage: letters(25, 25),
            vendorListVersion: 4095,
            purposesAllowed: IDSet(1...24),
            vendorConsents: IDSet(1...65_535).subtracting([9])
        )
        let legacyEnds = TCStringV1(consentLanguage: letters(4, 13), vendorConsents: [1, 65_535])
        return [
            entry(
                "core-all-zero",
                "every core field 0 (language and country AA), MaxVendorId 0 twice, no restriction",
                zeroCore
            ),
            entry(
                "core-all-max",
                "every fixed core field at its maximum (timestamps 2^36-1, ids 4095, letters ZZ, every purpose and feature)",
                maxCore
            ),
            entry(
                "vendors-1-and-65535",
                "vendor consents and legitimate interests {1, 65535} (ranges, MaxVendorId 65535)",
                ends
            ),
            entry(
                "vendor-1-bitfield",
                "vendor consents {1}: a bitfield of MaxVendorId 1; legitimate interests MaxVendorId 0",
                single
            ),
            entry(
                "vendors-every-id",
                "vendor consents 1-65535 (one range entry), legitimate interests 1-65535 except 2",
                every
            ),
            entry(
                "restrictions-every-type",
                "restrictions of type 0, 1, 2 on purposes 1, 24 and 63 (6-bit maximum), vendor lists {1}, {65535}, {}, 1-65535",
                restrictions
            ),
            entry(
                "restriction-4095-entries",
                "one restriction of 4095 single ids (1, 3, ..., 8189): the most entries a range list holds",
                manyEntries
            ),
            entry(
                "segments-disclosed-allowed-publisher",
                "disclosed vendors {1, 65535}, allowed vendors {} (MaxVendorId 0), publisher TC all zero",
                segments
            ),
            entry(
                "publisher-tc-all-max",
                "all-max core, disclosed vendors {}, publisher TC with every purpose and 63 custom purposes",
                fullPublisher
            ),
            Entry(
                id: "own-tcf-v1-all-zero",
                value: .tcf(.legacy(legacyZero)),
                source: "v1.1, every field 0, MaxVendorId 0; \(tcfCheck)"
            ),
            Entry(
                id: "own-tcf-v1-all-max",
                value: .tcf(.legacy(legacyMax)),
                source: "v1.1, every field at its maximum, vendors 1-65535 except 9; \(tcfCheck)"
            ),
            Entry(
                id: "own-tcf-v1-vendors-1-and-65535",
                value: .tcf(.legacy(legacyEnds)),
                source: "v1.1, vendors {1, 65535}, language EN; \(tcfCheck)"
            ),
        ]
    }

    /// A declared section with every 2-bit field (and list item) at `value`, Booleans true for 1; optional
    /// subsections present unless `value` is 0.
    static func usSection(_ declaration: GPPSectionDeclaration, layout: Int, value: Int) -> GPPFieldSection {
        var section = GPPFieldSection(declaration, layoutIndex: layout)
        for segment in section.layout.segments where !(segment.isOptional && value == 0) {
            for field in segment.fields {
                let key = field.key.description
                switch field.coding {
                case .integer(bits: 2): try? section.set(key, to: .integer(value))
                case .integerList(let count, bitsPerItem: 2):
                    let items = Array(repeating: value, count: count)
                    if let list = try? FixedIntegerList(items, bitsPerItem: 2) {
                        try? section.set(key, to: .list(list))
                    }
                case .boolean: try? section.set(key, to: .boolean(value == 1))
                default: break
                }
            }
        }
        return section
    }

    static func gpp() -> [Entry] {
        var entries: [Entry] = [
            Entry(id: "own-gpp-header-only", value: .gpp(GPPString()), source: "no section: count 0; \(gppCheck)")
        ]
        for declaration in GPPSectionDeclaration.all where declaration.id != 5 {
            for layout in declaration.layouts.indices {
                for value in 0...2 {
                    let name =
                        declaration.layouts.count > 1
                        ? "\(declaration.prefix)-layout\(layout + 1)" : "\(declaration.prefix)"
                    let section = usSection(declaration, layout: layout, value: value)
                    entries.append(
                        Entry(
                            id: "own-gpp-\(name)-all-\(value)",
                            value: .gpp(GPPString(sections: [.fields(section)])),
                            source: "section \(declaration.id) alone, every 2-bit field and list item \(value)"
                                + (value == 0 ? ", no optional subsection" : ", optional subsection present")
                                + "; \(gppCheck)"
                        )
                    )
                }
            }
        }
        let canada = GPPFieldSection(.tcfCanada)
        entries.append(
            Entry(
                id: "own-gpp-tcfcav1-defaults",
                value: .gpp(GPPString(sections: [.fields(canada)])),
                source: "section 5 with every field at its default; \(gppCheck)"
            )
        )
        var full = GPPString(sections: [
            .tcfEuV1(TCStringV1(consentLanguage: letters(4, 13), vendorConsents: [1, 65_535])),
            .tcfEuV2(maxCore), .usPrivacy(USPrivacyString(notice: .yes, optOutSale: .no, lspaCovered: .notApplicable)),
            .fields(usSection(.usNational, layout: 1, value: 1)),
        ])
        entries.append(
            Entry(
                id: "own-gpp-sections-1-2-6-7",
                value: .gpp(full),
                source: "sections 1, 2 (all-max core), 6 and 7; \(gppCheck)"
            )
        )
        full[id: 2] = nil
        entries.append(
            Entry(id: "own-gpp-sections-1-6-7", value: .gpp(full), source: "sections 1, 6 and 7; \(gppCheck)")
        )
        return entries
    }

    static func usp() -> [Entry] {
        var entries: [Entry] = []
        for notice in USPrivacyFlag.allCases {
            for optOut in USPrivacyFlag.allCases {
                for lspa in USPrivacyFlag.allCases {
                    let value = USPrivacyString(notice: notice, optOutSale: optOut, lspaCovered: lspa)
                    let letters = "\(notice)\(optOut)\(lspa)".replacingOccurrences(of: "-", with: "x")
                    entries.append(
                        Entry(
                            id: "own-usp-\(letters)",
                            value: .usp(value),
                            source: "every letter combination; \(uspCheck)"
                        )
                    )
                }
            }
        }
        return entries
    }

    static func ac() -> [Entry] {
        func entry(_ id: String, _ what: String, _ value: AdditionalConsentString) -> Entry {
            Entry(id: "own-ac-\(id)", value: .ac(value), source: "\(what); \(acCheck)")
        }
        return [
            entry("v1-empty", "version 1, no consent", AdditionalConsentString(version: .v1)),
            entry(
                "v1-1-and-65535",
                "version 1, ids 1 and 65535",
                AdditionalConsentString(version: .v1, consentedProviders: [1, 65_535])
            ),
            entry("v2-empty", "version 2, both lists empty", AdditionalConsentString()),
            entry(
                "v2-1-and-65535",
                "version 2, consented {1, 65535}, disclosed {2, 65534}",
                AdditionalConsentString(consentedProviders: [1, 65_535], disclosedProviders: [2, 65_534])
            ),
            entry(
                "v2-above-16-bits",
                "version 2, ids past 16 bits: consented {66531, 2147483647}, disclosed {65536}",
                AdditionalConsentString(consentedProviders: [66_531, 2_147_483_647], disclosedProviders: [65_536])
            ),
            entry(
                "v2-600-consented",
                "version 2, consented 1-600, disclosed 601-700",
                AdditionalConsentString(
                    consentedProviders: ProviderIDSet(1...600),
                    disclosedProviders: ProviderIDSet(601...700)
                )
            ),
        ]
    }

    static func invalid() -> [Entry] {
        func bits(_ write: (inout BitWriter) -> Void) -> String {
            var writer = BitWriter()
            write(&writer)
            writer.finishSegment(paddingToMultipleOf: 6)
            return writer.makeString()
        }
        func core(_ rest: (inout BitWriter) -> Void) -> String {
            bits { writer in
                HostileInputs.writeCoreHeader(&writer)
                rest(&writer)
            }
        }
        let emptyVendors: (inout BitWriter) -> Void = { writer in for _ in 0..<2 { writer.writeBits(0, count: 17) } }
        func restriction(purpose: UInt64, type: UInt64, first: UInt64, last: UInt64) -> String {
            core { writer in
                emptyVendors(&writer)
                writer.writeBits(1, count: 12)
                writer.writeBits(purpose, count: 6)
                writer.writeBits(type, count: 2)
                writer.writeBits(1, count: 12)
                writer.writeBits(1, count: 1)
                writer.writeBits(first, count: 16)
                writer.writeBits(last, count: 16)
            }
        }
        func entry(_ id: String, _ input: String, _ why: String) -> Entry {
            Entry(
                id: "own-invalid-\(id)",
                input: input,
                source:
                    "\(why); written bit by bit with ConsentCore's BitWriter or by hand, the code checked against the spec"
            )
        }
        let shortCore = bits { writer in
            writer.writeBits(2, count: 6)
            for width in [36, 36, 12, 12, 6, 12, 12, 6, 1, 1, 12, 24, 24, 1] { writer.writeBits(0, count: width) }
            writer.writeBits(0, count: 11)
        }
        return [
            entry(
                "tcf-core-212-bits",
                shortCore,
                "the fixed core ends one bit early (212 of 213 bits, padded to 216): truncated (tcf.md §4)"
            ),
            entry(
                "tcf-restriction-type-3",
                restriction(purpose: 1, type: 3, first: 1, last: 1),
                "RestrictionType 3: badValue (tcf.md §5)"
            ),
            entry(
                "tcf-restriction-purpose-0",
                restriction(purpose: 0, type: 0, first: 1, last: 1),
                "PurposeId 0: badValue (tcf.md §5)"
            ),
            entry(
                "tcf-restriction-end-before-start",
                restriction(purpose: 1, type: 0, first: 9, last: 8),
                "range 9-8: badValue (tcf.md §4)"
            ),
            entry(
                "tcf-vendor-range-id-0",
                core { writer in
                    writer.writeBits(5, count: 16)
                    writer.writeBits(1, count: 1)
                    writer.writeBits(1, count: 12)
                    writer.writeBits(0, count: 17)
                    writer.writeBits(0, count: 17)
                    writer.writeBits(0, count: 12)
                },
                "vendor consent range entry with id 0: badValue (tcf.md §4)"
            ),
            entry(
                "tcf-language-letter-26",
                bits { writer in
                    writer.writeBits(2, count: 6)
                    for width in [36, 36, 12, 12, 6] { writer.writeBits(0, count: width) }
                    writer.writeBits(26, count: 6)
                    for _ in 0..<3 { writer.writeBits(0, count: 30) }
                },
                "ConsentLanguage letter 26 (not A-Z): badValue (tcf.md §2)"
            ),
            entry(
                "tcf-plus-sign",
                "CPXxRfAPXxRfAAfKABENB+CgAAAAAAAAAAYgAAAAAAAA",
                "`+` is not base64url: badBase64 (tcf.md §2)"
            ),
            entry(
                "tcf-trailing-dot",
                HostileInputs.emptyCore + ".",
                "an empty segment after the core: badBase64 (tcf.md §2)"
            ),
            entry("gpp-count-mismatch", "DBACNYA~1YNN", "header lists [2, 6], one part follows: badValue (gpp.md 7.1)"),
            entry("gpp-empty-part", "DBABTA~", "header lists [6], its part is empty: badValue (gpp.md 7.1)"),
            entry("gpp-usnat-version-3", "DBABLA~DVVqAAEABCA", "usnat Version 3: badVersion (gpp-sections.md §7)"),
            entry(
                "gpp-usnat-cut",
                "DBABLA~CVVVkkk",
                "usnat version 2 core of 42 bits (70 needed): truncated (gpp-sections.md §7)"
            ),
            entry(
                "gpp-gpc-type-2",
                "DBABLA~CVVVkkkkkpFY.gA",
                "GPC subsection type 2: badValue (gpp-sections.md, GPC subsection)"
            ),
            entry("usp-empty", "", "empty input: empty (usp.md §3)"),
            entry("usp-version-2", "2YNN", "version 2: badVersion (usp.md §3)"),
            entry("usp-five-characters", "1YNNN", "five characters: badValue (usp.md §3)"),
            entry("ac-id-0", "2~0~dv.", "provider id 0: badValue (ac.md §4)"),
            entry("ac-version-0", "0~1", "version 0: badVersion (ac.md §4)"),
            entry("ac-dv-upper-case", "2~1~DV.2", "`DV` in upper case: badValue (ac.md §4)"),
            entry("ac-id-above-2-31", "2~1~dv.2147483648", "provider id 2^31: badValue (ac.md §4, the limit)"),
        ]
    }
}
