import AdditionalConsent
import ConsentCore
import ConsentTestSupport
import Testing

/// The provider id set against a plain `Set<Int>` on seeded random ids spread from 1 to 2^31 - 1.
@Suite struct ProviderIDSetTests {
    @Test func keepsIdsAscendingOnceWhateverTheOrderTheyCameIn() {
        let set: ProviderIDSet = [66_531, 7, 2_147_483_647, 7, 65_536, 1]
        #expect(set.sorted == [1, 7, 65_536, 66_531, 2_147_483_647])
        #expect(Array(set) == set.sorted)
        #expect(set.count == 5)
        #expect(set.min == 1)
        #expect(set.max == 2_147_483_647)
        #expect(set == ProviderIDSet([1, 7, 65_536, 66_531, 2_147_483_647]))
        #expect(set.foldedDescription == "1, 7, 65536, 66531, 2147483647")
        #expect(ProviderIDSet(1...5).foldedDescription == "1-5")
        #expect(set.idSet == nil)
        #expect(ProviderIDSet([3, 65_535]).idSet == [3, 65_535])
        #expect(ProviderIDSet(IDSet([2, 64, 65, 700])).sorted == [2, 64, 65, 700])
    }

    @Test func containsIsFalseOutsideTheIdsAndTheirRange() {
        let set: ProviderIDSet = [5, 66_531]
        for id in [-1, 0, 4, 6, 66_530, 66_532, 2_147_483_648, Int.max] { #expect(!set.contains(id), "\(id)") }
        #expect(set.contains(5) && set.contains(66_531))
        #expect(!ProviderIDSet().contains(1))
    }

    @Test func agreesWithASetOfIntegersOnRandomIDs() {
        var random = SplitMix64(seed: 20_261_201)
        func randomIDs() -> [Int] {
            let limit = [20, 3_400, 100_000, ProviderIDSet.maximumID][Int(random.next() % 4)]
            return (0..<Int(random.next() % 60)).map { _ in Int(random.next() % UInt64(limit)) + 1 }
        }
        for round in 0..<300 {
            let (left, right) = (randomIDs(), randomIDs())
            let (a, b) = (ProviderIDSet(left), ProviderIDSet(right))
            let (setA, setB) = (Set(left), Set(right))
            #expect(a.sorted == setA.sorted(), "round \(round)")
            #expect(a.union(b).sorted == setA.union(setB).sorted(), "round \(round)")
            #expect(a.intersection(b).sorted == setA.intersection(setB).sorted(), "round \(round)")
            #expect(a.subtracting(b).sorted == setA.subtracting(setB).sorted(), "round \(round)")
            var changed = a
            for id in right { changed.insert(id) }
            #expect(changed == a.union(b), "round \(round)")
            for id in left { changed.remove(id) }
            #expect(changed == b.subtracting(a), "round \(round)")
            for id in left + right { #expect(a.contains(id) == setA.contains(id)) }
        }
    }

    @Test func idsFromOutsideTheProgramAreCheckedWithATypedError() throws {
        #expect(try ProviderIDSet(checking: [9, 2, 9], field: "consentedProviders") == [2, 9])
        for bad in [0, -1, 2_147_483_648] {
            let error = try #require(throws: ConsentError.self) {
                try ProviderIDSet(checking: [5, bad], field: "consentedProviders")
            }
            #expect(error.code == .valueOutOfRange)
            #expect(error.format == .ac)
            #expect(error.field.description == "consentedProviders")
            #expect(error.value == Int64(bad))
        }
    }
}
