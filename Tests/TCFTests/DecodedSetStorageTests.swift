import ConsentCore
import ConsentTestSupport
import TCF
import Testing

/// A decode keeps the words of every vendor set of the string in one array (one allocation for them all). The sets
/// must still be independent values: changing one leaves the others, and the string, as they were.
@Suite struct DecodedSetStorageTests {
    @Test func changingOneDecodedSetLeavesTheOtherSetsAsTheyWere() throws {
        let seed: UInt64 = 20_261_201
        var models = RandomModels(seed: seed)
        for round in 0..<120 {
            let (model, text, decoded) = try models.encodedTCString()
            try #require(decoded == model, "seed \(seed) round \(round)")
            // Each set in turn gains id 65535 and loses its smallest id; every other set must be unchanged.
            for changed in 0..<5 {
                var value = decoded
                switch changed {
                case 0: DecodedSetStorageTests.change(&value.vendorConsents)
                case 1: DecodedSetStorageTests.change(&value.vendorLegitimateInterests)
                case 2:
                    if value.disclosedVendors != nil { DecodedSetStorageTests.change(&value.disclosedVendors!) }
                case 3:
                    if value.allowedVendors != nil { DecodedSetStorageTests.change(&value.allowedVendors!) }
                default:
                    if !value.publisherRestrictions.isEmpty {
                        DecodedSetStorageTests.change(&value.publisherRestrictions[0].vendorIds)
                    }
                }
                let label = "seed \(seed) round \(round) set \(changed)"
                #expect((changed == 0) || value.vendorConsents == model.vendorConsents, "\(label)")
                #expect(
                    (changed == 1) || value.vendorLegitimateInterests == model.vendorLegitimateInterests,
                    "\(label)"
                )
                #expect((changed == 2) || value.disclosedVendors == model.disclosedVendors, "\(label)")
                #expect((changed == 3) || value.allowedVendors == model.allowedVendors, "\(label)")
                if changed != 4 { #expect(value.publisherRestrictions == model.publisherRestrictions, "\(label)") }
                // The decoded value itself is untouched, and still encodes to its string.
                #expect(decoded == model, "\(label)")
                #expect(try decoded.encoded() == text, "\(label)")
            }
        }
    }

    @Test func aRepeatedPurposeAndTypeMergesIntoTheFirstWithoutTouchingTheOtherSets() throws {
        // Vendor sections empty (MaxVendorId 0, bitfield: 17 bits each), so the restrictions start at bit 247:
        // NumPubRestrictions (12), then purpose 2 / type 1 with ids 100 and 300-310 (2 range entries, 50 bits),
        // then purpose 2 / type 2 with ids 70 and 1000-1200. The second entry's type sits at bits 335-336.
        let first: IDSet = [100, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310]
        let second = IDSet([70] + Array(1_000...1_200))
        let model = TCString(
            publisherRestrictions: [
                PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: first),
                PublisherRestriction(purposeId: 2, restrictionType: .requireLegitimateInterest, vendorIds: second),
            ],
            disclosedVendors: IDSet(1...700)
        )
        let core = try #require(try model.encoded().split(separator: ".").first.map(String.init))
        var bits = Array(ConsentTestSupportBits.bits(core))
        try #require(String(bits[259..<267]) == "00001001" && String(bits[329..<337]) == "00001010")
        bits[335] = "0"
        bits[336] = "1"  // now purpose 2 / type 1 again
        let text = ConsentTestSupportBits.text(String(bits))
        let decoded = try TCString(encoded: text)
        #expect(decoded.publisherRestrictions.count == 1)
        let merged = try #require(decoded.publisherRestrictions.first)
        #expect(merged.purposeId == 2 && merged.restrictionType == .requireConsent)
        #expect(merged.vendorIds == first.union(second))
        #expect(decoded.vendorConsents.isEmpty && decoded.vendorLegitimateInterests.isEmpty)
        #expect(try decoded.encoded() == text, "lossless: the two entries are written back as they were")
        var changed = decoded
        changed.publisherRestrictions[0].vendorIds.remove(1_200)
        #expect(decoded.publisherRestrictions[0].vendorIds == first.union(second))
    }

    @Test func restrictionSetsDecodeTheSameWhetherSizedAlikeOrEachForItsOwnHighestID() throws {
        // The decoder sizes every restriction's set for the highest id of all when that takes at most twice the
        // words of sizing each for its own (and fills each entry as it reads it), else each for its own highest id
        // (reading an entry's ranges first). Alike: three sets reaching 3,000-3,300. Each its own: two small sets
        // beside one reaching 60,000. Every case also has an entry of more than 64 ranges (100 single ids), which the
        // second way reads past its stack buffer.
        let many = IDSet(stride(from: 5, through: 1_000, by: 10))
        let cases: [(String, [PublisherRestriction])] = [
            (
                "alike",
                [
                    PublisherRestriction(purposeId: 1, restrictionType: .notAllowed, vendorIds: IDSet(2_900...3_000)),
                    PublisherRestriction(
                        purposeId: 2,
                        restrictionType: .requireConsent,
                        vendorIds: many.union([3_300])
                    ),
                    PublisherRestriction(purposeId: 4, restrictionType: .requireLegitimateInterest, vendorIds: [3_100]),
                ]
            ),
            (
                "each its own",
                [
                    PublisherRestriction(purposeId: 1, restrictionType: .notAllowed, vendorIds: [1, 2, 3]),
                    PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: many),
                    PublisherRestriction(purposeId: 7, restrictionType: .notAllowed, vendorIds: [60_000]),
                ]
            ),
        ]
        for (label, restrictions) in cases {
            let model = TCString(vendorConsents: IDSet(1...90), publisherRestrictions: restrictions)
            let text = try model.encoded()
            let decoded = try TCString(encoded: text)
            #expect(decoded.publisherRestrictions == restrictions, "\(label)")
            #expect(decoded.vendorConsents == IDSet(1...90), "\(label)")
            #expect(try decoded.encoded() == text, "\(label)")
            // Each set alone: changing one leaves the others, and the decoded value, as they were.
            for index in restrictions.indices {
                var value = decoded
                DecodedSetStorageTests.change(&value.publisherRestrictions[index].vendorIds)
                for other in restrictions.indices where other != index {
                    #expect(value.publisherRestrictions[other] == restrictions[other], "\(label) \(index)")
                }
                #expect(decoded.publisherRestrictions == restrictions, "\(label) \(index)")
            }
        }
    }

    /// Adds id 65535 and removes the smallest id.
    static func change(_ set: inout IDSet) {
        let smallest = set.min
        set.insert(IDSet.maximumID)
        if let smallest { set.remove(smallest) }
    }
}
