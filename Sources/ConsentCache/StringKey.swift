internal import CXXHash

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The key of a cache entry: the string's UTF-8 bytes, hashed with XXH3-64 and compared in full on a hit.
enum StringKey {
    /// A function from UTF-8 bytes to a 64-bit hash; tests substitute one that collides on purpose.
    typealias Hash = @Sendable (UnsafeRawBufferPointer) -> UInt64

    /// XXH3-64 with the default secret and seed 0: about 25 ns for a 700-byte string, no allocation.
    static let xxh3: Hash = { bytes in
        XXH3_64bits(bytes.baseAddress, bytes.count)
    }

    /// Runs `body` over the UTF-8 bytes of `string` without copying a native string.
    @inline(__always)
    static func withUTF8<R>(_ string: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = string
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { body(UnsafeRawBufferPointer($0)) }
            ?? body(.init(start: nil, count: 0))
    }

    /// True when `string` holds exactly `bytes`: byte equality, not Unicode equivalence, since two different
    /// byte sequences are two different consent strings (and decode to different errors).
    @inline(__always)
    static func string(_ string: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard string.utf8.count == bytes.count else { return false }
        return withUTF8(string) { stored in
            guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }  // both empty
            if left == right { return true }
            // The C library's memcmp compares a 700-byte string in a few vector instructions.
            return memcmp(left, right, bytes.count) == 0
        }
    }
}
