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
    ///
    /// The pending bits (fewer than six) and `value` are written as characters in one pass over the storage: one
    /// uniqueness check a call, not one per 32 bits.
    @inlinable
    public mutating func writeBits(_ value: UInt64, count: Int) {
        precondition(count >= 1 && count <= 64, "invalid bit width")
        _segmentBits &+= count
        var pending = _pendingBits
        var accumulator = _accumulator
        var bits = value
        var bitCount = count
        if pending &+ bitCount < 6 {
            _accumulator = accumulator << UInt64(bitCount) | bits
            _pendingBits = pending &+ bitCount
            return
        }
        // Up to 69 bits to write: when they do not fit a word, the first character takes the pending bits and the
        // top of `value`, and the rest of `value` (at most 63 bits) follows.
        var first: UInt8? = nil
        if pending &+ bitCount > 64 {
            let taken = 6 &- pending
            bitCount &-= taken
            first = UInt8(truncatingIfNeeded: accumulator << UInt64(taken) | bits >> UInt64(bitCount))
            bits &= (1 << UInt64(bitCount)) &- 1
            pending = 0
            accumulator = 0
        }
        // pending + bitCount <= 64; when bitCount is 64, pending is 0 (and the accumulator holds nothing).
        let combined = bitCount == 64 ? bits : accumulator << UInt64(bitCount) | bits
        var total = pending &+ bitCount
        let characters = total / 6 &+ (first == nil ? 0 : 1)
        if _written &+ characters > _characters.count {
            _characters.append(contentsOf: repeatElement(0, count: Swift.max(characters, _characters.count)))
        }
        var written = _written
        unsafe _characters.withUnsafeMutableBufferPointer { buffer in
            // Proof for every write: written stays below _written + characters <= buffer.count (room made above).
            if let first {
                unsafe buffer[written] = Base64URL.character(first)
                written &+= 1
            }
            while total >= 6 {
                total &-= 6
                unsafe buffer[written] = Base64URL.character(UInt8(truncatingIfNeeded: combined &>> UInt64(total)))
                written &+= 1
            }
        }
        _written = written
        _pendingBits = total
        _accumulator = combined & ((1 << UInt64(total)) &- 1)
    }

    /// See ``BitSink``: every word in one pass over the storage (one uniqueness check for the whole bitfield), six
    /// bits a character straight from the word.
    @inlinable
    public mutating func _writeBitFieldWords(of ids: IDSet, count: Int) {
        guard count > 64 else {
            if count > 0 { writeBits(ids.bitfieldWord(0) >> UInt64(64 &- count), count: count) }
            return
        }
        _segmentBits &+= count
        let characters = (_pendingBits &+ count) / 6
        if _written &+ characters > _characters.count {
            _characters.append(contentsOf: repeatElement(0, count: Swift.max(characters, _characters.count)))
        }
        let state = (written: _written, pending: _pendingBits, accumulator: _accumulator)
        let end = unsafe ids._withTailWords { tail in
            unsafe _characters.withUnsafeMutableBufferPointer { buffer in
                unsafe BitWriter._writeBitField(head: ids._head, tail: tail, count: count, into: buffer, from: state)
            }
        }
        _written = end.written
        _pendingBits = end.pending
        _accumulator = end.accumulator
    }

    /// The loop of ``_writeBitFieldWords(of:count:)`` over a set's first word and the words after it: the writer's
    /// state comes in and goes out as values, so that it stays in registers rather than in a closure's captures.
    /// `buffer` has room for `(pending + count) / 6` more characters after `written`.
    @inlinable @inline(__always)
    static func _writeBitField(
        head: UInt64,
        tail: UnsafeBufferPointer<UInt64>,
        count: Int,
        into buffer: UnsafeMutableBufferPointer<UInt8>,
        from state: (written: Int, pending: Int, accumulator: UInt64)
    ) -> (written: Int, pending: Int, accumulator: UInt64) {
        var (written, pending, accumulator) = state
        // Proof for every write: a character is written only when six bits are at hand, so at most
        // (pending + count) / 6 of them, which the caller has made room for after `written`.
        var remaining = count
        var index = 0
        while remaining > 0 {
            // The word's bits, left-aligned: `bits` of them (64, or fewer for the last word).
            // Words past the set's last are zero. Proof for the read: 1 <= index <= tail.count.
            var word = index == 0 ? head : index <= tail.count ? unsafe tail[index &- 1] : 0
            var bits = Swift.min(64, remaining)
            remaining &-= bits
            index &+= 1
            if pending > 0 {
                let needed = 6 &- pending
                if bits < needed {
                    accumulator = accumulator << UInt64(bits) | word >> UInt64(64 &- bits)
                    pending &+= bits
                    continue
                }
                let character = accumulator << UInt64(needed) | word >> UInt64(64 &- needed)
                unsafe buffer[written] = Base64URL.character(UInt8(truncatingIfNeeded: character))
                written &+= 1
                word <<= UInt64(needed)
                bits &-= needed
                pending = 0
                accumulator = 0
            }
            while bits >= 6 {
                unsafe buffer[written] = Base64URL.character(UInt8(truncatingIfNeeded: word >> 58))
                written &+= 1
                word <<= 6
                bits &-= 6
            }
            if bits > 0 {
                accumulator = word >> UInt64(64 &- bits)
                pending = bits
            }
        }
        return (written, pending, accumulator)
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

    /// Makes room for `count` more characters after the written ones: the room made ahead is used first, and the
    /// array grows (at least doubling) only when the sizing pass did not count them.
    @inlinable
    mutating func _makeRoom(for count: Int) {
        let needed = _written &+ count
        if needed > _characters.count {
            _characters.append(
                contentsOf: repeatElement(0, count: Swift.max(needed &- _characters.count, _characters.count))
            )
        }
    }

    /// See ``BitSink``.
    @inlinable
    public mutating func appendASCII(_ byte: UInt8) {
        precondition(_pendingBits == 0, "finish the segment before appending text")
        _makeRoom(for: 1)
        _characters[_written] = byte
        _written &+= 1
    }

    /// See ``BitSink``: copied into the room made ahead (one copy of the bytes, no reshuffling of the room).
    @inlinable
    public mutating func appendText(_ text: String) {
        precondition(_pendingBits == 0, "finish the segment before appending text")
        var text = text
        text.withUTF8 { bytes in
            _makeRoom(for: bytes.count)
            let start = _written
            unsafe _characters.withUnsafeMutableBufferPointer { buffer in
                // Proof: `_makeRoom` left at least `bytes.count` characters after `start` in the buffer.
                unsafe UnsafeMutableRawBufferPointer(
                    UnsafeMutableBufferPointer(rebasing: buffer[start..<(start &+ bytes.count)])
                )
                .copyMemory(from: UnsafeRawBufferPointer(bytes))
            }
            _written &+= bytes.count
        }
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

    /// See ``BitSink``: the bits counted at once.
    public mutating func _writeBitFieldWords(of ids: IDSet, count: Int) { segmentBitCount &+= count }

    /// See ``BitSink``: 17 bits a single id, 33 a longer run, counted from the run counts.
    public mutating func _writeRangeEntries(of ids: IDSet) {
        segmentBitCount &+= RangeEncodingSize.integerRange(ids) &- 12
    }

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
