/// Reads the bits of one base64url segment, most significant bit first, six bits per character.
///
/// The reader works on the characters themselves (through a borrowed ``TextView``): there is no decoded copy,
/// so creating and using one allocates nothing. Vocabulary as in swift-nio's `ByteBuffer`: `read` consumes,
/// `peek` reads at the reader index without moving, `get` reads at an absolute bit index, `skip` moves.
///
/// Every read checks once that the bits are there, then assembles the value from at most eleven characters.
/// A read past the end throws ``ConsentError/Code/truncated`` with the field's name, the bit where it
/// began and how many bits were left; nothing that the input controls can trap.
///
/// A `BitReader` is a copyable value: a copy is a checkpoint, which is how decoders look ahead. Like the
/// view it reads, it must not outlive the closure that produced the view.
public struct BitReader {
    @usableFromInline let _text: TextView
    @usableFromInline var _bitIndex: Int
    @usableFromInline let _bitCount: Int
    /// Number of `=` characters after the data characters of the segment (0 for canonical text).
    public let trailingPadding: Int

    @inlinable
    init(text: TextView, characterCount: Int) {
        _text = text
        _bitIndex = 0
        _bitCount = characterCount &* 6
        trailingPadding = text.count - characterCount
    }

    /// The bit the next read starts at, counted from the start of the segment.
    @inlinable public var readerBitIndex: Int { _bitIndex }

    /// Bits left to read.
    @inlinable public var readableBits: Int { _bitCount &- _bitIndex }

    /// Total data bits in the segment (six per character).
    @inlinable public var bitCount: Int { _bitCount }

    /// Number of data characters in the segment (trailing `=` excluded).
    @inlinable public var characterCount: Int { _bitCount / 6 }

    /// Where the segment starts in the whole input, for error messages.
    @inlinable public var characterOffset: Int { _text.offset }

    /// True when the bits after the reader index, if any, are all zero (canonical padding).
    public var remainingBitsAreZero: Bool {
        var index = _bitIndex
        while index < _bitCount {
            let chunk = Swift.min(32, _bitCount - index)
            if _bits(at: index, count: chunk) != 0 { return false }
            index += chunk
        }
        return true
    }

    /// Assembles `count` bits (1...32) starting at `bitIndex`; the caller has checked they exist.
    @inlinable @inline(__always)
    func _bits(at bitIndex: Int, count: Int) -> UInt64 {
        var character = bitIndex / 6
        let skip = bitIndex &- character &* 6
        // Proof for every unchecked read below: the caller checked bitIndex + count <= _bitCount, and each
        // character read holds at least one of the bits wanted, so its index is below _bitCount / 6.
        var accumulator = UInt64(Base64URL.sextet(_text[unchecked: character])) & (0x3F >> UInt64(skip))
        var have = 6 &- skip
        character &+= 1
        while have < count {
            accumulator = accumulator << 6 | UInt64(Base64URL.sextet(_text[unchecked: character]))
            have &+= 6
            character &+= 1
        }
        return accumulator >> UInt64(have &- count)
    }

    /// Reads `bits` bits (1...64) at `bitIndex` as an unsigned big-endian value; the caller checked bounds.
    @inlinable @inline(__always)
    func _uncheckedValue(at bitIndex: Int, bits: Int) -> UInt64 {
        if bits <= 32 { return _bits(at: bitIndex, count: bits) }
        let high = _bits(at: bitIndex, count: bits &- 32)
        return high << 32 | _bits(at: bitIndex &+ bits &- 32, count: 32)
    }

    /// Reads a `bits`-wide unsigned integer at an absolute bit index without moving the reader.
    ///
    /// `bits` must be 1...64 and fit `T`: a constant of the caller's, checked by a precondition.
    /// - Throws: ``ConsentError/Code/truncated`` when fewer than `bits` bits remain after `bitIndex`.
    @inlinable @inline(__always)
    public func getInteger<T: FixedWidthInteger>(
        atBit bitIndex: Int,
        bits: Int,
        as type: T.Type = T.self,
        field: StaticString = ""
    ) throws(ConsentError) -> T {
        precondition(bits >= 1 && bits <= 64 && bits <= T.bitWidth - (T.isSigned ? 1 : 0), "invalid bit width")
        guard bitIndex >= 0, bits <= _bitCount &- bitIndex else {
            throw .truncated(field: field, at: bitIndex, expected: bits, available: Swift.max(0, _bitCount &- bitIndex))
        }
        return T(truncatingIfNeeded: _uncheckedValue(at: bitIndex, bits: bits))
    }

    /// Reads a `bits`-wide unsigned integer at the reader index without moving it.
    /// - Throws: ``ConsentError/Code/truncated`` when fewer than `bits` bits remain.
    @inlinable
    public func peekInteger<T: FixedWidthInteger>(
        bits: Int,
        as type: T.Type = T.self,
        field: StaticString = ""
    ) throws(ConsentError) -> T {
        try getInteger(atBit: _bitIndex, bits: bits, as: type, field: field)
    }

    /// Reads a `bits`-wide unsigned big-endian integer and moves past it.
    ///
    /// `bits` must be 1...64 and fit `T` (a precondition: widths are the caller's constants). At the end of the
    /// segment, `try reader.readInteger(bits: 6, as: Int.self)` throws `truncated` with `bitOffset` = the
    /// reader index.
    /// - Throws: ``ConsentError/Code/truncated`` when fewer than `bits` bits remain.
    @inlinable @inline(__always)
    public mutating func readInteger<T: FixedWidthInteger>(
        bits: Int,
        as type: T.Type = T.self,
        field: StaticString = ""
    ) throws(ConsentError) -> T {
        let value: T = try getInteger(atBit: _bitIndex, bits: bits, as: type, field: field)
        _bitIndex &+= bits
        return value
    }

    /// Reads one bit as a boolean (1 = true) and moves past it.
    /// - Throws: ``ConsentError/Code/truncated`` at the end of the segment.
    @inlinable @inline(__always)
    public mutating func readBool(field: StaticString = "") throws(ConsentError) -> Bool {
        guard _bitIndex < _bitCount else {
            throw .truncated(field: field, at: _bitIndex, expected: 1, available: 0)
        }
        let bit = _bits(at: _bitIndex, count: 1)
        _bitIndex &+= 1
        return bit == 1
    }

    /// Moves the reader forward by `bits`.
    /// - Throws: ``ConsentError/Code/truncated`` when fewer than `bits` bits remain (the reader does not move).
    @inlinable
    public mutating func skipBits(_ bits: Int, field: StaticString = "") throws(ConsentError) {
        guard bits >= 0, bits <= _bitCount &- _bitIndex else {
            throw .truncated(field: field, at: _bitIndex, expected: bits, available: readableBits)
        }
        _bitIndex &+= bits
    }

    /// Checks that `bits` bits remain, without reading them; decoders use it before a loop of small reads.
    /// - Throws: ``ConsentError/Code/truncated`` when fewer remain.
    @inlinable
    public func requireReadable(_ bits: Int, field: StaticString = "") throws(ConsentError) {
        guard bits >= 0, bits <= _bitCount &- _bitIndex else {
            throw .truncated(field: field, at: _bitIndex, expected: bits, available: readableBits)
        }
    }
}
