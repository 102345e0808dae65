/// Reads a bitfield as consecutive 64-bit words, each character of the text read once.
///
/// `BitReader.readBitField` used to assemble every word from scratch (two 32-bit reads of six characters each,
/// the characters on word boundaries read twice); this stream keeps the bits left over from the last character
/// instead. The caller has checked that every bit it asks for exists.
@usableFromInline
struct _BitfieldStream {
    @usableFromInline let text: TextView
    /// The next character to read.
    @usableFromInline var character: Int
    /// Bits read but not yet returned, right-aligned; `pendingBits` of them (0...64).
    @usableFromInline var pending: UInt64
    @usableFromInline var pendingBits: Int

    /// A stream starting at the reader index of `reader` (which it does not move).
    @inlinable
    init(reader: BitReader) {
        text = reader._text
        let bitIndex = reader._bitIndex
        character = bitIndex / 6
        let skip = bitIndex &- character &* 6
        pending = 0
        pendingBits = 0
        if skip != 0 {
            // Proof: the caller checked that at least one bit exists at bitIndex, which lies in this character.
            pending = UInt64(Base64URL.sextet(text[unchecked: character])) & (0x3F >> UInt64(skip))
            pendingBits = 6 &- skip
            character &+= 1
        }
    }

    /// The next `min(64, remaining)` bits as a word, most significant aligned; `remaining` (>= 1) is the number
    /// of bitfield bits not yet returned, all of which the caller has checked exist.
    @inlinable @inline(__always)
    mutating func nextWord(remaining: Int) -> UInt64 {
        if remaining >= 64 && pendingBits < 6 { return _nextFullWord() }
        // Proof for every unchecked read: a character is read only while fewer than `remaining` bits are
        // pending, so it holds at least one bit the caller checked exists.
        while pendingBits <= 58 && pendingBits < remaining {
            pending = pending << 6 | UInt64(Base64URL.sextet(text[unchecked: character]))
            pendingBits &+= 6
            character &+= 1
        }
        let width = Swift.min(64, remaining)
        if pendingBits >= width {
            let extra = pendingBits &- width
            let value = pending >> UInt64(extra)
            pending &= (1 << UInt64(extra)) &- 1
            pendingBits = extra
            return width == 64 ? value : value << UInt64(64 &- width)
        }
        // 59...63 bits pending and 1...5 more wanted: the next character completes the word.
        let missing = width &- pendingBits
        let sextet = UInt64(Base64URL.sextet(text[unchecked: character]))
        character &+= 1
        let value = pending << UInt64(missing) | sextet >> UInt64(6 &- missing)
        pendingBits = 6 &- missing
        pending = sextet & ((1 << UInt64(pendingBits)) &- 1)
        return width == 64 ? value : value << UInt64(64 &- width)
    }

    /// The next three words (192 bits) when fewer than six bits are pending and at least 192 remain: 32 characters
    /// decoded sixteen at a time (SIMD), with no per-character tests. The pending bits stay as many.
    @inlinable @inline(__always)
    mutating func nextThreeWords() -> (UInt64, UInt64, UInt64) {
        // Proof for every unchecked read: 0...5 bits are pending and at least 192 bits the caller checked remain,
        // so the 32 characters read hold 192 - pending of them; the last holds at least one (6 - pending).
        let start = character
        let (g0, g1, g2, g3) = text._sextetGroups16(at: start)
        let (g4, g5, g6, g7) = text._sextetGroups16(at: start &+ 16)
        character &+= 32
        // The 192 bits as three words (shifts drop the bits of a group that belong to the word before).
        let a = g0 << 40 | g1 << 16 | g2 >> 8
        let b = g2 << 56 | g3 << 32 | g4 << 8 | g5 >> 16
        let c = g5 << 48 | g6 << 24 | g7
        let kept = UInt64(truncatingIfNeeded: pendingBits)
        if kept == 0 { return (a, b, c) }
        // `kept` is in 1...5 here and `shift` in 59...63: the masking shifts are exact.
        let shift = 64 &- kept
        let words = (pending &<< shift | a &>> kept, a &<< shift | b &>> kept, b &<< shift | c &>> kept)
        pending = c & ((1 &<< kept) &- 1)
        return words
    }

    /// A whole word when fewer than six bits are pending and at least 64 remain (every word of a bitfield but the
    /// last): nine characters, then the one or two that complete the word, with no per-character tests.
    @inlinable @inline(__always)
    mutating func _nextFullWord() -> UInt64 {
        // Proof for every unchecked read: the word's 64 bits exist (the caller checked them), 0...5 of them are
        // pending, and each character read holds at least one of the others: the nine first hold 54, the tenth
        // is read for 5...10 missing bits, the eleventh only when more than 6 were missing.
        var value = pending
        var index = 0
        while index < 9 {
            value = value << 6 | UInt64(Base64URL.sextet(text[unchecked: character &+ index]))
            index &+= 1
        }
        character &+= 9
        let missing = 10 &- pendingBits
        var extra = UInt64(Base64URL.sextet(text[unchecked: character]))
        character &+= 1
        var extraBits = 6
        if missing > 6 {
            extra = extra << 6 | UInt64(Base64URL.sextet(text[unchecked: character]))
            character &+= 1
            extraBits = 12
        }
        let leftover = extraBits &- missing
        pending = extra & ((1 << UInt64(leftover)) &- 1)
        pendingBits = leftover
        return value << UInt64(missing) | extra >> UInt64(leftover)
    }
}

/// Reads a run of short consecutive fields (range entries, restriction headers) with each character of the text
/// decoded once: up to 64 bits are kept in a buffer, refilled several characters at a time.
///
/// A decoder checks, after ``refillForShortFields()`` (at least 33 bits buffered unless the segment ends first) or
/// ``refill()`` (at least 59), that ``bufferedBits`` covers the field it wants; when it does not, ``reader`` gives a
/// ``BitReader`` at the same bit, whose reads throw the exact error.
public struct BitStream {
    @usableFromInline let origin: BitReader
    /// The next character to load.
    @usableFromInline var character: Int
    /// The number of data characters of the segment.
    @usableFromInline let endCharacter: Int
    /// Loaded bits not yet consumed, right-aligned; bits above `bufferedBits` are garbage.
    @usableFromInline var buffer: UInt64
    /// Valid bits in `buffer` (0...64).
    @usableFromInline var _bufferedBits: Int

    /// Bits loaded and not yet consumed (after ``refill()`` at least 59, after ``refillForShortFields()`` at least 33,
    /// unless the segment ends first).
    @inlinable public var bufferedBits: Int { _bufferedBits }

    /// A stream at the reader index of `reader` (which it does not move).
    @inlinable
    public init(_ reader: BitReader) {
        origin = reader
        endCharacter = reader._bitCount / 6
        let bitIndex = reader._bitIndex
        character = bitIndex / 6
        let skip = bitIndex &- character &* 6
        buffer = 0
        _bufferedBits = 0
        if skip != 0 && character < endCharacter {
            // Proof: character < endCharacter, the data characters, all inside the text.
            buffer = UInt64(Base64URL.sextet(reader._text[unchecked: character]))
            _bufferedBits = 6 &- skip
            character &+= 1
        }
    }

    /// The bit the next read starts at, counted from the start of the segment.
    @inlinable public var bitIndex: Int { character &* 6 &- _bufferedBits }

    /// A reader at ``bitIndex`` in the same segment, for reads whose bits are not all buffered.
    @inlinable
    public var reader: BitReader {
        var result = origin
        result._bitIndex = bitIndex
        return result
    }

    /// Loads characters until at least 59 bits are buffered or the segment has no more.
    @inlinable @inline(__always)
    public mutating func refill() {
        while _bufferedBits <= 58 && character < endCharacter {
            // Proof: character < endCharacter, the data characters, all inside the text.
            buffer = buffer << 6 | UInt64(Base64URL.sextet(origin._text[unchecked: character]))
            _bufferedBits &+= 6
            character &+= 1
        }
    }

    /// Loads characters until at least 33 bits are buffered (a TCF range entry, a restriction header) or the
    /// segment has no more: eight characters (48 bits) in one step when at most 16 bits are left, else four (24
    /// bits) a step while they exist, then one at a time near the end. Cheaper than ``refill()`` for a run of short
    /// fields.
    @inlinable @inline(__always)
    public mutating func refillForShortFields() {
        if _bufferedBits <= 16 && character &+ 8 <= endCharacter {
            // Eight characters (48 bits) in one step when they fit.
            // Proof: character + 8 <= endCharacter, the data characters, all inside the text.
            buffer =
                buffer << 48 | origin._text._sextets4(at: character) << 24 | origin._text._sextets4(at: character &+ 4)
            _bufferedBits &+= 48
            character &+= 8
            return
        }
        while _bufferedBits <= 40 && character &+ 4 <= endCharacter {
            // Proof: character + 4 <= endCharacter, the data characters, all inside the text.
            buffer = buffer << 24 | origin._text._sextets4(at: character)
            _bufferedBits &+= 24
            character &+= 4
        }
        while _bufferedBits < 33 && character < endCharacter {
            // Proof: character < endCharacter, the data characters, all inside the text.
            buffer = buffer << 6 | UInt64(Base64URL.sextet(origin._text[unchecked: character]))
            _bufferedBits &+= 6
            character &+= 1
        }
    }

    /// The next `count` bits (1...``bufferedBits``, at most 63) as an unsigned value, without consuming them.
    @inlinable @inline(__always)
    public func peek(_ count: Int) -> UInt64 {
        buffer &>> UInt64(truncatingIfNeeded: _bufferedBits &- count) & ((1 &<< UInt64(truncatingIfNeeded: count)) &- 1)
    }

    /// Consumes `count` bits (0...``bufferedBits``).
    @inlinable @inline(__always)
    public mutating func consume(_ count: Int) {
        _bufferedBits &-= count
    }

    /// Moves to `bitIndex` (at or after the stream's position, inside the segment), after a read through ``reader``.
    @inlinable
    public mutating func move(to bitIndex: Int) {
        var target = origin
        target._bitIndex = bitIndex
        self = BitStream(target)
    }
}

extension TextView {
    /// The bits of the sixteen base64url characters at `index` as four 24-bit groups (four characters each, the
    /// first character in the high bits of the first group), decoded together (SIMD); the caller proves that
    /// `0 <= index`, `index + 16 <= count` and that the characters are in the alphabet.
    @inlinable @inline(__always)
    func _sextetGroups16(at index: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let characters = unsafe UnsafeRawPointer(_base.unsafelyUnwrapped + index).loadUnaligned(
            as: SIMD16<UInt8>.self
        )
        // What to add to each character for its value: 4 for digits (`0` is 52), -65 from `A`, -71 from `a`, 17 for
        // `-` (62) and -32 for `_` (63). Each class's offset replaces the one before it by XOR with the difference,
        // where the class's mask is set; the constants are typed so that the vector operations are chosen.
        func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
            unsafe unsafeBitCast(mask, to: SIMD16<UInt8>.self)
        }
        let upper = lanes(characters .>= SIMD16<UInt8>(repeating: UInt8(ascii: "A")))
        let lower = lanes(characters .>= SIMD16<UInt8>(repeating: UInt8(ascii: "a")))
        let dash = lanes(characters .== SIMD16<UInt8>(repeating: UInt8(ascii: "-")))
        let underscore = lanes(characters .== SIMD16<UInt8>(repeating: UInt8(ascii: "_")))
        var offset = SIMD16<UInt8>(repeating: 4)
        offset ^= upper & SIMD16<UInt8>(repeating: 4 ^ 191)
        offset ^= lower & SIMD16<UInt8>(repeating: 191 ^ 185)
        offset ^= dash & SIMD16<UInt8>(repeating: 4 ^ 17)
        offset ^= underscore & SIMD16<UInt8>(repeating: 191 ^ 224)
        let sextets = characters &+ offset
        // Pairs of characters (16-bit lanes, the first in the low byte) into 12 bits, first character high; then
        // pairs of those (32-bit lanes) into 24 bits.
        let pairs = unsafe unsafeBitCast(sextets, to: SIMD8<UInt16>.self)
        let twelve = (pairs & SIMD8<UInt16>(repeating: 0xFF)) &<< 6 | pairs &>> 8
        let quads = unsafe unsafeBitCast(twelve, to: SIMD4<UInt32>.self)
        let groups = (quads & SIMD4<UInt32>(repeating: 0xFFFF)) &<< 12 | quads &>> 16
        let words = unsafe unsafeBitCast(groups, to: (UInt64, UInt64).self)
        return (words.0 & 0xFF_FFFF, words.0 &>> 32, words.1 & 0xFF_FFFF, words.1 &>> 32)
    }

    /// The 24 bits of the four base64url characters at `index`, the first in the high bits; the caller proves that
    /// `index + 4 <= count` and that the characters are in the alphabet.
    @inlinable @inline(__always)
    func _sextets4(at index: Int) -> UInt64 {
        UInt64(Base64URL.sextet(self[unchecked: index])) << 18
            | UInt64(Base64URL.sextet(self[unchecked: index &+ 1])) << 12
            | UInt64(Base64URL.sextet(self[unchecked: index &+ 2])) << 6
            | UInt64(Base64URL.sextet(self[unchecked: index &+ 3]))
    }
}
