import ConsentCore
import ConsentTestSupport
import Testing

/// `readBitField` reads words several at a time; these tests hold it to a bit-string oracle at every starting bit
/// offset within a character and every length around the word and chunk boundaries.
@Suite struct BitFieldReadingTests {
    @Test func bitFieldsReadTheSameBitsAtEveryOffsetAndLength() throws {
        var random = SplitMix64(seed: 41)
        let lengths = Array(0...200) + [255, 256, 257, 383, 384, 385, 575, 576, 577, 1000, 1249, 3300, 65_535]
        for offset in 0..<12 {
            for count in lengths {
                var bits = ""
                for _ in 0..<(offset + count + Int(random.next() % 13)) {
                    bits.append(random.next() % 3 == 0 ? "1" : "0")
                }
                let text = BitString.base64URL(bits)
                let set = try read(text) { reader throws(ConsentError) in
                    try reader.skipBits(offset)
                    let set = try reader.readBitField(count: count)
                    #expect(reader.readerBitIndex == offset + count)
                    return set
                }
                let fieldBits = Array(bits.dropFirst(offset).prefix(count))
                let expected = IDSet(fieldBits.indices.filter { fieldBits[$0] == "1" }.map { $0 + 1 })
                #expect(set == expected, "seed 41, offset \(offset), count \(count)")
            }
        }
    }

    @Test func bitFieldsWriteTheSameTextAsBitByBitAtEveryOffsetAndLength() throws {
        var random = SplitMix64(seed: 42)
        for offset in 0..<12 {
            for count in Array(1...200) + [255, 256, 257, 1000, 3300] {
                var ids = IDSet()
                for id in 1...count where random.next() % 3 == 0 { ids.insert(id) }
                var bulk = BitWriter()
                var single = BitWriter()
                for _ in 0..<offset {
                    bulk.writeBool(true)
                    single.writeBool(true)
                }
                try bulk.writeBitField(ids, count: count)
                for id in 1...count { single.writeBool(ids.contains(id)) }
                #expect(bulk.makeString() == single.makeString(), "seed 42, offset \(offset), count \(count)")
                #expect(bulk.segmentBitCount == offset + count)
            }
        }
    }

    @Test func aBitFieldPastTheEndIsTruncatedAtEveryOffset() {
        for offset in 0..<6 {
            let text = BitString.base64URL(String(repeating: "1", count: 400))
            #expect {
                try read(text) { reader throws(ConsentError) in
                    try reader.skipBits(offset)
                    return try reader.readBitField(count: 400 - offset + 3, field: "ids")
                }
            } throws: { error in
                let error = error as? ConsentError
                return error?.code == .truncated && error?.bitOffset == offset && error?.availableBits == 402 - offset
            }
        }
    }
}
