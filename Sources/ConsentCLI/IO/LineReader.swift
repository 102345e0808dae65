import ConsentInput

/// Reads standard input (or bytes in memory, for tests) one line or one block at a time, in constant memory: a
/// 64 KiB read buffer plus the one line being assembled. Lines end at `\n`; a `\r` before it is dropped. A UTF-8
/// byte order mark at the start of the input is no part of it.
final class LineReader {
    /// Where the bytes come from.
    enum Source {
        /// A file descriptor (0).
        case fileDescriptor(Int32)
        /// Bytes already in memory.
        case memory([UInt8])
    }

    /// One line.
    enum Line: Equatable {
        /// The text of the line, without its line end.
        case text(String)
        /// A line longer than ``maximumLineLength`` bytes; its bytes were skipped, not kept.
        case tooLong
    }

    /// Longest line kept: far above any consent string, and enough for a bid request on one line.
    static let maximumLineLength = 4 << 20

    private let source: Source
    private var memoryOffset = 0
    /// True when standard input is a terminal (the command then says it is waiting for lines).
    let isTerminal: Bool
    /// Written out before each read that would wait for input, so that the results of what came so far reach
    /// a reader at once (`tail -f log | consent decode --json`). Input that is already there (a file, a fast
    /// producer) is read without writing it out: the output then stays in large blocks. Once it cannot be written
    /// (a full disk), reading stops: nothing read after it could reach its reader.
    private let outputToFlush: Output?
    /// Where the command's messages go: once their reader is gone (`2>&1 | head`), reading stops too.
    private let messages: Output?

    /// True once the output this input feeds failed to be written, or the reader of its messages went away.
    private var outputFailed: Bool { outputToFlush?.writeError != nil || messages?.readerIsGone == true }

    init(
        _ source: Source,
        isTerminal: Bool = false,
        flushingBeforeWaiting output: Output? = nil,
        messages: Output? = nil
    ) {
        self.source = source
        self.isTerminal = isTerminal
        outputToFlush = output
        self.messages = messages
    }

    /// Standard input; `output` is written out whenever reading would wait.
    static func standardInput(flushingBeforeWaiting output: Output?, messages: Output?) -> LineReader {
        LineReader(
            .fileDescriptor(SystemCalls.standardInput),
            isTerminal: SystemCalls.isTerminal(SystemCalls.standardInput),
            flushingBeforeWaiting: output,
            messages: messages
        )
    }

    /// Calls `body` with each line and its 1-based number, until the input ends (or its output fails).
    func forEachLine(_ body: (_ number: Int, _ line: Line) -> Void) {
        var pending: [UInt8] = []
        var skipping = false
        var number = 0
        forEachBlock { block in
            var start = block.startIndex
            while !outputFailed, let end = block[start...].firstIndex(of: 0x0A) {
                number += 1
                if skipping {
                    skipping = false
                    body(number, .tooLong)
                } else if pending.isEmpty {
                    body(number, .text(LineReader.text(block[start..<end])))
                } else {
                    pending.append(contentsOf: block[start..<end])
                    body(
                        number,
                        pending.count > LineReader.maximumLineLength ? .tooLong : .text(LineReader.text(pending[...]))
                    )
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
            if !skipping && start < block.endIndex {
                pending.append(contentsOf: block[start...])
                if pending.count > LineReader.maximumLineLength {
                    skipping = true
                    pending = []
                }
            }
        }
        if outputFailed {
            return
        } else if skipping {
            body(number + 1, .tooLong)
        } else if !pending.isEmpty {
            body(number + 1, .text(LineReader.text(pending[...])))
        }
    }

    /// The whole input (a UTF-8 byte order mark dropped), read as a file is for `@-`; nil when it is longer than
    /// `limit` bytes, where the reading stops.
    func readAll(limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        forEachBlock(until: { bytes.count > limit }) { bytes.append(contentsOf: $0) }
        return bytes.count > limit ? nil : bytes
    }

    /// Calls `body` with the bytes of the input as they are read, at most 64 KiB at a time, until the input ends,
    /// its output fails or `stop` says so (for `encode`, whose documents may span lines and be far longer than a
    /// line may be).
    func forEachBlock(until stop: () -> Bool = { false }, _ body: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var count = 0
        var ended = false
        // Through a pipe the mark may come in pieces: read until the first bytes cannot be one.
        let mark = ByteOrderMark.utf8
        while !ended && count < mark.count && mark.starts(with: buffer[0..<count]) {
            let read = buffer.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[count...])) }
            if read > 0 { count += read } else { ended = true }
        }
        var start = buffer[0..<count].starts(with: mark) ? mark.count : 0
        while true {
            if start < count { body(buffer[start..<count]) }
            if ended || outputFailed || stop() { return }
            start = 0
            count = buffer.withUnsafeMutableBytes { fill($0) }
            ended = count <= 0
        }
    }

    private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch source {
        case .fileDescriptor(let descriptor):
            if let outputToFlush, outputToFlush.count > 0, !SystemCalls.hasInput(descriptor) { outputToFlush.flush() }
            return SystemCalls.readBytes(descriptor, into: buffer)
        case .memory(let bytes):
            let count = min(buffer.count, bytes.count - memoryOffset)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[memoryOffset..<memoryOffset + count]))
            }
            memoryOffset += count
            return count
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
