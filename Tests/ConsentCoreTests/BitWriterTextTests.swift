import ConsentCore
import Testing

/// Verbatim text between segments: written into the room a counting pass made, or into a writer that grows.
@Suite struct BitWriterTextTests {
    /// Writes a six-bit segment, a padded five-bit one, `~`, `text`, `.` and a last segment: `tG~` + text + `._`.
    private static func write<Sink: BitSink>(_ text: String, into sink: inout Sink) {
        sink.writeBits(45, count: 6)  // t
        sink.writeBits(3, count: 5)  // 00011 and a padding zero: G
        sink.finishSegment(paddingToMultipleOf: 6)
        sink.appendASCII(UInt8(ascii: "~"))
        sink.appendText(text)
        sink.appendASCII(UInt8(ascii: "."))
        sink.writeBits(63, count: 6)  // _
        sink.finishSegment(paddingToMultipleOf: 6)
    }

    @Test(arguments: [0, 1, 7, 100, 1_000])
    func segmentsSeparatorsAndTextsComeOutInOrder(textLength: Int) {
        let text = String(String(repeating: "Ab9-_", count: textLength / 5 + 1).prefix(textLength))
        let expected = "tG~" + text + "._"
        var counter = BitCounter()
        Self.write(text, into: &counter)
        #expect(counter.characterCount == expected.utf8.count)
        var sized = BitWriter(reservingBits: counter.totalBits)
        Self.write(text, into: &sized)
        #expect(sized.makeString() == expected)
        var growing = BitWriter()
        Self.write(text, into: &growing)
        #expect(growing.makeString() == expected)
    }
}
