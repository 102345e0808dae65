import ConsentCore
import GPP
import Testing

/// Section 5 (gpp-sections.md §5): both vendor encodings, the PubRestrictions tolerance, optional segments.
@Suite struct TCFCanadaTests {
    static let fibonacciCore = "BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBhADVqxGAD0AILVgAA"
    static let legacyCore = "BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBgABABAAABAB4AACACAAA"
    static let publisherPurposes = "fHHHA4444ao"

    @Test func bothVendorEncodingsGiveTheValuesIabgppEsAsserts() throws {
        for core in [Self.fibonacciCore, Self.legacyCore] {
            let section = try GPPFieldSection(.tcfCanada, encoded: core + "." + Self.publisherPurposes)
            #expect(section.ids("vendorExpressConsent") == [12, 24, 48], "\(core)")
            #expect(section.ids("vendorImpliedConsent") == [18, 30])
            #expect(section.integer("cmpId") == 50)
            #expect(section.integer("cmpVersion") == 2)
            #expect(section.integer("vendorListVersion") == 413)
            #expect(section.integer("useNonStandardStacks") == 1)
            #expect(section.ids("specialFeatureExpressConsent") == IDSet(7...12))
            #expect(section.ids("purposesExpressConsent") == IDSet(Array(1...6) + Array(13...18)))
            #expect(section.ids("purposesImpliedConsent") == IDSet(Array(7...12) + Array(19...24)))
            #expect(section.ids("pubPurposesExpressConsent") == [1, 2, 3, 7, 8, 9, 13, 14, 15, 19, 20, 21])
            #expect(section.integer("numCustomPurposes") == 3)
            #expect(section.ids("customPurposesExpressConsent") == [2])
            #expect(section.ids("customPurposesImpliedConsent") == [1, 3])
            #expect(section.value("consentLanguage") == .letters("EN"))
            #expect(section.value("created") == .datetime(deciseconds: 16_409_952_000))
            #expect(section.value("pubRestrictions") == .restrictions([]))
            #expect(section.ids("disclosedVendors") == nil)
            #expect(try section.encoded() == core + "." + Self.publisherPurposes)
        }
        let fibonacci = try GPPFieldSection(.tcfCanada, encoded: Self.fibonacciCore)
        #expect(fibonacci.lint().map(\.code) == ["fibonacciVendorEncoding"])
        #expect(fibonacci.jsonValue()["encoding"]?["vendorEncoding"] == .string("optimizedFibonacciRange"))
    }

    @Test func aCanonicalReencodingWritesOptimizedIntRange() throws {
        let fibonacci = try GPPFieldSection(.tcfCanada, encoded: Self.fibonacciCore + "." + Self.publisherPurposes)
        #expect(try fibonacci.encoded(options: .canonical) == Self.legacyCore + "." + Self.publisherPurposes)
    }

    @Test func aCoreEndingInsideThePubRestrictionsCountHasNoRestrictions() throws {
        // 240 bits: the fixed fields (199) and two empty vendor fields (34) end at bit 233, 7 bits into the count.
        let section = try GPPFieldSection(.tcfCanada, encoded: "BPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAAAAAA")
        #expect(section.value("pubRestrictions") == .restrictions([]))
        #expect(section.integer("cmpId") == 31)
        #expect(section.integer("cmpVersion") == 640)
        #expect(section.value("created") == .datetime(deciseconds: 16_504_128_000))
        #expect(section.lint().map(\.code) == ["restrictionsOmitted"])
        #expect(try section.encoded() == "BPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAAAAAA")
        // A core that stops before the vendor fields end is truncated.
        let error = thrownError { () throws(ConsentError) in
            _ = try GPPFieldSection(.tcfCanada, encoded: "BPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAA")
        }
        #expect(error?.code == .truncated)
        #expect(error?.segment.description == "tcfcav1")
    }

    /// A restriction of purpose 0 (tcf.md §5: "0 invalid") or of type 3 (gpp-sections.md §5: "3 = undefined") is
    /// decoded and re-encoded faithfully, and lint reports both (purpose 0 went unreported).
    @Test func lintReportsARestrictionOfPurposeZeroOrTypeThree() throws {
        var section = GPPFieldSection(.tcfCanada)
        try section.set(
            "pubRestrictions",
            to: .restrictions([CanadianPublisherRestriction(purposeID: 0, restrictionType: 3, vendorIDs: [1])])
        )
        let decoded = try GPPFieldSection(.tcfCanada, encoded: try section.encoded())
        let findings = decoded.lint().filter { $0.code == "undefinedValue" }
        #expect(findings.map(\.field) == ["tcfcav1.pubRestrictions", "tcfcav1.pubRestrictions"])
        #expect(findings.contains { $0.message.contains("purpose 0") })
        #expect(findings.allSatisfy { $0.severity == .warning })
    }

    @Test func restrictionsRoundTripInPurposeThenTypeOrder() throws {
        var section = GPPFieldSection(.tcfCanada)
        let restrictions = [
            CanadianPublisherRestriction(purposeID: 3, restrictionType: 1, vendorIDs: [5, 6, 7, 100]),
            CanadianPublisherRestriction(purposeID: 1, restrictionType: 2, vendorIDs: [1]),
            CanadianPublisherRestriction(purposeID: 1, restrictionType: 0, vendorIDs: []),
        ]
        try section.set("pubRestrictions", to: .restrictions(restrictions))
        try section.set("vendorExpressConsent", to: .ids(IDSet(1...400)))
        try section.set("vendorImpliedConsent", to: .ids([3, 9, 700]))
        try section.set("disclosedVendors", to: .ids(IDSet(Array(1...30) + [90])))
        let text = try section.encoded()
        let decoded = try GPPFieldSection(.tcfCanada, encoded: text)
        #expect(
            decoded.value("pubRestrictions")
                == .restrictions([restrictions[2], restrictions[1], restrictions[0]])
        )
        #expect(decoded.ids("vendorExpressConsent") == IDSet(1...400))
        #expect(decoded.ids("vendorImpliedConsent") == [3, 9, 700])
        #expect(decoded.ids("disclosedVendors") == IDSet(Array(1...30) + [90]))
        #expect(decoded.isPresent(segment: "disclosedVendors"))
        #expect(!decoded.isPresent(segment: "publisherPurposes"))
        #expect(try decoded.encoded() == text)
    }

    /// A Fibonacci-variant section that also reads cleanly as integer ranges, but only with an id above its
    /// MaxVendorId (which no integer-range writer writes), is read in the Fibonacci variant. Bits from 199:
    /// MaxVendorId 4, IsRange 1, one entry, not a group, Fibonacci delta `1011` = 4: vendor 4. As integer ranges
    /// the same bits name vendor 45056, above 4, and the set was empty.
    @Test func integerRangesAboveMaxVendorIdGiveWayToACleanFibonacciReading() throws {
        let text = "BAAAAAAAAAAAAABABAENABCgAAAAAAAAAAAJABWAAAAA"
        let section = try GPPFieldSection(.tcfCanada, encoded: text)
        #expect(section.ids("vendorExpressConsent") == [4])
        #expect(section.jsonValue()["encoding"]?["vendorEncoding"] == .string("optimizedFibonacciRange"))
        #expect(try section.encoded() == text)
    }

    /// Two entries for one (purpose, type) pair are one restriction, their vendors merged, as TCF EU's are (tcf.md
    /// §5); the string still re-encodes to itself. Bits from 233: count 2, then purpose 1 type 1 vendors {5}, then
    /// purpose 1 type 1 vendors {2}.
    @Test func aRestrictionGivenTwiceForOnePairIsMerged() throws {
        let text = "BAAAAAAAAAAAAABABAENABCgAAAAAAAAAAAAAAAAECgAgAFBQAQABA"
        let section = try GPPFieldSection(.tcfCanada, encoded: text)
        let merged = CanadianPublisherRestriction(purposeID: 1, restrictionType: 1, vendorIDs: [2, 5])
        #expect(section.value("pubRestrictions") == .restrictions([merged]))
        #expect(try section.encoded() == text)
        var built = GPPFieldSection(.tcfCanada)
        try built.set(
            "pubRestrictions",
            to: .restrictions([
                CanadianPublisherRestriction(purposeID: 2, restrictionType: 0, vendorIDs: [9]),
                CanadianPublisherRestriction(purposeID: 1, restrictionType: 1, vendorIDs: [5]),
                CanadianPublisherRestriction(purposeID: 1, restrictionType: 1, vendorIDs: [2]),
            ])
        )
        let expected = [merged, CanadianPublisherRestriction(purposeID: 2, restrictionType: 0, vendorIDs: [9])]
        #expect(built.value("pubRestrictions") == .restrictions(expected))
        #expect(
            try GPPFieldSection(.tcfCanada, encoded: built.encoded()).value("pubRestrictions")
                == built.value("pubRestrictions")
        )
    }

    @Test func optionalSegmentsComeInAnyOrderAndAtMostOnce() throws {
        var built = GPPFieldSection(.tcfCanada)
        try built.set("disclosedVendors", to: .ids([2, 4]))
        try built.set("numCustomPurposes", to: .integer(2))
        let parts = try built.encoded().split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let swapped = [parts[0], parts[2], parts[1]].joined(separator: ".")
        let decoded = try GPPFieldSection(.tcfCanada, encoded: swapped)
        #expect(decoded.hasSameValues(asSection: built))
        #expect(try decoded.encoded() == swapped, "the order written is kept")
        #expect(
            decoded.jsonValue()["encoding"]?["segmentOrder"]
                == .array([.string("publisherPurposes"), .string("disclosedVendors")])
        )
        for text in [parts[0] + "." + parts[1] + "." + parts[1], parts[0] + "." + parts[0], parts[0] + ".QAAA"] {
            let error = thrownError { () throws(ConsentError) in _ = try GPPFieldSection(.tcfCanada, encoded: text) }
            #expect(error?.code == .badValue, "\(text)")
            #expect(error?.field.description == "subsectionType")
        }
    }

    /// gpp-sections.md §5 gives Version 1 and no rule for another; iabgpp-es reads any Version with the one layout,
    /// and CMPs write Version 2 cores (`C...`, LiveRamp/iabconsent's Canadian fixtures). Read, kept, reported.
    @Test func aVersionOtherThan1IsReadWithTheVersion1LayoutAndReported() throws {
        let version2 = "C" + Self.legacyCore.dropFirst()
        let section = try GPPFieldSection(.tcfCanada, encoded: version2)
        let version1 = try GPPFieldSection(.tcfCanada, encoded: Self.legacyCore)
        #expect(section.integer("version") == 2)
        #expect(section.ids("vendorExpressConsent") == [12, 24, 48])
        #expect(section.ids("vendorImpliedConsent") == [18, 30])
        var sameOtherwise = section
        try sameOtherwise.set("version", to: .integer(1))
        #expect(sameOtherwise.hasSameValues(asSection: version1))
        #expect(try section.encoded() == version2)
        #expect(try section.encoded(options: .canonical) == version2)
        let finding = section.lint().first { $0.code == "versionLayoutMismatch" }
        #expect(finding?.field == "tcfcav1.version")
        #expect(finding?.message == "Version 2 is not a version of this section; read with the version 1 layout")
        #expect(version1.lint().allSatisfy { $0.code != "versionLayoutMismatch" })
        // The JSON form reads back, and a Version the 6-bit field cannot hold is still refused.
        let fromJSON = try GPPFieldSection(.tcfCanada, json: withoutEncoding(section.jsonValue()))
        #expect(fromJSON.integer("version") == 2)
        #expect(try fromJSON.encoded() == version2)
        let error = thrownError { () throws(ConsentError) in try sameOtherwise.set("version", to: .integer(64)) }
        #expect(error?.code == .valueOutOfRange)
    }
}

extension GPPFieldSection {
    /// Test helper: same layout, segments and values.
    func hasSameValues(asSection other: GPPFieldSection) -> Bool {
        withoutEncoding(jsonValue()) == withoutEncoding(other.jsonValue())
    }
}
