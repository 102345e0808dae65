/// Writes bits straight into base64url text, six bits a character, most significant first.
///
/// Segments are written one after the other: ``finishSegment(paddingToMultipleOf:)`` pads the current one with
/// zero bits, then separators and verbatim text can follow. ``makeString()`` returns the text.
public struct BitWriter: BitSink {
    /// The characters: the first `_written` are the text, the rest zero room made ahead (so that a run of
    /// characters is stored through one buffer access, not one append each).
    @usableFromInline var _characters: [UInt8]
    @usableFromInline var _written: Int = 0
    @usableFromInline var _accumulator: UInt64 = 0
    @usableFromInline var _pendingBits: Int = 0
    @usableFromInline var _segmentBits: Int = 0

    /// An empty writer with room for about `bits` bits of output.
    @inlinable
    public init(reservingBits bits: Int = 0) {
        _characters = Array(repeating: 0, count: Swift.max(bits, 0) / 6 &+ 2)
    }

    /// Bits written to the current segment.
    @inlinable public var segmentBitCount: Int { _segmentBits }

    /// Characters written so far (a started character not included).
    @inlinable public var characterCount: Int { _written }

    /// See ``BitSink``.
    @inlinable
    public mutating func writeBits(_ value: UInt64, count: Int) {
        precondition(count >= 1 && count <= 64, "invalid bit width")
        if count > 32 {
            _writeSmall(value >> 32, count: count &- 32)
            _writeSmall(value & 0xFFFF_FFFF, count: 32)
        } else {
            _writeSmall(value, count: count)
        }
        _segmentBits &+= count
    }

    /// Appends up to 32 bits; the accumulator holds fewer than 6 bits before, so at most 37 after.
    @inlinable @inline(__always)
    mutating func _writeSmall(_ value: UInt64, count: Int) {
        _accumulator = _accumulator << UInt64(count) | value
        var pending = _pendingBits &+ count
        if pending >= 6 {
            // At most six characters (37 bits); make room first if the sizing pass was short.
            let needed = pending / 6
            if _written &+ needed > _characters.count {
                _characters.append(contentsOf: repeatElement(0, count: Swift.max(needed, _characters.count)))
            }
            let accumulator = _accumulator
            var written = _written
            unsafe _characters.withUnsafeMutableBufferPointer { buffer in
                while pending >= 6 {
                    pending &-= 6
                    // Proof: written < _written + needed <= buffer.count (room made above).
                    unsafe buffer[written] = Base64URL.character(
                        UInt8(truncatingIfNeeded: accumulator >> UInt64(pending))
                    )
                    written &+= 1
                }
            }
            _written = written
        }
        _pendingBits = pending
        _accumulator &= (1 << UInt64(pending)) &- 1
    }

    /// See ``BitSink``.
    @inlinable
    public mutating func finishSegment(paddingToMultipleOf multiple: Int) {
        precondition(multiple >= 1, "padding multiple must be positive")
        var padding = (multiple &- _segmentBits % multiple) % multiple
        padding &+= (6 &- (_segmentBits &+ padding) % 6) % 6
        while padding > 0 {
            let chunk = Swift.min(padding, 32)
            writeBits(0, count: chunk)
            padding &-= chunk
        }
        _segmentBits = 0
    }

    /// Appends text after the written characters, keeping the room made ahead (so that no later write grows
    /// the array when the sizing pass counted the text).
    @inlinable
    mutating func _appendText(_ append: (inout [UInt8]) -> Void) {
        let room = _characters.count
        if _written < room { _characters.removeSubrange(_written...) }
        append(&_characters)
        _written = _characters.count
        if _written < room { _characters.append(contentsOf: repeatElement(0, count: room &- _written)) }
    }

    /// See ``BitSink``.
    @inlinable
    public mutating func appendASCII(_ byte: UInt8) {
        precondition(_pendingBits == 0, "finish the segment before appending text")
        _appendText { $0.append(byte) }
    }

    /// See ``BitSink``.
    @inlinable
    public mutating func appendText(_ text: String) {
        precondition(_pendingBits == 0, "finish the segment before appending text")
        _appendText { $0.append(contentsOf: text.utf8) }
    }

    /// The text written so far; a segment that was not finished is padded to whole characters first.
    public func makeString() -> String {
        var copy = self
        if copy._pendingBits > 0 { copy.finishSegment(paddingToMultipleOf: 6) }
        return String(decoding: copy._characters[0..<copy._written], as: UTF8.self)
    }
}

/// Counts the bits and characters an encoder would write, writing nothing: the sizing pass before a
/// ``BitWriter`` is made with exactly the room it needs.
public struct BitCounter: BitSink {
    /// Bits in the current segment.
    public private(set) var segmentBitCount: Int = 0
    /// Characters of finished segments and appended text.
    public private(set) var characterCount: Int = 0

    /// A counter at zero.
    @inlinable public init() {}

    /// Total bits: finished segments count six per character.
    public var totalBits: Int { characterCount * 6 + segmentBitCount }

    /// See ``BitSink``.
    public mutating func writeBits(_ value: UInt64, count: Int) { segmentBitCount &+= count }

    /// See ``BitSink``.
    public mutating func finishSegment(paddingToMultipleOf multiple: Int) {
        var bits = segmentBitCount
        bits &+= (multiple &- bits % multiple) % multiple
        bits &+= (6 &- bits % 6) % 6
        characterCount &+= bits / 6
        segmentBitCount = 0
    }

    /// See ``BitSink``.
    public mutating func appendASCII(_ byte: UInt8) { characterCount &+= 1 }

    /// See ``BitSink``.
    public mutating func appendText(_ text: String) { characterCount &+= text.utf8.count }
}
