import ConsentCore
import Testing

@Suite struct ASCIIWriterTests {
    @Test func writesPackedBytesLowestFirstAndSingleBytesUpToTheCapacity() {
        // 40 bytes: the eight-byte stores in the middle, byte by byte near the end.
        let text = makeASCIIString(capacity: 40) { writer in
            for _ in 0..<8 {
                writer.append(bytes: 0x2E_33_32_31, count: 4)  // "123."
            }
            writer.append(UInt8(ascii: "~"))
            writer.append(bytes: 0x2E_76_64, count: 3)  // "dv."
            writer.append(bytes: 0, count: 0)
            writer.append(bytes: 0x39_38_37_36_35_34_33_32, count: 4)  // "2345", the rest dropped
        }
        #expect(text == String(repeating: "123.", count: 8) + "~dv.2345")
    }

    @Test func writesShortStringsAndNothing() {
        #expect(makeASCIIString(capacity: 3) { $0.append(bytes: 0x7E_32, count: 2) } == "2~")
        #expect(makeASCIIString(capacity: 0) { _ in }.isEmpty)
    }
}
