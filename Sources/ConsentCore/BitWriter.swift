/// Writes bits straight into base64url text, six bits a character, most significant first.
///
/// Segments are written one after the other: ``finishSegment(paddingToMultipleOf:)`` pads the current one with
/// zero bits, then separators and verbatim text can follow. ``makeString()`` returns the text.
public struct BitWriter: BitSink, Sendable {
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
    @inlinable public var characterCount: Int { _written &+ _pendingBits / 6 }

    /// See ``BitSink``.
    ///
    /// The bits gather in a word (fewer than 32 wait there between calls) and become characters about every 32
    /// bits, several at once: most calls are a shift and an or, with no access to the storage.
    @inlinable
    public mutating func writeBits(_ value: UInt64, count: Int) {
        precondition(count >= 1 && count <= 64, "invalid bit width")
        if count > 32 {
            _appendBits(value >> 32, count: count &- 32)
            _appendBits(value & 0xFFFF_FFFF, count: 32)
        } else {
            _appendBits(value, count: count)
        }
    }

    /// Appends `count` (1...32) bits; fewer than 32 are pending, so the word holds them all.
    @inlinable @inline(__always)
    mutating func _appendBits(_ value: UInt64, count: Int) {
        _segmentBits &+= count
        _accumulator = _accumulator << UInt64(count) | value
        _pendingBits &+= count
        if _pendingBits >= 32 { _flushCharacters() }
    }

    /// Writes the whole characters of the pending bits, leaving fewer than six pending.
    @inlinable
    mutating func _flushCharacters() {
        let characters = _pendingBits / 6
        guard characters > 0 else { return }
        _makeRoom(for: characters)
        var written = _written
        var pending = _pendingBits
        let accumulator = _accumulator
        unsafe _characters.withUnsafeMutableBufferPointer { buffer in
            // Proof for every write: `_makeRoom` left `characters` = pending / 6 characters of room after `written`.
            if pending >= 48 {
                pending &-= 48
                unsafe BitWriter._writeEightCharacters(of: accumulator >> UInt64(pending), at: written, in: buffer)
                written &+= 8
            }
            while pending >= 6 {
                pending &-= 6
                unsafe buffer[written] = Base64URL.character(UInt8(truncatingIfNeeded: accumulator &>> UInt64(pending)))
                written &+= 1
            }
        }
        _written = written
        _pendingBits = pending
        _accumulator = accumulator & ((1 << UInt64(pending)) &- 1)
    }

    /// See ``BitSink``: every word in one pass over the storage (one uniqueness check for the whole bitfield), six
    /// bits a character straight from the word.
    @inlinable
    public mutating func _writeBitFieldWords(of ids: IDSet, count: Int) {
        guard count > 64 else {
            if count > 0 { writeBits(ids.bitfieldWord(0) >> UInt64(64 &- count), count: count) }
            return
        }
        _flushCharacters()  // the loop below takes fewer than six pending bits
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
        // Word `index` of the bitfield (0 is the head); words past the set's last are zero.
        // Proof for the read: 1 <= index <= tail.count.
        @inline(__always) func word(_ index: Int) -> UInt64 {
            index == 0 ? head : index <= tail.count ? unsafe tail[index &- 1] : 0
        }
        // The 64 bits of the bitfield from bit `offset` (0 <= offset < count), zeros past its last word.
        @inline(__always) func bits(from offset: Int) -> UInt64 {
            let index = offset &>> 6
            let shift = UInt64(truncatingIfNeeded: offset & 63)
            let high = word(index) &<< shift
            return shift == 0 ? high : high | word(index &+ 1) &>> (64 &- shift)
        }
        var offset = 0
        if pending > 0 {
            // The pending bits and the first bits of the bitfield make one character (or stay pending).
            let needed = 6 &- pending
            if count < needed {
                accumulator = accumulator &<< UInt64(count) | head &>> UInt64(64 &- count)
                return (written, pending &+ count, accumulator)
            }
            let character = accumulator &<< UInt64(needed) | head &>> UInt64(64 &- needed)
            unsafe buffer[written] = Base64URL.character(UInt8(truncatingIfNeeded: character))
            written &+= 1
            offset = needed
        }
        // Eight characters (48 bits) at a time, then one at a time.
        while count &- offset >= 48 {
            unsafe BitWriter._writeEightCharacters(of: bits(from: offset) &>> 16, at: written, in: buffer)
            written &+= 8
            offset &+= 48
        }
        while count &- offset >= 6 {
            unsafe buffer[written] = Base64URL.character(UInt8(truncatingIfNeeded: bits(from: offset) &>> 58))
            written &+= 1
            offset &+= 6
        }
        pending = count &- offset
        accumulator = pending == 0 ? 0 : bits(from: offset) &>> UInt64(64 &- pending)
        return (written, pending, accumulator)
    }

    /// Writes the 48 bits `chunk` (right-aligned; nothing above them) as eight characters from `offset`: no loop,
    /// no test, one alphabet read each. The caller has room for them.
    @inlinable @inline(__always)
    static func _writeEightCharacters(of chunk: UInt64, at offset: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) {
        unsafe buffer[offset] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 42))
        unsafe buffer[offset &+ 1] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 36))
        unsafe buffer[offset &+ 2] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 30))
        unsafe buffer[offset &+ 3] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 24))
        unsafe buffer[offset &+ 4] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 18))
        unsafe buffer[offset &+ 5] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 12))
        unsafe buffer[offset &+ 6] = Base64URL.character(UInt8(truncatingIfNeeded: chunk >> 6))
        unsafe buffer[offset &+ 7] = Base64URL.character(UInt8(truncatingIfNeeded: chunk))
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
        _flushCharacters()  // a whole number of characters: none pending after this
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
        _flushCharacters()
        precondition(_pendingBits == 0, "finish the segment before appending text")
        _makeRoom(for: 1)
        _characters[_written] = byte
        _written &+= 1
    }

    /// See ``BitSink``: copied into the room made ahead (one copy of the bytes, no reshuffling of the room).
    @inlinable
    public mutating func appendText(_ text: String) {
        _flushCharacters()
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
        copy._flushCharacters()
        return String(decoding: copy._characters[0..<copy._written], as: UTF8.self)
    }
}

/// Counts the bits and characters an encoder would write, writing nothing: the sizing pass before a
/// ``BitWriter`` is made with exactly the room it needs.
public struct BitCounter: BitSink, Sendable {
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
        precondition(multiple >= 1, "padding multiple must be positive")
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
