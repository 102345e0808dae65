import ConsentCore
import TCF
import Testing

/// The worked examples of tcf.md §11, field by field.
@Suite struct SpecExampleTests {
    func iso(_ deciseconds: Int64) -> String { Timestamp.iso8601(deciseconds: deciseconds) }

    @Test func example1OfficialV23StringWithThreeSegments() throws {
        let text = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
        let value = try TCString(encoded: text)
        #expect(value.version == 2)
        #expect(iso(value.created) == "2025-06-03T00:00:00.000Z")
        #expect(value.lastUpdated == value.created)
        #expect(value.cmpId == 880 && value.cmpVersion == 0 && value.consentScreen == 0)
        #expect(value.consentLanguage.letters == "EN")
        #expect(value.vendorListVersion == 48 && value.policyVersion == 2)
        #expect(value.isServiceSpecific && !value.useNonStandardTexts)
        #expect(value.specialFeatureOptins.isEmpty && value.purposeConsents.isEmpty)
        #expect(value.purposeLegitimateInterests.isEmpty && !value.purposeOneTreatment)
        #expect(value.publisherCountryCode.letters == "DE")
        #expect(value.vendorConsents == [1, 2, 3, 4])
        #expect(value.vendorLegitimateInterests.isEmpty && value.publisherRestrictions.isEmpty)
        #expect(value.disclosedVendors == [1, 2, 3, 4, 5, 100, 404])
        #expect(value.allowedVendors == nil)
        #expect(value.publisherTC == PublisherTC())
        #expect(try value.encoded() == text)
        // "fails the policyVersion >= 4 rule — it is illustrative only".
        #expect(value.lint().contains { $0.code == "policyVersionOutdated" })
    }

    @Test func example2CoreOnlyWithBitfieldFlags() throws {
        let value = try TCString(encoded: "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA")
        #expect(iso(value.created) == "2020-01-26T17:01:00.000Z")
        #expect(iso(value.lastUpdated) == "2021-02-02T17:01:00.000Z")
        #expect(value.cmpId == 675 && value.cmpVersion == 2 && value.consentScreen == 1)
        #expect(value.consentLanguage.letters == "EN" && value.vendorListVersion == 15 && value.policyVersion == 2)
        #expect(!value.isServiceSpecific && !value.useNonStandardTexts)
        #expect(value.specialFeatureOptins == [1])
        #expect(value.purposeConsents == [2, 10])
        #expect(value.purposeLegitimateInterests == [2, 9])
        #expect(value.purposeOneTreatment)
        #expect(value.publisherCountryCode.letters == "AA")
        #expect(value.vendorConsents.isEmpty && value.vendorLegitimateInterests.isEmpty)
        #expect(value.publisherRestrictions.isEmpty)
        #expect(value.disclosedVendors == nil && value.publisherTC == nil)
        let codes = Set(value.lint().map(\.code))
        #expect(codes.isSuperset(of: ["serviceSpecificRequired", "policyVersionOutdated"]))
    }

    @Test func example3FourSegmentsWithAllowedVendorsAndTrailingEquals() throws {
        let text =
            "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA"
            + ".IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg="
        let value = try TCString(encoded: text)
        #expect(iso(value.created) == "2019-12-04T18:53:00.000Z")
        #expect(iso(value.lastUpdated) == "2019-12-10T18:53:00.000Z")
        #expect(value.cmpId == 2 && value.cmpVersion == 1 && value.consentScreen == 1)
        #expect(value.consentLanguage.letters == "EN" && value.vendorListVersion == 7 && value.policyVersion == 2)
        #expect(!value.isServiceSpecific)
        #expect(value.specialFeatureOptins == [1])
        #expect(value.purposeConsents == IDSet(3...9))
        #expect(value.purposeLegitimateInterests.isEmpty)
        #expect(value.publisherCountryCode.letters == "AQ")
        #expect(value.vendorConsents == [23, 37, 47, 48, 53, 65, 98])
        #expect(value.vendorLegitimateInterests == [37, 47, 48, 53, 65, 98, 129])
        #expect(value.publisherRestrictions.isEmpty)
        #expect(value.disclosedVendors == [23, 37, 47, 48, 53, 65, 98, 129])
        #expect(value.allowedVendors == [12, 23, 37, 47, 48, 53])
        let publisher = try #require(value.publisherTC)
        #expect(publisher.publisherConsents == [1])
        #expect(publisher.publisherLegitimateInterests == [24])
        #expect(publisher.numCustomPurposes == 2)
        #expect(publisher.publisherCustomConsents == [2])
        #expect(publisher.publisherCustomLegitimateInterests == [1, 2])
        #expect(try value.encoded() == text, "the trailing = survives")
        let codes = Set(value.lint().map(\.code))
        #expect(codes.isSuperset(of: ["trailingEquals", "allowedVendorsSegment"]))
    }

    @Test func example4RangeEncodedVendorSections() throws {
        let value = try TCString(encoded: "COwBOpCOwBOpCLqAAAENAPCAAAAAAAAAAAAAFfwAYFfAV-BVkAGBVYFWAAA")
        #expect(value.vendorConsents == [702, 703])
        #expect(value.vendorLegitimateInterests == [683, 684])
        #expect(value.cmpId == 746)
        #expect(iso(value.created) == "2020-03-10T00:50:01.800Z" && value.lastUpdated == value.created)
    }

    @Test func example5bEmptyRestrictionsAreKeptAndDoubleEqualsTolerated() throws {
        let text = "COuQACgOuQACgM-AAAENAPCAAAAAAAAAAAAAAAAAAABgoAAQAAHAAA=="
        let value = try TCString(encoded: text)
        #expect(
            value.publisherRestrictions == [
                PublisherRestriction(purposeId: 1, restrictionType: .requireConsent),
                PublisherRestriction(purposeId: 2, restrictionType: .notAllowed),
                PublisherRestriction(purposeId: 3, restrictionType: .requireLegitimateInterest),
            ]
        )
        #expect(value.cmpId == 830 && value.vendorListVersion == 15 && value.policyVersion == 2)
        #expect(iso(value.created) == "2020-02-04T16:19:53.600Z" && value.lastUpdated == value.created)
        #expect(try value.encoded() == text)
        #expect(value.lint().contains { $0.code == "emptyRestriction" })
    }

    @Test func example5cUnsortedRepeatedRestrictionsAreOrderedByPurposeThenType() throws {
        let full = try #require(Vectors.invalid.first { $0.id == "invalid-tcf-iabtcf-es-001" })
        let core = String(full.input.split(separator: ".")[0])
        let value = try TCString(encoded: core)
        #expect(value.cmpId == 14 && value.cmpVersion == 1 && value.consentScreen == 1)
        #expect(value.vendorListVersion == 23 && value.specialFeatureOptins == [1, 2])
        #expect(value.purposeConsents == [2, 3, 7, 8, 9] && value.purposeLegitimateInterests == [4, 10])
        #expect(value.publisherCountryCode.letters == "HZ")
        #expect(value.vendorConsents.count == 83 && value.vendorLegitimateInterests.count == 77)
        let expected: [(Int, Int, IDSet)] = [
            (2, 0, [248, 554, 613, 688, 726]), (2, 1, [8]), (2, 2, [2, 687]), (3, 0, [23, 657]), (3, 2, [18]),
            (4, 0, [80, 88, 174, 294, 440, 571, 720]), (5, 1, [42]), (6, 0, [98]), (7, 0, [302, 702]),
            (7, 1, [371, 467, 684]), (7, 2, [350]), (8, 0, [729]), (8, 2, [224, 708]), (9, 0, [66, 681, 722]),
            (10, 0, [68, 694]), (10, 1, [163]), (10, 2, [153, 351]),
        ]
        #expect(value.publisherRestrictions.count == expected.count)
        for (restriction, want) in zip(value.publisherRestrictions, expected) {
            #expect(restriction.purposeId == want.0 && restriction.restrictionType.rawValue == want.1)
            #expect(restriction.vendorIds == want.2, "purpose \(want.0) type \(want.1)")
        }
        #expect(iso(value.created) == "2008-05-28T07:10:01.000Z")
        #expect(try value.encoded() == core)
    }

    @Test func example6LegacyV11WithDefaultConsentOne() throws {
        let value = try TCStringV1(encoded: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        #expect(iso(value.created) == "2017-11-07T19:15:55.400Z" && value.lastUpdated == value.created)
        #expect(value.cmpId == 7 && value.cmpVersion == 1 && value.consentScreen == 3)
        #expect(value.consentLanguage.letters == "EN" && value.vendorListVersion == 8)
        #expect(value.purposesAllowed == [1, 2, 3])
        var expected = IDSet(1...2011)
        expected.remove(9)
        #expect(value.vendorConsents == expected)
        #expect(try value.encoded() == "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        // Canonical: DefaultConsent 1 with the single entry 9 is also the shortest form.
        let canonical = try value.encoded(options: .canonical)
        #expect(try TCStringV1(encoded: canonical) == value)
        #expect(canonical.count <= "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA".count)
    }

    @Test func legacyV11ExamplesOfIabtcfJava() throws {
        let first = try TCStringV1(encoded: "BObdrPUOevsguAfDqFENCNAAAAAmeAAA")
        #expect(first.cmpId == 31 && first.cmpVersion == 234 && first.consentScreen == 5)
        #expect(iso(first.created) == "2019-02-04T21:16:05.200Z")
        #expect(iso(first.lastUpdated) == "2019-04-09T14:35:10.200Z")
        #expect(first.vendorListVersion == 141 && first.purposesAllowed.isEmpty && first.vendorConsents.isEmpty)
        let second = try TCStringV1(encoded: "BOOzQoAOOzQoAAPAFSENCW-AIBACDACAADABkAHg")
        #expect(second.purposesAllowed == [1, 2, 3, 4, 5, 15, 24])
        #expect(second.vendorConsents == IDSet(Array(2...24) + [31, 32]))
    }
}
