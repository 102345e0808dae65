import Foundation
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

    @Test func skipsAByteOrderMarkOnlyAtTheStartOfTheInput() {
        #expect(lines("\u{FEFF}1YNN\n\u{FEFF}1NYN") == [.text("1YNN"), .text("\u{FEFF}1NYN")])
        #expect(lines("\u{FEFF}") == [])
        #expect(lines("\u{FEFF}\n") == [.text("")])
        // The first bytes of a mark, and no more, are text.
        var blocks: [[UInt8]] = []
        LineReader(.memory([0xEF, 0xBB])).forEachBlock { blocks.append(Array($0)) }
        #expect(blocks == [[0xEF, 0xBB]])
    }

    @Test func handsOutEveryByteInBlocks() {
        let text = String(repeating: "0123456789", count: 20_000)
        var bytes: [UInt8] = []
        var blockCount = 0
        LineReader(.memory(Array(text.utf8))).forEachBlock { block in
            bytes += block
            blockCount += 1
        }
        #expect(bytes == Array(text.utf8))
        #expect(blockCount == 4)
    }

    @Test func reportsOverlongLineWithoutKeepingIt() {
        let long = String(repeating: "A", count: LineReader.maximumLineLength + 10)
        #expect(lines("1YNN\n\(long)\n1NNN\n\(long)") == [.text("1YNN"), .tooLong, .text("1NNN"), .tooLong])
    }
}

/// Output that cannot be written (a full disk) ends the reading of standard input: `decode < big > /dev/full` read
/// and decoded all of it before saying so (9.8 s for 8 MB), and endless input (`yes ... | consent decode > /dev/full`)
/// never ended.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
struct LineReaderOutputFailureTests {
    @Test func readingStopsOnceTheOutputItFeedsCannotBeWritten() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        let output = Output(.fileDescriptor(handle.fileDescriptor))
        // 500 KB: several blocks of 64 KiB.
        let reader = LineReader(
            .memory(Array(String(repeating: "1YNN\n", count: 100_000).utf8)),
            flushingBeforeWaiting: output
        )
        var lines = 0
        reader.forEachLine { _, _ in
            lines += 1
            output.writeLine("1YNN")
            output.flush()
        }
        #expect(output.writeError != nil)
        #expect(lines == 1)
        var blocks = 0
        reader.forEachBlock { _ in blocks += 1 }
        #expect(blocks <= 1)
    }
}
