import ConsentCore
import TCF

/// Id iteration alone, over the sets of the decoded tcf-typical values: what `tcf-decode-typical` adds to
/// `tcf-parse-typical`, and the floor under it that no decoder handing out every id goes below (README,
/// Performance).
enum IDSetBenchmarks {
    static func all(corpus: Corpus) -> [Benchmark] {
        let decodedSets = { () throws -> [[IDSet]] in
            try corpus.strings("tcf-typical.txt").map { try TCFBenchmarks.sets(of: TCString(encoded: $0)) }
        }
        return [
            Benchmark(
                name: "idset-iterate-typical",
                summary: "`for id in set` over every set of a decoded tcf-typical value (rate: ids per ns)"
            ) {
                let inputs = try decodedSets()
                var workload = Workload.cycling(inputs, bytesPerOperation: 0) { sets in
                    var sum: UInt64 = 0
                    for set in sets { sum &+= TCFBenchmarks.ids(set) }
                    return sum
                }
                workload.rate = (unit: "ids/ns", perOperation: averageIDCount(inputs))
                return workload
            },
            Benchmark(
                name: "idset-floor-typical",
                summary: "the same ids summed by the plainest loop over the sets' 64-bit words, in any order"
            ) {
                let decoded = try decodedSets()
                // Each set's words, taken out of the sets before timing; the loop keeps nothing but a sum.
                let inputs = decoded.map { sets in
                    sets.map { set in (0..<((set.max ?? 0) + 63) / 64).map(set.bitfieldWord) }
                }
                var workload = Workload.cycling(inputs, bytesPerOperation: 0) { wordsOfEachSet in
                    var sum: UInt64 = 0
                    for words in wordsOfEachSet {
                        for (index, word) in words.enumerated() {
                            // Bit 63 is the word's first id: ids from the top, the lowest set bit first.
                            let last = UInt64(truncatingIfNeeded: index &* 64 &+ 64)
                            var bits = word
                            while bits != 0 {
                                sum &+= last &- UInt64(truncatingIfNeeded: bits.trailingZeroBitCount)
                                bits &= bits &- 1
                            }
                        }
                    }
                    return sum
                }
                workload.rate = (unit: "ids/ns", perOperation: averageIDCount(decoded))
                return workload
            },
        ]
    }

    /// Ids in a value's sets, on average over the values.
    private static func averageIDCount(_ values: [[IDSet]]) -> Double {
        Double(values.reduce(0) { total, sets in total + sets.reduce(0) { $0 + $1.count } }) / Double(values.count)
    }
}
