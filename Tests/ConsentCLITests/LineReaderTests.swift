import Testing

@testable import ConsentCLI

@Suite struct LineReaderTests {
    private func lines(_ text: String) -> [LineReader.Line] {
        var result: [LineReader.Line] = []
        LineReader(.memory(Array(text.utf8))).forEachLine { _, line in result.append(line) }
        return result
    }

    @Test func splitsOnLineFeedAndDropsCarriageReturn() {
        #expect(lines("a\r\nb\n\nc") == [.text("a"), .text("b"), .text(""), .text("c")])
        #expect(lines("") == [])
        #expect(lines("x\n") == [.text("x")])
    }

    @Test func joinsLinesAcrossReadBuffers() {
        let long = String(repeating: "A", count: 100_000)
        #expect(lines("\(long)\nB\n\(long)") == [.text(long), .text("B"), .text(long)])
    }

    @Test func numbersLines() {
        var numbers: [Int] = []
        LineReader(.memory(Array("a\nb\nc".utf8))).forEachLine { number, _ in numbers.append(number) }
        #expect(numbers == [1, 2, 3])
    }

    @Test func reportsOverlongLineWithoutKeepingIt() {
        let long = String(repeating: "A", count: LineReader.maximumLineLength + 10)
        #expect(lines("1YNN\n\(long)\n1NNN\n\(long)") == [.text("1YNN"), .tooLong, .text("1NNN"), .tooLong])
    }
}
