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
}
