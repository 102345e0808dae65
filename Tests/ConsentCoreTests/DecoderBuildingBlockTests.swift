import ConsentCore
import ConsentTestSupport
import Testing

/// `IDSetBuilder`, and `BitStream`, the reader of the TC string decoder's range entries.
@Suite struct DecoderBuildingBlockTests {
    @Test func builderHoldsExactlyTheInsertedRangesUpToItsLimit() {
        let seed: UInt64 = 7_301
        var random = SplitMix64(seed: seed)
        for round in 0..<200 {
            let limit = [0, 1, 63, 64, 65, 128, 129, 300, 1_250, 65_535][round % 10]
            var builder = IDSetBuilder(idsUpTo: limit)
            var oracle = Set<Int>()
            for _ in 0..<Int(random.next() % 12) {
                let span = Int(random.next() % 200)
                let first = Swift.min(Int(random.next() % UInt64(Swift.max(limit, 1) + 70)) + 1, IDSet.maximumID)
                let last = Swift.min(first + span, IDSet.maximumID)
                builder.insert(first...last)
                for id in first...last where id <= limit { oracle.insert(id) }
            }
            let built = builder.build()
            #expect(Array(built) == oracle.sorted(), "seed \(seed), round \(round), limit \(limit)")
            #expect(built == IDSet(oracle), "seed \(seed), round \(round): equal to the same ids inserted one by one")
        }
    }

    @Test func builderAddingToASetKeepsItsIds() {
        var builder = IDSetBuilder(adding: IDSet([3, 70, 700]), idsUpTo: 1_000)
        builder.insert(64...66)
        builder.insert(999...1_200)
        #expect(Array(builder.build()) == [3, 64, 65, 66, 70, 700, 999, 1_000])
    }

    @Test func streamReadsTheSameBitsAsTheReader() throws {
        let seed: UInt64 = 90_210
        var random = SplitMix64(seed: seed)
        for round in 0..<100 {
            let characters = Int(random.next() % 40) + 1
            let bits = String((0..<characters * 6).map { _ in random.next() & 1 == 1 ? "1" : "0" })
            let text = BitString.base64URL(bits)
            try withTextView(of: text) { view throws(ConsentError) in
                var reader = try view.bitReader()
                let skip = Int(random.next() % UInt64(reader.bitCount))
                try reader.skipBits(skip)
                var stream = BitStream(reader)
                while stream.bitIndex < reader.bitCount {
                    stream.refill()
                    let width = Swift.min(Int(random.next() % 33) + 1, stream.bufferedBits)
                    let expected: UInt64 = try reader.getInteger(atBit: stream.bitIndex, bits: width)
                    #expect(stream.peek(width) == expected, "seed \(seed), round \(round), bit \(stream.bitIndex)")
                    stream.consume(width)
                }
                #expect(stream.bitIndex == reader.bitCount, "seed \(seed), round \(round)")
                #expect(stream.reader.readableBits == 0)
            }
        }
    }
}
