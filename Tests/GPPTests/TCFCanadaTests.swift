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

    @Test func aVersionOtherThan1IsBadVersion() {
        let error = thrownError { () throws(ConsentError) in
            _ = try GPPFieldSection(.tcfCanada, encoded: "CPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBgABABAAABAB4AACACAAA")
        }
        #expect(error?.code == .badVersion)
        #expect(error?.field.description == "version")
    }
}

extension GPPFieldSection {
    /// Test helper: same layout, segments and values.
    func hasSameValues(asSection other: GPPFieldSection) -> Bool {
        withoutEncoding(jsonValue()) == withoutEncoding(other.jsonValue())
    }
}
