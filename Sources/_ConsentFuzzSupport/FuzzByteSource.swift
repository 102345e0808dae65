/// Random numbers taken from the fuzz input itself, so that a structure-aware target's choices are the
/// fuzzer's to mutate: eight bytes per `next()`; past the end, a fixed pseudo-random continuation (never a
/// constant, which would make the standard library's rejection sampling loop forever). Property tests use a
/// seeded generator in its place.
public struct FuzzByteSource: RandomNumberGenerator, Sendable {
    private var bytes: ArraySlice<UInt8>
    private var continuation: UInt64 = 0

    /// A source over `bytes`.
    public init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// The next eight bytes, big-endian; past the end, the continuation.
    public mutating func next() -> UInt64 {
        if bytes.count >= 8 {
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(bytes.popFirst() ?? 0) }
            return value
        }
        var value = continuationWord()
        while let byte = bytes.popFirst() { value = value << 8 | UInt64(byte) }
        return value
    }

    /// The next byte; past the end, from the continuation.
    public mutating func nextByte() -> UInt8 {
        bytes.popFirst() ?? UInt8(truncatingIfNeeded: continuationWord())
    }

    /// SplitMix64 from a fixed start.
    private mutating func continuationWord() -> UInt64 {
        continuation &+= 0x9E37_79B9_7F4A_7C15
        var z = continuation
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
