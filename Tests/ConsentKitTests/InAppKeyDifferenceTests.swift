import ConsentKit
import Testing

@Suite struct InAppKeyDifferenceTests {
    static func keys() throws -> InAppKeys {
        try InAppKeys(encodedTCString: InAppKeysTests.example3, encodedUSPrivacy: "1YNN", gdprApplies: true)
    }

    @Test func findsNoDifferenceInTheKeysItWrote() throws {
        let keys = try Self.keys()
        #expect(keys.differences(from: keys.values).isEmpty)
    }

    /// inapp-keys.md §0, §1.1, §1: numbers stored as strings, binary strings cut to the highest set id, and the
    /// pre-2.2 key name all mean the same (the old name alone is only reported as such, §4).
    @Test func acceptsWhatReadersMustAccept() throws {
        let keys = try Self.keys()
        var stored = keys.values
        stored["IABTCF_PolicyVersion"] = .string("2")
        stored["IABTCF_gdprApplies"] = .string("1")
        stored["IABTCF_PurposeConsents"] = .string("001111111")
        stored["IABTCF_PurposeLegitimateInterests"] = .string("")
        // Longer than MaxVendorId: the extra positions are 0.
        stored["IABTCF_VendorConsents"] = keys["IABTCF_VendorConsents"].flatMap(\.stringValue)
            .map { .string($0 + "0000") }
        stored["IABTCF_UseNonStandardStacks"] = stored.removeValue(forKey: "IABTCF_UseNonStandardTexts")
        #expect(keys.differences(from: stored).map(\.kind) == [.oldNameOnly])
    }

    @Test func reportsMissingDifferentAndUnexpectedKeys() throws {
        let keys = try Self.keys()
        var stored = keys.values
        stored["IABTCF_PublisherCC"] = .string("DE")
        stored["IABTCF_PurposeConsents"] = .string("1")
        stored.removeValue(forKey: "IABUSPrivacy_String")
        stored["IABTCF_PublisherRestrictions3"] = .string("0")
        stored["IABGPP_HDR_GppString"] = .string("DBAA")
        // Not derived here: never unexpected.
        stored["IABTCF_EnableAdvertiserConsentMode"] = .integer(1)
        stored["IABGPP_USNAT1_SaleOptOut"] = .integer(1)
        let differences = keys.differences(from: stored)
        #expect(
            differences == [
                InAppKeyDifference(
                    key: "IABGPP_HDR_GppString",
                    kind: .unexpected,
                    expected: nil,
                    found: .string("DBAA")
                ),
                InAppKeyDifference(
                    key: "IABTCF_PublisherCC",
                    kind: .different,
                    expected: .string("AQ"),
                    found: .string("DE")
                ),
                InAppKeyDifference(
                    key: "IABTCF_PublisherRestrictions3",
                    kind: .unexpected,
                    expected: nil,
                    found: .string("0")
                ),
                InAppKeyDifference(
                    key: "IABTCF_PurposeConsents",
                    kind: .different,
                    expected: .string("001111111000000000000000"),
                    found: .string("1")
                ),
                InAppKeyDifference(key: "IABUSPrivacy_String", kind: .missing, expected: .string("1YNN"), found: nil),
            ]
        )
    }

    /// §0: "unset" is meaningful; a 0 written while GDPR applicability is undetermined is a difference.
    @Test func reportsGDPRAppliesWrittenWhileUndetermined() throws {
        let keys = try InAppKeys(encodedUSPrivacy: "1YNN")
        let differences = keys.differences(from: [
            "IABUSPrivacy_String": .string("1YNN"), "IABTCF_gdprApplies": .integer(0),
        ])
        #expect(differences.map(\.kind) == [.unexpected])
        #expect(differences.first?.key == "IABTCF_gdprApplies")
    }

    /// §1.1: restriction strings may be shorter; any character but 0, 1, 2 is "no restriction".
    @Test func comparesRestrictionStringsByMeaning() throws {
        let keys = try InAppKeys(encodedTCString: "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA")
        var stored = keys.values
        stored["IABTCF_PublisherRestrictions7"] = .string(String(repeating: "x", count: 31) + "1___")
        #expect(keys.differences(from: stored).isEmpty)
        stored["IABTCF_PublisherRestrictions7"] = .string(String(repeating: "_", count: 31) + "0")
        #expect(keys.differences(from: stored).map(\.key) == ["IABTCF_PublisherRestrictions7"])
    }

    /// §1 and §4 ("Using IABTCF_UseNonStandardStacks only (renamed in 2.2)"): a value stored only under the old
    /// name is reported as that, and a different value names the key the app stores.
    @Test func namesThePre22KeyWhenOnlyItIsStored() throws {
        let keys = try Self.keys()
        var stored = keys.values
        stored.removeValue(forKey: "IABTCF_UseNonStandardTexts")
        stored["IABTCF_UseNonStandardStacks"] = .integer(1)
        #expect(
            keys.differences(from: stored) == [
                InAppKeyDifference(
                    key: "IABTCF_UseNonStandardStacks",
                    kind: .different,
                    expected: .integer(0),
                    found: .integer(1)
                ),
                InAppKeyDifference(
                    key: "IABTCF_UseNonStandardTexts",
                    kind: .oldNameOnly,
                    expected: .integer(0),
                    found: .integer(1)
                ),
            ]
        )
        // Both names stored: each is compared, and only the one that differs is reported.
        stored["IABTCF_UseNonStandardTexts"] = .integer(0)
        #expect(keys.differences(from: stored).map(\.key) == ["IABTCF_UseNonStandardStacks"])
        #expect(keys.differences(from: stored).map(\.kind) == [.different])
    }

    /// §1: the CMP SDK keys describe the SDK; not given, they are never missing, but a stored one is compared with the
    /// string's CmpId and CmpVersion, which it normally equals.
    @Test func comparesAStoredCMPSDKIDWithCmpIdButNeverRequiresIt() throws {
        let keys = try Self.keys()
        #expect(keys.differences(from: keys.values).isEmpty)
        var stored = keys.values
        stored["IABTCF_CmpSdkID"] = .integer(2)
        stored["IABTCF_CmpSdkVersion"] = .integer(7)
        #expect(
            keys.differences(from: stored) == [
                InAppKeyDifference(
                    key: "IABTCF_CmpSdkVersion",
                    kind: .different,
                    expected: .integer(1),
                    found: .integer(7)
                )
            ]
        )
    }

    @Test func matchesIntegersWrittenAsStrings() {
        #expect(InAppValue.integer(1).matches(.string("1")))
        #expect(InAppValue.string("01").matches(.integer(1)))
        #expect(!InAppValue.string("AQ").matches(.string("aq")))
        #expect(!InAppValue.integer(1).matches(.string("true")))
    }
}
