/// Random numbers taken from the fuzz input itself, so that a structure-aware target's choices are the
/// fuzzer's to mutate: eight bytes per `next()`, then zeros when the input is used up (every generator
/// terminates on zeros). Property tests use a seeded generator in its place.
public struct FuzzByteSource: RandomNumberGenerator, Sendable {
    private var bytes: ArraySlice<UInt8>

    /// A source over `bytes`.
    public init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// True when every byte has been used.
    public var isExhausted: Bool { bytes.isEmpty }

    /// The next eight bytes, big-endian, zero-filled past the end.
    public mutating func next() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(bytes.popFirst() ?? 0) }
        return value
    }

    /// The next byte (zero past the end): cheaper than `next()` for small choices.
    public mutating func nextByte() -> UInt8 { bytes.popFirst() ?? 0 }
}
