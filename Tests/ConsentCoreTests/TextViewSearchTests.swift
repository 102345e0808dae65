import ConsentCore
import ConsentTestSupport
import Testing

@Suite struct TextViewSearchTests {
    @Test func firstIndexAgreesWithAByteByByteSearchAtEveryPositionAndLength() throws {
        let seed: UInt64 = 31
        var random = SplitMix64(seed: seed)
        for length in 0..<40 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in
                    random.next() % 5 == 0 ? UInt8(ascii: ".") : UInt8(ascii: "A") + UInt8(random.next() % 3)
                }
                let text = String(decoding: bytes, as: UTF8.self)
                for start in 0...length {
                    let expected = bytes.indices.first { $0 >= start && bytes[$0] == UInt8(ascii: ".") }
                    let found = withTextView(of: text) { view in view.firstIndex(of: UInt8(ascii: "."), from: start)
                    }
                    #expect(found == expected, "seed \(seed): \(text) from \(start)")
                }
            }
        }
    }

    @Test func lastIndexAgreesWithAByteByByteSearchInEveryRange() throws {
        let seed: UInt64 = 41
        var random = SplitMix64(seed: seed)
        // Lengths past 16 + 8 so that the sixteen-byte, eight-byte and single-byte steps all run, and hits in any
        // of them; a byte just above the needle (`~` is 0x7E, `\u{7F}` next to it) must not count as one.
        for length in 0..<48 {
            for _ in 0..<12 {
                let bytes = (0..<length).map { _ -> UInt8 in
                    switch random.next() % 8 {
                    case 0: UInt8(ascii: "~")
                    case 1: 0x7F
                    default: UInt8(ascii: "0") + UInt8(random.next() % 10)
                    }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                for start in 0...length {
                    for end in start...length {
                        let expected = bytes.indices.last { $0 >= start && $0 < end && bytes[$0] == UInt8(ascii: "~") }
                        let found = withTextView(of: text) { view in
                            view.lastIndex(of: UInt8(ascii: "~"), from: start, before: end)
                        }
                        #expect(found == expected, "seed \(seed): \(bytes) in \(start)..<\(end)")
                    }
                }
                let whole = withTextView(of: text) { view in view.lastIndex(of: UInt8(ascii: "~")) }
                #expect(whole == bytes.lastIndex(of: UInt8(ascii: "~")), "seed \(seed): \(bytes)")
            }
        }
    }

    @Test func leadingSegmentBitReaderAgreesWithSlicingAtTheSeparatorThenValidating() throws {
        let seed: UInt64 = 37
        var random = SplitMix64(seed: seed)
        // Mostly alphabet characters, so that the sixteen-byte steps run; the rest end or break the segment.
        let rare: [String] = [".", "=", "+", "/", " ", "é", "\u{7F}"]
        for length in 0..<70 {
            for _ in 0..<30 {
                let text = String(
                    (0..<length).map { _ -> String in
                        if random.next() % 12 == 0 { return rare[Int(random.next() % UInt64(rare.count))] }
                        return String(Array("AZaz09-_Qm")[Int(random.next() % 10)])
                    }.joined()
                )
                typealias Outcome = (characters: Int, padding: Int, error: ConsentError.Code?, offset: Int?)
                func outcome(_ body: (TextView) throws(ConsentError) -> BitReader) -> Outcome {
                    do throws(ConsentError) {
                        let reader = try withTextView(of: text) { view throws(ConsentError) in try body(view) }
                        return (reader.characterCount, reader.trailingPadding, nil, nil)
                    } catch {
                        return (0, 0, error.code, error.characterOffset)
                    }
                }
                let fast = outcome { view throws(ConsentError) in
                    try view.leadingSegmentBitReader(separator: UInt8(ascii: "."))
                }
                let slow = outcome { view throws(ConsentError) in
                    try view.slice(0..<(view.firstIndex(of: UInt8(ascii: ".")) ?? view.count)).bitReader()
                }
                #expect(fast == slow, "seed \(seed): \(text)")
            }
        }
    }

    @Test func aStartPastTheEndFindsNothingWhateverItsSize() {
        let text = String(repeating: "A.", count: 40)
        for start in [80, 81, Int.max - 16, Int.max - 3, Int.max] {
            let found = withTextView(of: text) { view in view.firstIndex(of: UInt8(ascii: "."), from: start) }
            #expect(found == nil, "from \(start)")
        }
        #expect(withTextView(of: "") { view in view.firstIndex(of: UInt8(ascii: "."), from: Int.max - 1) } == nil)
    }

    @Test func droppingANegativeCountDropsNothing() {
        #expect(withTextView(of: "ABC") { view in view.dropFirst(-1).count } == 3)
        #expect(withTextView(of: "ABC") { view in view.dropFirst(5).count } == 0)
    }
}
