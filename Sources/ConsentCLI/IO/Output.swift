/// A buffered output stream: standard output or error (written with write(2) in blocks), or memory (for tests,
/// which read ``text``).
///
/// Batch decoding writes tens of megabytes a second through one of these, so the buffer is a plain block of
/// bytes that writers fill through ``reserve(_:)`` and ``put(_:)``, and only a full buffer (or ``flush()``, which
/// the ``LineReader`` of standard input calls before it waits for more input) reaches the system.
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
    /// The `errno` of the first write that failed (a closed pipe, a full disk), or nil; later writes are dropped.
    private(set) var writeError: Int32?

    /// True once a write failed because the reader went away (a closed pipe).
    var readerIsGone: Bool { writeError.map(SystemCalls.isClosedPipe) ?? false }

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in the buffer.
    private(set) var count = 0

    /// The buffer's first size; a file-descriptor buffer is written out when a write would overflow it.
    private static let initialCapacity = 1 << 17

    init(_ destination: Destination, isTerminal: Bool = false) {
        self.destination = destination
        self.isTerminal = isTerminal
        capacity = Output.initialCapacity
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Standard output, buffered.
    static func standardOutput() -> Output {
        Output(
            .fileDescriptor(SystemCalls.standardOutput),
            isTerminal: SystemCalls.isTerminal(SystemCalls.standardOutput)
        )
    }

    /// Standard error, buffered (commands flush it after each message).
    static func standardError() -> Output {
        Output(
            .fileDescriptor(SystemCalls.standardError),
            isTerminal: SystemCalls.isTerminal(SystemCalls.standardError)
        )
    }

    /// Makes room for `byteCount` more bytes: writes a file-descriptor buffer out first when they do not fit, and
    /// grows the buffer when one write is larger than all of it.
    @inline(__always)
    func reserve(_ byteCount: Int) {
        if count &+ byteCount > capacity { makeRoom(byteCount) }
    }

    /// Appends one byte; the caller reserved room for it.
    @inline(__always)
    func put(_ byte: UInt8) {
        storage[count] = byte
        count &+= 1
    }

    /// Lets `body` write up to `maximum` bytes at the end of the buffer and returns how many it wrote: the
    /// fastest way to append many small pieces (the digits of two thousand vendor ids).
    @inline(__always)
    func appendBytes(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count &+= body(storage + count)
    }

    /// Appends the decimal digits of `value` (at most 20); the caller reserved room for them.
    @inline(__always)
    func putDecimal(_ value: UInt64) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits &+= 1
        }
        var position = count &+ digits
        rest = value
        repeat {
            position &-= 1
            storage[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
        } while rest > 0
        count &+= digits
    }

    /// Appends bytes, reserving room for them.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count &+= bytes.count
    }

    /// Appends text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Appends text and a line feed.
    func writeLine(_ text: String = "") {
        write(text)
        reserve(1)
        put(0x0A)
    }

    /// Writes out whatever is buffered (no-op for memory).
    func flush() {
        guard case .fileDescriptor(let descriptor) = destination else { return }
        if writeError == nil && count > 0 {
            writeError = SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(start: storage, count: count))
        }
        count = 0
    }

    /// Forgets what a memory destination holds, keeping the buffer (a scratch output reused line after line).
    func removeAll() {
        guard case .memory = destination else { return }
        count = 0
    }

    /// Everything written so far, for memory destinations.
    var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    private func makeRoom(_ byteCount: Int) {
        if case .fileDescriptor = destination, count > 0 { flush() }
        guard count &+ byteCount > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + byteCount { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
