/// A buffered output stream: standard output or error, written with write(2) in blocks of 64 KiB, or memory
/// (for tests, which read ``text``).
///
/// Batch decoding writes thousands of lines a second through one of these, so writes append to a byte buffer
/// and only a full buffer (or ``flush()``) reaches the system.
final class Output {
    /// Where the bytes go.
    enum Destination: Equatable {
        /// A file descriptor (1 or 2).
        case fileDescriptor(Int32)
        /// Kept in memory.
        case memory
    }

    /// Where the bytes go.
    let destination: Destination
    /// True when the destination is a terminal: `--color auto` colours only then.
    let isTerminal: Bool
    /// Bytes not yet written (all bytes, for memory).
    private(set) var buffer: [UInt8] = []
    /// False once a write failed (a closed pipe): later writes are dropped.
    private(set) var isWritable = true

    private static let blockSize = 1 << 16

    init(_ destination: Destination, isTerminal: Bool = false) {
        self.destination = destination
        self.isTerminal = isTerminal
        if case .fileDescriptor = destination { buffer.reserveCapacity(Output.blockSize * 2) }
    }

    /// Standard output, buffered.
    static func standardOutput() -> Output {
        Output(
            .fileDescriptor(SystemCalls.standardOutput),
            isTerminal: SystemCalls.isTerminal(SystemCalls.standardOutput)
        )
    }

    /// Standard error, buffered (flushed after each command's error lines and at exit).
    static func standardError() -> Output {
        Output(
            .fileDescriptor(SystemCalls.standardError),
            isTerminal: SystemCalls.isTerminal(SystemCalls.standardError)
        )
    }

    /// Appends text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        flushIfFull()
    }

    /// Appends text and a line feed.
    func writeLine(_ text: String = "") {
        write(text)
        buffer.append(0x0A)
    }

    /// Lets `body` append bytes to the buffer directly (the JSON writer's fast path).
    func append(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        flushIfFull()
    }

    /// Writes out whatever is buffered (no-op for memory).
    func flush() {
        guard case .fileDescriptor(let descriptor) = destination else { return }
        if isWritable && !buffer.isEmpty {
            isWritable = buffer.withUnsafeBytes { SystemCalls.writeAll(descriptor, $0) }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Everything written so far, for memory destinations.
    var text: String { String(decoding: buffer, as: UTF8.self) }

    private func flushIfFull() {
        if buffer.count >= Output.blockSize, case .fileDescriptor = destination { flush() }
    }
}
