import ConsentCore
import ConsentTestSupport
import Testing

@Suite struct IDSetTests {
    @Test func agreesWithSetOfIntOnSeededRandomOperations() {
        let seed: UInt64 = 4242
        var random = SplitMix64(seed: seed)
        for round in 0..<50 {
            var ids = IDSet()
            var oracle = Set<Int>()
            let span = [64, 200, 1300, 65_535][round % 4]
            for _ in 0..<400 {
                let id = Int(random.next() % UInt64(span)) + 1
                switch random.next() % 4 {
                case 0, 1:
                    ids.insert(id)
                    oracle.insert(id)
                case 2:
                    ids.remove(id)
                    oracle.remove(id)
                default:
                    let end = min(span, id + Int(random.next() % 100))
                    ids.insert(contentsOf: id...end)
                    oracle.formUnion(id...end)
                }
                #expect(ids.contains(id) == oracle.contains(id), "seed \(seed)")
            }
            #expect(Array(ids) == oracle.sorted(), "seed \(seed) round \(round)")
            #expect(ids.count == oracle.count)
            #expect(ids.min == oracle.min())
            #expect(ids.max == oracle.max())
            #expect(ids == IDSet(oracle.sorted()), "equality ignores how the set was built")
            #expect(ids.runCount == ids.runs.count)
            let oracleRuns = IDSetTests.runs(of: oracle.sorted())
            #expect(ids.runs == oracleRuns, "seed \(seed) round \(round)")
            #expect(ids.singleIDRunCount == oracleRuns.filter { $0.count == 1 }.count, "seed \(seed)")
            let rebuilt = ids.runs.reduce(into: Set<Int>()) { $0.formUnion($1) }
            #expect(rebuilt == oracle)
        }
    }

    /// Maximal runs of a sorted list, the slow obvious way.
    static func runs(of sorted: [Int]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for id in sorted {
            if let last = result.last, last.upperBound + 1 == id {
                result[result.count - 1] = last.lowerBound...id
            } else {
                result.append(id...id)
            }
        }
        return result
    }

    @Test func runsEndAtWordEdgesAndAtTheLastId() {
        let cases: [[Int]] = [
            [64], [64, 65], [1, 64, 65, 128], [63, 64, 65, 66, 200], Array(1...128), [65_535], [65_534, 65_535],
        ]
        for ids in cases {
            let set = IDSet(ids)
            #expect(set.runs == IDSetTests.runs(of: ids), "\(ids)")
            #expect(set.singleIDRunCount == IDSetTests.runs(of: ids).filter { $0.count == 1 }.count, "\(ids)")
        }
    }

    @Test func reservingCapacityKeepsTheSetEqual() {
        var ids = IDSet()
        ids.reserveCapacity(forIDsUpTo: 65_535)
        ids.insert(contentsOf: 100...300)
        ids.reserveCapacity(forIDsUpTo: 0)
        #expect(ids == IDSet(100...300))
    }

    @Test func firstWordAndFollowingWordsBuildTheSameSetAsInsertingAndDropTrailingZeroWords() {
        // Ids 1 and 64 in the first word, 65 and 200 after it, then two zero words that must not count.
        let set = IDSet(firstWord: 1 << 63 | 1, followingWords: [1 << 63, 0, 1 << (63 - 7), 0, 0])
        #expect(set == IDSet([1, 64, 65, 200]))
        #expect(set.max == 200)
        #expect(IDSet(firstWord: 0, followingWords: [0, 0]).isEmpty)
    }

    @Test func setAlgebraAgreesWithSetOfInt() {
        let seed: UInt64 = 77
        var random = SplitMix64(seed: seed)
        for _ in 0..<100 {
            let a = Set((0..<50).map { _ in Int(random.next() % 3000) + 1 })
            let b = Set((0..<50).map { _ in Int(random.next() % 3000) + 1 })
            let x = IDSet(a.sorted())
            let y = IDSet(b.sorted())
            #expect(Array(x.union(y)) == a.union(b).sorted(), "seed \(seed)")
            #expect(Array(x.intersection(y)) == a.intersection(b).sorted(), "seed \(seed)")
            #expect(Array(x.subtracting(y)) == a.subtracting(b).sorted(), "seed \(seed)")
            #expect(x.isSubset(of: y) == a.isSubset(of: b))
            #expect(x.intersects(y) == !a.isDisjoint(with: b))
            #expect(x.union(y).isSubset(of: x.union(y)))
        }
    }

    @Test func holdsTheFirstAndLastIdsAndRejectsOthersInContains() {
        var ids: IDSet = [1, 65_535]
        #expect(ids.contains(1) && ids.contains(65_535))
        #expect(!ids.contains(0) && !ids.contains(65_536) && !ids.contains(-5))
        #expect(ids.min == 1 && ids.max == 65_535)
        ids.remove(65_535)
        #expect(ids == [1])
        #expect(IDSet().isEmpty && IDSet().max == nil && IDSet().min == nil)
    }

    @Test func foldsRunsForPeople() {
        let ids: IDSet = [1, 2, 3, 4, 5, 8, 10, 11, 12]
        #expect(ids.foldedDescription == "1-5, 8, 10-12")
        #expect(ids.runs == [1...5, 8...8, 10...12])
        #expect(ids.runCount == 3)
        let acrossWords: IDSet = IDSet(60...70)
        #expect(acrossWords.runCount == 1)
    }

    @Test func smallSetsStayInline() {
        // Purposes and special features (ids <= 64) must never need heap storage: equal to a rebuilt set and
        // counted from the inline word alone.
        let purposes: IDSet = [1, 2, 7, 10, 24, 64]
        #expect(purposes.bitfieldWord(1) == 0)
        #expect(purposes.count == 6)
    }

    @Test func codesAsASortedJSONArray() throws {
        let ids: IDSet = [300, 2, 1]
        #expect(JSONValue.ids(ids).serialized() == "[1,2,300]")
    }

    @Test func insertingAnIdOutsideTheRangeTraps() async {
        await #expect(processExitsWith: .failure) {
            var ids = IDSet()
            ids.insert(0)
        }
        await #expect(processExitsWith: .failure) {
            var ids = IDSet()
            ids.insert(contentsOf: 1...65_536)
        }
    }

    @Test func idsFromOutsideTheProgramAreCheckedWithATypedError() throws {
        #expect(try IDSet(checking: [3, 1, 65_535], field: "vendorConsents") == [1, 3, 65_535])
        for bad in [0, -4, 65_536, Int.max] {
            let error = try #require(throws: ConsentError.self) {
                try IDSet(checking: [2, bad, 7], field: "vendorConsents")
            }
            #expect(error.code == .valueOutOfRange)
            #expect(error.field.description == "vendorConsents")
            #expect(error.value == Int64(bad))
        }
    }
}
