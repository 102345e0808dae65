import ConsentCore
import ConsentTestSupport
import Testing

@Suite struct Base64URLTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    @Test func everyCharacterOfTheAlphabetHasItsValue() {
        for (value, character) in Self.alphabet.enumerated() {
            #expect(Base64URL.sextet(character) == UInt8(value))
            #expect(Base64URL.character(UInt8(value)) == character)
        }
    }

    /// Every 12-bit value written by `BitWriter`, at every offset within a character: each value's bits come out
    /// in order, six a character.
    @Test(arguments: 0..<6)
    func everyTwelveBitValueWritesItsTwoCharacters(leadingBits: Int) {
        var writer = BitWriter()
        if leadingBits > 0 { writer.writeBits(0, count: leadingBits) }
        for value in 0..<4096 { writer.writeBits(UInt64(value), count: 12) }
        writer.finishSegment(paddingToMultipleOf: 6)
        // The same bits one by one, then six at a time through the alphabet.
        var stream = [Int](repeating: 0, count: leadingBits)
        for value in 0..<4096 { for bit in (0..<12).reversed() { stream.append(value >> bit & 1) } }
        while stream.count % 6 != 0 { stream.append(0) }
        let expected = stride(from: 0, to: stream.count, by: 6).map { start in
            Self.alphabet[stream[start..<start + 6].reduce(0) { $0 << 1 | $1 }]
        }
        #expect(Array(writer.makeString().utf8) == expected)
    }

    @Test func everyOtherByteIsOutsideTheAlphabet() {
        for byte in 0...255 where !Self.alphabet.contains(UInt8(byte)) {
            #expect(Base64URL.sextet(UInt8(byte)) == 64, "byte \(byte)")
        }
    }

    @Test func decodesEveryLengthModFour() throws {
        // A segment whose length is 1 mod 4 is legal for these formats (its last bits fill no whole byte).
        for length in 1...12 {
            let text = String(repeating: "_", count: length)
            let bytes = try Base64URL.decode(text)
            #expect(bytes.count == length * 6 / 8)
            #expect(bytes.allSatisfy { $0 == 0xFF })
            let bits = try withTextView(of: text) { view throws(ConsentError) in try view.bitReader().bitCount }
            #expect(bits == length * 6)
        }
    }

    @Test func decodesEveryCharacterInEveryLaneOfASixteenCharacterBlock() throws {
        // Sixteen characters are decoded together: each character of the alphabet, in each of the sixteen places
        // of a block, among `A`s (value 0), must give its value in its six bits and nothing elsewhere.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for (value, character) in alphabet.enumerated() {
            for place in 0..<16 {
                var text = [UInt8](repeating: UInt8(ascii: "A"), count: 20)
                text[place] = character
                let string = String(decoding: text, as: UTF8.self)
                // 120 bits, all zero but the character's six, most significant first.
                var expected = [UInt8](repeating: 0, count: 15)
                for bit in 0..<6 where value >> (5 - bit) & 1 == 1 {
                    let index = place * 6 + bit
                    expected[index / 8] |= 0x80 >> UInt8(index % 8)
                }
                #expect(try Base64URL.decode(string) == expected, "\(string)")
            }
        }
    }

    @Test func decodesAgainstTheBitStringOracle() throws {
        let seed: UInt64 = 5
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let count = Int(random.next() % 64)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let text = Base64URL.encode(bytes)
            #expect(try Base64URL.decode(text) == bytes, "seed \(seed)")
            let bits = bytes.map { byte in
                (0..<8).map { (byte >> UInt8(7 - $0)) & 1 == 1 ? "1" : "0" }.joined()
            }.joined()
            #expect(BitString.base64URL(bits) == text)
        }
    }

    @Test func rejectsABadCharacterAtEveryPositionWithItsOffset() throws {
        let valid = "CPXxRfAPXxRfAAfKABENB"
        for position in 0..<valid.utf8.count {
            for bad in ["+", "/", " ", "!", "é", "~", "."] {
                var characters = Array(valid)
                characters[position] = Character(bad)
                let text = String(characters)
                let error = try #require(throws: ConsentError.self) { try Base64URL.decode(text) }
                #expect(error.code == .badBase64)
                #expect(error.characterOffset == position, "\(bad) at \(position)")
            }
        }
    }

    @Test func acceptsTrailingPaddingAndRemembersIt() throws {
        let padding = try withTextView(of: "cAAAAAAAITg=") { view throws(ConsentError) in
            try view.bitReader().trailingPadding
        }
        #expect(padding == 1)
        #expect(try Base64URL.decode("QUJD") == Array("ABC".utf8))
        #expect(try Base64URL.decode("QUI=") == Array("AB".utf8))
        #expect(try Base64URL.decode("QQ==") == Array("A".utf8))
    }

    @Test func rejectsPaddingInTheMiddleAndEmptySegments() throws {
        let middle = try #require(throws: ConsentError.self) { try Base64URL.decode("QQ=A") }
        #expect(middle.code == .badBase64)
        #expect(middle.characterOffset == 2)
        #expect(try Base64URL.decode("") == [])
        let emptySegment = try #require(throws: ConsentError.self) {
            try withTextView(of: "") { view throws(ConsentError) in try view.bitReader() }
        }
        #expect(emptySegment.code == .badBase64)
        for empty in ["=", "=="] {
            let error = try #require(throws: ConsentError.self) { try Base64URL.decode(empty) }
            #expect(error.code == .badBase64)
        }
    }
}
