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

    /// XXH3-64 with the default secret and seed 0, compiled inline (CXXHash's shim.h): no allocation, the widest
    /// vector loop the processor has (AVX-512, AVX2) for long strings.
    static let xxh3: Hash = { bytes in
        consentXXH3_64(bytes.baseAddress, bytes.count)
    }

    /// The vector units XXH3 may use for a long input (the tests check that each gives XXH3's values).
    enum VectorLoop: Int32, CaseIterable {
        /// SSE2 on x86-64 (every x86-64 processor has it), the scalar or NEON loop elsewhere.
        case portable = 0
        /// AVX2, where the processor has it.
        case avx2 = 1
        /// AVX-512, where the processor has it (the default), else AVX2 where it has that.
        case avx512 = 2
    }

    /// XXH3-64 of `bytes` with at most the `widest` vector loop.
    static func xxh3(_ bytes: UnsafeRawBufferPointer, widest: VectorLoop) -> UInt64 {
        consentXXH3_64Choosing(bytes.baseAddress, bytes.count, widest.rawValue)
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

    /// True when the two byte buffers hold the same bytes.
    @inline(__always)
    static func bytes(_ left: UnsafeRawBufferPointer, equal right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }  // both empty
        if leftBase == rightBase { return true }
        // The C library's memcmp compares a 700-byte string in a few vector instructions.
        return memcmp(leftBase, rightBase, left.count) == 0
    }
}
