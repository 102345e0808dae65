import ConsentKit
import Testing

/// Hand-worked examples written out from spec/inapp-keys.md (and the strings' values in tcf.md and gpp.md).
@Suite struct InAppKeysTests {
    /// tcf.md Example 3: all four segments.
    static let example3 =
        "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA.IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg="

    /// A binary string of `count` characters with `1` at the given 0-based indexes.
    static func ones(_ count: Int, at indexes: [Int]) -> InAppValue {
        var characters = Array(repeating: Character("0"), count: count)
        for index in indexes { characters[index] = "1" }
        return .string(String(characters))
    }

    /// inapp-keys.md §1.2, toolkit-recommended lengths.
    @Test func writesTheWorkedExampleOfSection1_2AtFieldWidth() throws {
        let keys = try InAppKeys(encodedTCString: Self.example3)
        let expected: [String: InAppValue] = [
            "IABTCF_TCString": .string(Self.example3),
            "IABTCF_PolicyVersion": .integer(2),
            "IABTCF_PublisherCC": .string("AQ"),
            "IABTCF_PurposeOneTreatment": .integer(0),
            "IABTCF_UseNonStandardTexts": .integer(0),
            "IABTCF_PurposeConsents": .string("001111111000000000000000"),
            "IABTCF_PurposeLegitimateInterests": .string(String(repeating: "0", count: 24)),
            "IABTCF_SpecialFeaturesOptIns": .string("100000000000"),
            "IABTCF_VendorConsents": Self.ones(98, at: [22, 36, 46, 47, 52, 64, 97]),
            "IABTCF_VendorLegitimateInterests": Self.ones(129, at: [36, 46, 47, 52, 64, 97, 128]),
            "IABTCF_DisclosedVendors": Self.ones(129, at: [22, 36, 46, 47, 52, 64, 97, 128]),
            "IABTCF_PublisherConsent": .string("1" + String(repeating: "0", count: 23)),
            "IABTCF_PublisherLegitimateInterests": .string(String(repeating: "0", count: 23) + "1"),
            "IABTCF_PublisherCustomPurposesConsents": .string("01"),
            "IABTCF_PublisherCustomPurposesLegitimateInterests": .string("11"),
        ]
        // No IABTCF_PublisherRestrictions* (NumPubRestrictions = 0), no key for AllowedVendors, and
        // IABTCF_gdprApplies, IABTCF_CmpSdkID, IABTCF_CmpSdkVersion unset: they "come from the CMP, not from the
        // string", and were not given.
        #expect(keys.values == expected)
    }

    /// inapp-keys.md §1.2, "iabtcf-es style" column.
    @Test func writesTheWorkedExampleOfSection1_2UpToTheHighestSetID() throws {
        let keys = try InAppKeys(encodedTCString: Self.example3, binaryStringLength: .highestSetID)
        #expect(keys["IABTCF_PurposeConsents"] == .string("001111111"))
        #expect(keys["IABTCF_PurposeLegitimateInterests"] == .string(""))
        #expect(keys["IABTCF_SpecialFeaturesOptIns"] == .string("1"))
        #expect(keys["IABTCF_VendorConsents"] == Self.ones(98, at: [22, 36, 46, 47, 52, 64, 97]))
        #expect(keys["IABTCF_PublisherLegitimateInterests"] == .string(String(repeating: "0", count: 23) + "1"))
        #expect(keys["IABTCF_PublisherCustomPurposesConsents"] == .string("01"))
    }

    /// §0 and §1: gdprApplies is 1 or 0 when decided, and unset (not 0) while undetermined; the CMP SDK keys come
    /// from the CMP when it says.
    @Test func writesGDPRAppliesOnlyWhenDetermined() throws {
        #expect(try InAppKeys(encodedTCString: Self.example3, gdprApplies: true)["IABTCF_gdprApplies"] == .integer(1))
        #expect(try InAppKeys(encodedTCString: Self.example3, gdprApplies: false)["IABTCF_gdprApplies"] == .integer(0))
        #expect(try InAppKeys(encodedTCString: Self.example3)["IABTCF_gdprApplies"] == nil)
        let sdk = try InAppKeys(tcString: TCFString(encoded: Self.example3), cmpSdkID: 300, cmpSdkVersion: 7)
        #expect(sdk["IABTCF_CmpSdkID"] == .integer(300))
        #expect(sdk["IABTCF_CmpSdkVersion"] == .integer(7))
    }

    /// §1.1: one key per restricted purpose, as long as the highest vendor id in any restriction, `_` for no
    /// restriction. Vector tcf-go-gdpr-027 restricts vendor 32 under purpose 7 with type 1 (require consent).
    @Test func writesOneRestrictionKeyPerRestrictedPurpose() throws {
        let keys = try InAppKeys(encodedTCString: "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA")
        #expect(keys["IABTCF_PublisherRestrictions7"] == .string(String(repeating: "_", count: 31) + "1"))
        #expect(keys.keys.filter { $0.hasPrefix("IABTCF_PublisherRestrictions") } == ["IABTCF_PublisherRestrictions7"])
        #expect(keys["IABTCF_PurposeConsents"] == Self.ones(24, at: [5, 22]))
        #expect(keys["IABTCF_PublisherCC"] == .string("AA"))
    }

    /// §1.1: a vendor listed under two types for one purpose gets the lower type number; the length is the
    /// highest vendor id in any restriction, for every purpose's key.
    @Test func writesTheStricterTypeForAVendorListedTwice() throws {
        let string = TCString(publisherRestrictions: [
            PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: [3]),
            PublisherRestriction(purposeId: 2, restrictionType: .notAllowed, vendorIds: [3, 5]),
            PublisherRestriction(purposeId: 4, restrictionType: .requireLegitimateInterest, vendorIds: [1]),
        ])
        let keys = try InAppKeys(tcString: .v2(string))
        #expect(keys["IABTCF_PublisherRestrictions2"] == .string("__0_0"))
        #expect(keys["IABTCF_PublisherRestrictions4"] == .string("2____"))
        #expect(keys["IABTCF_PublisherRestrictions1"] == nil)
    }

    /// §0 "Do not write placeholder values" and §1.2: `IABTCF_CmpSdkID` and `IABTCF_CmpSdkVersion` "come from the
    /// CMP, not from the string", for the TC string and for GPP section 2 alike.
    @Test func leavesTheCMPSDKKeysUnsetUnlessGiven() throws {
        let tcString = try InAppKeys(encodedTCString: Self.example3)
        #expect(tcString["IABTCF_CmpSdkID"] == nil)
        #expect(tcString["IABTCF_CmpSdkVersion"] == nil)
        let gpp = try InAppKeys(encodedGPPString: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
        #expect(gpp["IABGPP_TCFEU2_CmpSdkID"] == nil)
        #expect(gpp["IABGPP_TCFEU2_CmpSdkVersion"] == nil)
        let given = try InAppKeys(
            tcString: TCFString(encoded: Self.example3),
            gppString: GPPString(encoded: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"),
            cmpSdkID: 300,
            cmpSdkVersion: 7
        )
        #expect(given["IABTCF_CmpSdkID"] == .integer(300))
        #expect(given["IABGPP_TCFEU2_CmpSdkVersion"] == .integer(7))
    }

    /// §2 note 5: `IABGPP_GppSID` (the sections in force) differs from `IABGPP_HDR_Sections`; without the sections
    /// in force it is unset, not every section of the header.
    @Test func leavesGppSIDUnsetWithoutTheSectionsInForce() throws {
        let gpp = "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"
        let unknown = try InAppKeys(encodedGPPString: gpp)
        #expect(unknown["IABGPP_GppSID"] == nil)
        #expect(unknown["IABGPP_HDR_Sections"] == .string("2_6"))
        #expect(try InAppKeys(encodedGPPString: gpp, gppSID: [2])["IABGPP_GppSID"] == .string("2"))
    }

    /// §1.1: "A vendor listed under two types for one purpose cannot be represented in this key ... recommended:
    /// flag it, write the lower type number": the lower type is written, and a finding names the key and vendor.
    @Test func flagsAVendorListedUnderTwoRestrictionTypes() throws {
        let string = TCString(publisherRestrictions: [
            PublisherRestriction(purposeId: 3, restrictionType: .requireLegitimateInterest, vendorIds: [4, 6]),
            PublisherRestriction(purposeId: 3, restrictionType: .requireConsent, vendorIds: [4]),
            PublisherRestriction(purposeId: 5, restrictionType: .requireConsent, vendorIds: [6]),
        ])
        let keys = try InAppKeys(tcString: .v2(string))
        #expect(keys["IABTCF_PublisherRestrictions3"] == .string("___1_2"))
        #expect(keys.findings.map(\.code) == ["conflictingRestrictions"])
        #expect(keys.findings.map(\.field) == ["IABTCF_PublisherRestrictions3"])
        #expect(keys.findings.first?.severity == .warning)
        #expect(keys.findings.first?.message.contains("vendor 4 ") == true)
        // One type per vendor and purpose: nothing to flag.
        #expect(try InAppKeys(encodedTCString: Self.example3).findings.isEmpty)
    }

    /// §2 and §3 with gpp.md §9.2 example 2: header [2, 6], the EU TC string of core spec example 1 (cmpId 31,
    /// cmpVersion 640, policy version 2, DE, no purposes, no vendors) and `1YNN`; the CMP SDK keys, not given, are
    /// unset.
    @Test func writesTheGPPKeysOfHeaderSectionsAndFields() throws {
        let tcf = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let gpp = "DBACNY~\(tcf)~1YNN"
        let keys = try InAppKeys(encodedGPPString: gpp, encodedUSPrivacy: "1YNN", gppSID: [6])
        let expected: [String: InAppValue] = [
            "IABGPP_HDR_Version": .string("1"),
            "IABGPP_HDR_Sections": .string("2_6"),
            "IABGPP_HDR_GppString": .string(gpp),
            "IABGPP_GppSID": .string("6"),
            "IABGPP_2_String": .string(tcf),
            "IABGPP_2_TCString": .string(tcf),
            "IABGPP_6_String": .string("1YNN"),
            "IABGPP_USP1_Version": .integer(1),
            "IABGPP_USP1_Notice": .string("Y"),
            "IABGPP_USP1_OptOut": .string("N"),
            "IABGPP_USP1_LSPACovered": .string("N"),
            "IABGPP_TCFEU2_PolicyVersion": .integer(2),
            "IABGPP_TCFEU2_PublisherCC": .string("DE"),
            "IABGPP_TCFEU2_PurposeOneTreatment": .integer(0),
            "IABGPP_TCFEU2_UseNonStandardStacks": .integer(0),
            "IABGPP_TCFEU2_PurposeConsents": .string(String(repeating: "0", count: 24)),
            "IABGPP_TCFEU2_PurposeLegitimateInterests": .string(String(repeating: "0", count: 24)),
            "IABGPP_TCFEU2_SpecialFeaturesOptIns": .string(String(repeating: "0", count: 12)),
            "IABGPP_TCFEU2_VendorConsents": .string(""),
            "IABGPP_TCFEU2_VendorLegitimateInterests": .string(""),
            "IABUSPrivacy_String": .string("1YNN"),
        ]
        #expect(keys.values == expected)
    }

    /// A tcfeuv2 section whose core ends before NumPubRestrictions decodes in a GPP string (gpp-sections.md §2, the
    /// iabgpp tolerance) though not as a TC string: its keys are those of the value the GPP decoder read, and
    /// `IABGPP_2_TCString` is the section as written. (Vector field-gpp-035, from iabgpp-java's GppModelTest; the
    /// ConsentKit fuzz invariant replays it as `Fuzz/Regressions/ConsentKit-gpp-tcfeuv2-keys-without-restrictions`.)
    @Test func writesTheKeysOfATCFSectionWithoutPublisherRestrictions() throws {
        let section = "CPf_zglPf_zglNwAAAENAwCAAAAAAAAAAAAAAAAAAAA.QAAA.IAAA"
        #expect(throws: ConsentError.self) { try TCString(encoded: section) }
        let keys = try InAppKeys(encodedGPPString: "DBABMA~\(section)")
        #expect(keys["IABGPP_2_String"] == .string(section))
        #expect(keys["IABGPP_2_TCString"] == .string(section))
        #expect(keys["IABGPP_TCFEU2_PolicyVersion"] == .integer(2))
        #expect(keys["IABGPP_TCFEU2_PublisherCC"] == .string("AA"))
        #expect(keys.values.keys.filter { $0.hasPrefix("IABGPP_TCFEU2_PublisherRestrictions") }.isEmpty)
    }

    /// §3 and ac.md §6: the US Privacy string and Google's AC string are written as they are.
    @Test func writesUSPrivacyAndAdditionalConsentAsTheyAre() throws {
        let keys = try InAppKeys(encodedUSPrivacy: "1---", encodedAdditionalConsent: "2~41.1~dv.9")
        #expect(keys.values == ["IABUSPrivacy_String": .string("1---"), "IABTCF_AddtlConsent": .string("2~41.1~dv.9")])
    }

    /// §1.3: a legacy v1.1 string (tcf.md Example 6: purposes 1-3, MaxVendorId 2011, every vendor but 9).
    @Test func writesTheLegacyKeysForAVersionOneString() throws {
        let keys = try InAppKeys(encodedTCString: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA", gdprApplies: true)
        // The v1 in-app spec types it Boolean (§1.3), and Android readers use getBoolean.
        #expect(keys["IABConsent_CMPPresent"] == .boolean(true))
        #expect(keys["IABConsent_SubjectToGDPR"] == .string("1"))
        #expect(keys["IABConsent_ConsentString"] == .string("BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"))
        #expect(keys["IABConsent_ParsedPurposeConsents"] == .string("111" + String(repeating: "0", count: 21)))
        let vendors = String(repeating: "1", count: 8) + "0" + String(repeating: "1", count: 2002)
        #expect(keys["IABConsent_ParsedVendorConsents"] == .string(vendors))
        #expect(keys["IABTCF_TCString"] == nil)
    }
}
