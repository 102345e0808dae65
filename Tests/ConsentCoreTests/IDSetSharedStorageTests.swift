import ConsentCore
import ConsentTestSupport
import Testing

/// Sets made by `IDSet(firstWord:sharing:in:)` hold parts of one array, as a decoder's sets do: each must behave
/// exactly like a set with storage of its own, and changing one must leave the others as they were.
@Suite struct IDSetSharedStorageTests {
    /// Seeded sets of ids with their words packed end to end into one array (some with zero words after their
    /// highest id, which the shared set drops), in the order given.
    struct Packed {
        var oracles: [Set<Int>] = []
        var storage: [UInt64] = []
        var parts: [(head: UInt64, range: Range<Int>)] = []

        init(seed: UInt64, count: Int) {
            var random = SplitMix64(seed: seed)
            for index in 0..<count {
                let span = [40, 64, 65, 130, 1_300, 65_535][index % 6]
                var oracle = Set<Int>()
                for _ in 0..<Int(random.next() % 60) { oracle.insert(Int(random.next() % UInt64(span)) + 1) }
                let own = IDSet(oracle.sorted())
                // Room for ids up to `span`, which may be words past the highest id (left zero).
                let wordCount = (span + 63) / 64
                let start = storage.count
                for word in 1..<max(wordCount, 1) { storage.append(own.bitfieldWord(word)) }
                oracles.append(oracle)
                parts.append((own.bitfieldWord(0), start..<storage.count))
            }
        }

        func sets() -> [IDSet] {
            parts.map { IDSet(firstWord: $0.head, sharing: storage, in: $0.range) }
        }
    }

    @Test func aSharedPartReadsLikeASetOfItsOwn() {
        let seed: UInt64 = 7_001
        let packed = Packed(seed: seed, count: 60)
        var random = SplitMix64(seed: seed)
        for (index, shared) in packed.sets().enumerated() {
            let oracle = packed.oracles[index]
            let own = IDSet(oracle.sorted())
            #expect(shared == own, "seed \(seed) set \(index)")
            #expect(shared.hashValue == own.hashValue, "equal sets hash alike: seed \(seed) set \(index)")
            #expect(Array(shared) == oracle.sorted(), "seed \(seed) set \(index)")
            #expect(shared.count == oracle.count)
            #expect(shared.isEmpty == oracle.isEmpty)
            #expect(shared.min == oracle.min())
            #expect(shared.max == oracle.max())
            #expect(shared.runs == own.runs)
            #expect(shared.runCount == own.runCount)
            for _ in 0..<50 {
                let id = Int(random.next() % 1_400) + 1
                #expect(shared.contains(id) == oracle.contains(id), "seed \(seed) set \(index) id \(id)")
            }
            let other = IDSet(packed.oracles[(index + 1) % packed.oracles.count].sorted())
            let otherOracle = packed.oracles[(index + 1) % packed.oracles.count]
            #expect(Array(shared.union(other)) == oracle.union(otherOracle).sorted())
            #expect(Array(shared.intersection(other)) == oracle.intersection(otherOracle).sorted())
            #expect(Array(shared.subtracting(other)) == oracle.subtracting(otherOracle).sorted())
            #expect(shared.isSubset(of: other) == oracle.isSubset(of: otherOracle))
            #expect(shared.intersects(other) == !oracle.isDisjoint(with: otherOracle))
            #expect(shared.isSubset(of: shared.union(other)))
        }
    }

    @Test func changingOneSharedSetLeavesTheOthersAsTheyWere() {
        let seed: UInt64 = 7_002
        let packed = Packed(seed: seed, count: 30)
        var sets = packed.sets()
        var oracles = packed.oracles
        var random = SplitMix64(seed: seed)
        for step in 0..<600 {
            let index = Int(random.next() % UInt64(sets.count))
            let id = Int(random.next() % 1_500) + 1
            switch random.next() % 5 {
            case 0, 1:
                sets[index].insert(id)
                oracles[index].insert(id)
            case 2:
                sets[index].remove(id)
                oracles[index].remove(id)
            case 3:
                let end = min(IDSet.maximumID, id + Int(random.next() % 200))
                sets[index].insert(contentsOf: id...end)
                oracles[index].formUnion(id...end)
            default:
                let other = IDSet(oracles[(index + 1) % sets.count].sorted())
                sets[index].formUnion(other)
                oracles[index].formUnion(oracles[(index + 1) % sets.count])
            }
            if step % 50 == 49 {
                for (position, set) in sets.enumerated() {
                    #expect(Array(set) == oracles[position].sorted(), "seed \(seed) step \(step) set \(position)")
                    #expect(set == IDSet(oracles[position].sorted()))
                }
            }
        }
        // The storage the sets were cut from is unchanged: every change copied the part it touched.
        #expect(packed.sets().map { Array($0) } == packed.oracles.map { $0.sorted() })
    }

    @Test func removingTheHighestIdsOfASharedPartDropsItsTrailingWords() {
        // The part is words 1-3: id 128 (the last bit of the set's second word), 129 (the first bit of its third),
        // then a zero word; the words around it belong to other sets.
        let storage: [UInt64] = [.max, 1, 1 << 63, 0, .max]
        var set = IDSet(firstWord: 0, sharing: storage, in: 1..<4)
        #expect(Array(set) == [128, 129])
        #expect(set.max == 129)
        set.remove(129)
        #expect(set == [128])
        #expect(set.max == 128)
        set.remove(128)
        #expect(set.isEmpty)
        #expect(set == IDSet())
        #expect(set.hashValue == IDSet().hashValue)
        #expect(IDSet(firstWord: 0, sharing: storage, in: 1..<4) == [128, 129], "the storage is unchanged")
        var cleared = IDSet(firstWord: 1, sharing: storage, in: 1..<4)
        cleared.removeAll()
        #expect(cleared.isEmpty && cleared == IDSet() && Array(cleared).isEmpty)
    }
}
