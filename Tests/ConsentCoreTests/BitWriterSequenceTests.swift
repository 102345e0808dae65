import ConsentCore
import ConsentTestSupport
import Testing

/// The writer against a reference written bit by bit: seeded runs of fields of every width, bitfields of every
/// length and alignment, segment ends with every padding and separators, so that the batching of characters (bits
/// gathered in a word, eight characters at a time) is checked at every offset.
@Suite struct BitWriterSequenceTests {
    /// The reference: the bits as `0`/`1` characters and the text of the finished segments.
    struct Reference {
        var text = ""
        var bits: [UInt8] = []

        mutating func write(_ value: UInt64, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(UInt8(value >> UInt64(shift) & 1)) }
        }

        mutating func finishSegment(paddingToMultipleOf multiple: Int) {
            while bits.count % multiple != 0 { bits.append(0) }
            while bits.count % 6 != 0 { bits.append(0) }
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            for start in stride(from: 0, to: bits.count, by: 6) {
                text.append(alphabet[Int(bits[start..<start + 6].reduce(0) { $0 << 1 | $1 })])
            }
            bits = []
        }
    }

    @Test(arguments: 0..<40)
    func fieldsBitfieldsAndSegmentEndsComeOutAsWrittenBitByBit(seed: UInt64) throws {
        var random = SplitMix64(seed: 1_000 + seed)
        var writer = BitWriter(reservingBits: Int.random(in: 0...64, using: &random))
        var reference = Reference()
        for _ in 0..<Int.random(in: 1...60, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let count = Int.random(in: 1...64, using: &random)
                let value = count == 64 ? random.next() : random.next() & ((1 << UInt64(count)) - 1)
                writer.writeBits(value, count: count)
                reference.write(value, count: count)
            case 6, 7:
                let count = Int.random(in: 0...700, using: &random)
                var ids = IDSet()
                for id in 1...max(count, 1) where id <= count && Bool.random(using: &random) { ids.insert(id) }
                try writer.writeBitField(ids, count: count)
                for id in 0..<count { reference.bits.append(ids.contains(id + 1) ? 1 : 0) }
            case 8:
                let multiple = [1, 6, 8, 24].randomElement(using: &random) ?? 6
                writer.finishSegment(paddingToMultipleOf: multiple)
                reference.finishSegment(paddingToMultipleOf: multiple)
                writer.appendASCII(UInt8(ascii: "."))
                reference.text.append(".")
            default:
                #expect(writer.segmentBitCount == reference.bits.count)
                #expect(writer.characterCount == reference.text.utf8.count + reference.bits.count / 6)
            }
        }
        writer.finishSegment(paddingToMultipleOf: 6)
        reference.finishSegment(paddingToMultipleOf: 6)
        #expect(writer.makeString() == reference.text)
    }
}
