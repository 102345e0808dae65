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

    /// Adds id 65535 and removes the smallest id.
    static func change(_ set: inout IDSet) {
        let smallest = set.min
        set.insert(IDSet.maximumID)
        if let smallest { set.remove(smallest) }
    }
}
