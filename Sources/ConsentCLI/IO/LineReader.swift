/// Reads standard input (or bytes in memory, for tests) one line at a time, in constant memory: a 64 KiB read
/// buffer plus the one line being assembled. Lines end at `\n`; a `\r` before it is dropped.
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

    init(_ source: Source, isTerminal: Bool = false) {
        self.source = source
        self.isTerminal = isTerminal
    }

    /// Standard input.
    static func standardInput() -> LineReader {
        LineReader(
            .fileDescriptor(SystemCalls.standardInput),
            isTerminal: SystemCalls.isTerminal(SystemCalls.standardInput)
        )
    }

    /// Calls `body` with each line and its 1-based number, until the input ends.
    func forEachLine(_ body: (_ number: Int, _ line: Line) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        var skipping = false
        var number = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { fill($0) }
            if count <= 0 { break }
            var start = 0
            while let end = chunk[start..<count].firstIndex(of: 0x0A) {
                number += 1
                if skipping {
                    skipping = false
                    body(number, .tooLong)
                } else if pending.isEmpty {
                    body(number, .text(LineReader.text(chunk[start..<end])))
                } else {
                    pending.append(contentsOf: chunk[start..<end])
                    body(
                        number,
                        pending.count > LineReader.maximumLineLength ? .tooLong : .text(LineReader.text(pending[...]))
                    )
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
            if !skipping && start < count {
                pending.append(contentsOf: chunk[start..<count])
                if pending.count > LineReader.maximumLineLength {
                    skipping = true
                    pending = []
                }
            }
        }
        if skipping {
            body(number + 1, .tooLong)
        } else if !pending.isEmpty {
            body(number + 1, .text(LineReader.text(pending[...])))
        }
    }

    /// Every remaining byte (for `encode`, whose document may span lines), up to `limit` bytes.
    func readAll(limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fill($0) }
            if count <= 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return nil }
        }
    }

    private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch source {
        case .fileDescriptor(let descriptor):
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
