import ConsentCore
import TCF
import Testing

@Suite struct QueryTests {
    /// Checks every answer of the query against the full decode: every vendor id up to the largest MaxVendorId
    /// plus one (sampled for long strings), every purpose set of one purpose, and the restriction types of every
    /// (vendor, purpose) that a restriction names plus a few that none does.
    func expectAgreement(_ text: String) throws {
        let value = try TCString(encoded: text)
        let highest = max(value.vendorConsents.max ?? 0, value.vendorLegitimateInterests.max ?? 0) + 2
        let step = max(1, highest / 400)
        try TCString.withQuery(text) { query throws(ConsentError) in
            #expect(query.cmpId == value.cmpId && query.policyVersion == value.policyVersion)
            #expect(query.purposeConsents == value.purposeConsents)
            #expect(query.purposeLegitimateInterests == value.purposeLegitimateInterests)
            #expect(query.specialFeatureOptins == value.specialFeatureOptins)
            #expect(query.publisherCountryCode == value.publisherCountryCode)
            var vendors = Array(stride(from: 0, through: highest, by: step))
            vendors += Array(value.vendorConsents.prefix(50)) + Array(value.vendorLegitimateInterests.prefix(50))
            for vendor in vendors {
                #expect(query.vendorHasConsent(vendor) == value.vendorConsents.contains(vendor), "\(text) \(vendor)")
                #expect(
                    query.vendorHasLegitimateInterest(vendor) == value.vendorLegitimateInterests.contains(vendor),
                    "\(text) \(vendor)"
                )
            }
            for purpose in 1...24 {
                #expect(query.purposesHaveConsent([purpose]) == value.purposeConsents.contains(purpose))
            }
            #expect(
                query.purposesHaveConsent([1, 2, 3, 4]) == IDSet([1, 2, 3, 4]).isSubset(of: value.purposeConsents)
            )
            var pairs: [(Int, Int)] = [(1, 1), (755, 2), (65_535, 24)]
            for restriction in value.publisherRestrictions {
                for vendor in restriction.vendorIds.prefix(5) { pairs.append((vendor, restriction.purposeId)) }
            }
            for (vendor, purpose) in pairs {
                var expected = RestrictionTypes()
                for type in value.restrictionTypes(forVendor: vendor, purpose: purpose) {
                    expected.insert(RestrictionTypes(type))
                }
                #expect(try query.restrictionTypes(forVendor: vendor, purpose: purpose) == expected, "\(text)")
            }
        }
        let answer = try TCString.check(text, vendor: 755, purposes: [1, 2, 3, 4])
        #expect(answer.vendorConsent == value.vendorConsents.contains(755))
        #expect(answer.vendorLegitimateInterest == value.vendorLegitimateInterests.contains(755))
        #expect(answer.purposesConsent == IDSet([1, 2, 3, 4]).isSubset(of: value.purposeConsents))
    }

    @Test(arguments: Vectors.valid.filter { $0.input.hasPrefix("C") })
    func queryAgreesWithTheFullDecodeOnEveryVector(_ vector: Vector) throws {
        try expectAgreement(vector.input)
    }

    @Test(arguments: Vectors.corpusFiles)
    func queryAgreesWithTheFullDecodeOnTheBenchCorpus(_ file: String) throws {
        let strings = Vectors.corpus(file)
        #expect(strings.count == 200)
        for text in strings { try expectAgreement(text) }
    }

    @Test func queryFailsLikeTheDecodeWhenTheDamageIsInWhatItReads() throws {
        for expected in ExpectedFailure.all {
            let vector = try #require(Vectors.invalid.first { $0.id == expected.id })
            guard vector.input.hasPrefix("C") else { continue }
            let outcome = Result { () throws(ConsentError) in try TCString.withQuery(vector.input) { _ in () } }
            switch expected.id {
            case "invalid-tcf-iabtcf-es-001", "invalid-tcf-iabtcfv2-002":
                // The damage is in a later segment, which the query does not read.
                #expect(throws: Never.self) { try outcome.get() }
            default:
                let error = try #require(throws: ConsentError.self) { try outcome.get() }
                #expect(error.code == expected.code && error.bitOffset == expected.bitOffset, "\(expected.id)")
                #expect(error.field.description == expected.field, "\(expected.id)")
            }
        }
    }

    @Test func queryReportsABrokenRestrictionOnlyWhenAskedAboutRestrictions() throws {
        // Restriction type 3 in the only entry (built by hand: a valid string, then the type bits flipped).
        let valid = try TCString(
            publisherRestrictions: [PublisherRestriction(purposeId: 2, restrictionType: .requireLegitimateInterest)]
        ).encoded()
        var bits = Array(ConsentTestSupportBits.bits(valid))
        // 213 + 17 + 17 + 12 + 6 = 265: the restriction type of the first entry.
        bits[266] = "1"
        let broken = ConsentTestSupportBits.text(String(bits))
        #expect(throws: ConsentError.self) { try TCString(encoded: broken) }
        try TCString.withQuery(broken) { query throws(ConsentError) in
            #expect(!query.vendorHasConsent(1))
            let error = #expect(throws: ConsentError.self) { try query.restrictionTypes(forVendor: 1, purpose: 2) }
            #expect(error?.code == .badValue && error?.field.description == "publisherRestrictions.restrictionType")
        }
    }
}
