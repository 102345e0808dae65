import ConsentCore
import ConsentTestSupport
import Testing

/// Reads `text` with a fresh reader in `body`.
func read<R>(_ text: String, _ body: (inout BitReader) throws(ConsentError) -> R) throws(ConsentError) -> R {
    try withTextView(of: text) { view throws(ConsentError) in
        var reader = try view.bitReader()
        return try body(&reader)
    }
}

@Suite struct BitReaderTests {
    @Test func readsEveryValueOfEveryWidthUpTo16() throws {
        for bits in 1...16 {
            var writer = BitWriter()
            for value in 0..<(1 << bits) { try writer.writeInteger(value, bits: bits) }
            let text = writer.makeString()
            try read(text) { reader throws(ConsentError) in
                for value in 0..<(1 << bits) {
                    let got: Int = try reader.readInteger(bits: bits)
                    #expect(got == value, "width \(bits)")
                }
                // What is left is padding, less than one character.
                #expect(reader.readableBits < 6)
                #expect(throws: ConsentError.self) { _ = try reader.readInteger(bits: 6, as: Int.self) }
            }
        }
    }

    @Test func readsBoundaryAndSeededValuesOfWidths17To64() throws {
        let seed: UInt64 = 20_261_129
        var random = SplitMix64(seed: seed)
        for bits in 17...64 {
            let max = bits == 64 ? UInt64.max : (1 << UInt64(bits)) - 1
            var values: [UInt64] = [0, 1, max, max - 1, max >> 1, (max >> 1) + 1]
            for _ in 0..<200 { values.append(random.next() & max) }
            var writer = BitWriter()
            for value in values { try writer.writeInteger(value, bits: bits) }
            // An odd prefix bit moves every value off character boundaries.
            var shifted = BitWriter()
            shifted.writeBool(true)
            for value in values { try shifted.writeInteger(value, bits: bits) }
            try read(writer.makeString()) { reader throws(ConsentError) in
                for value in values {
                    #expect(try reader.readInteger(bits: bits, as: UInt64.self) == value, "seed \(seed)")
                }
            }
            try read(shifted.makeString()) { reader throws(ConsentError) in
                #expect(try reader.readBool())
                for value in values {
                    #expect(try reader.readInteger(bits: bits, as: UInt64.self) == value, "seed \(seed)")
                }
            }
        }
    }

    @Test func fastReaderAgreesWithBitByBitOracle() throws {
        let seed: UInt64 = 7
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let length = Int(random.next() % 40) + 1
            let bits = (0..<(length * 6)).map { _ in random.next() & 1 == 1 ? "1" : "0" }.joined()
            let text = BitString.base64URL(bits)
            var position = 0
            try read(text) { reader throws(ConsentError) in
                while position < bits.count {
                    let width = min(Int(random.next() % 64) + 1, bits.count - position)
                    let expected = bits.dropFirst(position).prefix(width).reduce(UInt64(0)) {
                        $0 << 1 | ($1 == "1" ? 1 : 0)
                    }
                    #expect(try reader.getInteger(atBit: position, bits: width, as: UInt64.self) == expected)
                    #expect(try reader.peekInteger(bits: width, as: UInt64.self) == expected)
                    #expect(try reader.readInteger(bits: width, as: UInt64.self) == expected, "seed \(seed)")
                    position += width
                }
            }
        }
    }

    @Test func truncationAtEveryBitThrowsWithTheOffset() throws {
        let text = "CPXxRfAPXxRf"
        for start in 0...72 {
            for width in [1, 6, 12, 16, 36, 64] where start + width > 72 {
                let error = try #require(throws: ConsentError.self) {
                    try read(text) { reader throws(ConsentError) in
                        try reader.skipBits(start)
                        _ = try reader.readInteger(bits: width, as: UInt64.self, field: "cmpId")
                    }
                }
                #expect(error.code == .truncated)
                #expect(error.bitOffset == start)
                #expect(error.expectedBits == width)
                #expect(error.availableBits == 72 - start)
                #expect(error.field.description == "cmpId")
            }
        }
    }

    @Test func readsLettersAndRejectsValuesAboveZ() throws {
        var writer = BitWriter()
        for letter in 0..<26 { try writer.writeLetter(UInt8(letter)) }
        writer.writeBits(26, count: 6)
        let error = try #require(throws: ConsentError.self) {
            try read(writer.makeString()) { reader throws(ConsentError) in
                for letter in 0..<26 { #expect(try reader.readLetter() == UInt8(letter)) }
                _ = try reader.readLetter(field: "consentLanguage")
            }
        }
        #expect(error.code == .badValue)
        #expect(error.bitOffset == 26 * 6)
    }

    @Test func readsSpecFibonacciExamples() throws {
        let table: [(Int, String)] = [
            (1, "11"), (2, "011"), (3, "0011"), (4, "1011"), (5, "00011"), (6, "10011"), (7, "01011"),
            (8, "000011"), (12, "101011"), (22, "10000011"),
        ]
        for (value, code) in table {
            #expect(
                try read(BitString.base64URL(code)) { reader throws(ConsentError) in try reader.readFibonacciInteger() }
                    == value
            )
            var writer = BitWriter()
            try writer.writeFibonacciInteger(value)
            #expect(BitString.bits(ofBase64URL: writer.makeString()).hasPrefix(code))
        }
    }

    @Test func fibonacciRoundTripsUpTo100000AndTheLargestValue() throws {
        var writer = BitWriter()
        for value in 1...100_000 { try writer.writeFibonacciInteger(value) }
        try writer.writeFibonacciInteger(Int.max / 2)
        try read(writer.makeString()) { reader throws(ConsentError) in
            for value in 1...100_000 { #expect(try reader.readFibonacciInteger() == value) }
            #expect(try reader.readFibonacciInteger() == Int.max / 2)
        }
    }

    /// Codes of every length up to 64 bits, where the reader's word-at-a-time sum meets each new byte: the values
    /// around each Fibonacci number F(n) (codes of n - 2 and n - 1 value bits, the longest ending in a run of ones).
    @Test func fibonacciRoundTripsAroundEveryFibonacciNumberUpToSixtyFourBits() throws {
        var fibonacci = [1, 2]
        while fibonacci.count < 64 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let values = fibonacci.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 >= 1 }
        var writer = BitWriter()
        for value in values { try writer.writeFibonacciInteger(value) }
        try read(writer.makeString()) { reader throws(ConsentError) in
            for value in values { #expect(try reader.readFibonacciInteger() == value) }
        }
    }

    @Test func fibonacciWithoutTerminatorIsTruncatedAndOverlongIsBadValue() throws {
        let truncated = try #require(throws: ConsentError.self) {
            try read(BitString.base64URL("010101")) { reader throws(ConsentError) in try reader.readFibonacciInteger() }
        }
        #expect(truncated.code == .truncated)
        #expect(truncated.bitOffset == 0)
        let overlong = try #require(throws: ConsentError.self) {
            try read(BitString.base64URL(String(repeating: "01", count: 60) + "11")) { reader throws(ConsentError) in
                try reader.readFibonacciInteger()
            }
        }
        #expect(overlong.code == .badValue)
    }

    @Test func smallFibonacciRangeReadsWhatTheGeneralReaderReadsOrDeclines() throws {
        // Random bits after small entry counts, and encoded sets of ids up to 80: wherever the small reader
        // answers, the general reader gives the same set and stops at the same bit; nil consumes nothing.
        let seed: UInt64 = 20_261_129
        var random = SplitMix64(seed: seed)
        var texts: [String] = []
        for _ in 0..<3000 {
            let count = Int(random.next() % 9)
            var bits = String(count, radix: 2)
            bits = String(repeating: "0", count: 12 - bits.count) + bits
            for _ in 0..<(6 + Int(random.next() % 120)) { bits.append(random.next() & 1 == 0 ? "0" : "1") }
            texts.append(BitString.base64URL(bits))
        }
        for _ in 0..<1000 {
            var set = IDSet()
            for _ in 0..<Int(random.next() % 12) { set.insert(1 + Int(random.next() % 80)) }
            var writer = BitWriter()
            try writer.writeFibonacciRange(set)
            texts.append(writer.makeString())
        }
        var answered = 0
        for text in texts {
            try withTextView(of: text) { view throws(ConsentError) in
                var small = try view.bitReader()
                var general = small
                let quick = small.readSmallFibonacciRange()
                let full = try? general.readFibonacciRange()
                guard let quick else {
                    #expect(small.readerBitIndex == 0, "seed \(seed): \(text)")
                    return
                }
                answered += 1
                #expect(full?.ids == IDSet(firstWord: quick.firstWord, followingWords: []), "seed \(seed): \(text)")
                #expect(full?.entryCount == quick.entryCount, "seed \(seed): \(text)")
                #expect(small.readerBitIndex == general.readerBitIndex, "seed \(seed): \(text)")
            }
        }
        #expect(answered > 1000)
    }
}
