#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few system calls the command needs, behind one small namespace.
enum SystemCalls {
    /// Standard input.
    static let standardInput: Int32 = 0
    /// Standard output.
    static let standardOutput: Int32 = 1
    /// Standard error.
    static let standardError: Int32 = 2

    /// True when the descriptor is a terminal (colour, and the hint that `decode` reads standard input).
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Reads up to `buffer.count` bytes; 0 at the end of the input, -1 on an error other than EINTR.
    static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// True when a read of the descriptor would not wait: input is there, or its end (or an error) is. False
    /// when `poll` fails: the caller then acts as if the read would wait.
    static func hasInput(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, 0)
            if ready >= 0 || errno != EINTR { return ready > 0 }
        }
    }

    /// Writes every byte, retrying short writes; nil when all were written, else the `errno` of the write that
    /// failed (`EPIPE` for a closed pipe, `ENOSPC` for a full disk).
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// True for the `errno` of a write to a pipe whose reader has gone (`consent ... | head`): not worth a message.
    static func isClosedPipe(_ code: Int32) -> Bool { code == EPIPE }

    /// The system's text for an `errno` value ("No space left on device").
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The whole content of a file, or the system's reason why it cannot be read; a file of more than `limit` bytes
    /// is refused.
    static func readFile(
        atPath path: String,
        limit: Int = FileError.maximumFileSize
    ) -> Result<[UInt8], FileError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileError(path: path, reason: lastErrorText())) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, into: $0) }
            if count < 0 { return .failure(FileError(path: path, reason: lastErrorText())) }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                return .failure(FileError(path: path, reason: FileError.tooLargeReason(limit: limit)))
            }
        }
    }

    private static func lastErrorText() -> String { errorText(errno) }
}

/// A file that could not be read, with the system's reason.
struct FileError: Error, Equatable, CustomStringConvertible {
    /// Files larger than this are refused: preference files and bid requests are kilobytes, a GVL a few MiB, but a
    /// file of documents for encode may hold the longest one it reads (``EncodeCommand/defaultMaximumDocumentLength``)
    /// and a log of strings is read whole (standard input streams a log of any length).
    static let maximumFileSize = 256 << 20

    /// Why a file above ``maximumFileSize`` is refused, and the way to read a longer log of strings.
    static func tooLargeReason(limit: Int) -> String {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return "larger than \(size); a log of strings of any length streams on standard input (< FILE)"
    }

    /// The path as given.
    let path: String
    /// Why: the system's text for errno, or a size limit.
    let reason: String

    var description: String { "cannot read '\(path)': \(reason)" }
}
