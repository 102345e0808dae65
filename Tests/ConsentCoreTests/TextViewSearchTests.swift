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
}
