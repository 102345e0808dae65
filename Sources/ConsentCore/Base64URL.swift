/// The base64url alphabet (RFC 4648 §5) read as the consent formats use it: 6 bits per character, most
/// significant bit first, with no regard for byte boundaries, so any number of characters is legal.
///
/// Only `A-Z a-z 0-9 - _` are data. A run of trailing `=` is accepted by the readers (and remembered, see
/// BitReader/trailingPadding); `+`, `/` and every other character are ConsentError/Code/badBase64
/// with the character's offset.
public enum Base64URL {
    /// Character values: 0-63 for the alphabet, 64 for everything else, indexed by the UTF-8 byte.
    ///
    /// A `StaticString` so that the bytes are a constant in the binary: its pointer never dangles and reading
    /// it needs no lazy initialisation.
    @usableFromInline static let sextetTable: StaticString =
        "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@>@@456789:;<=@@@@@@@\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}@@@@?@\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F} !\u{22}#$%&'()*+,-./0123@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"

    /// The value marking a byte outside the alphabet in sextetTable.
    @usableFromInline static let invalid: UInt8 = 64

    /// The alphabet in value order, for encoding.
    @usableFromInline static let alphabet: StaticString =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    /// The 6-bit value of a UTF-8 byte, or 64 when the byte is not in the alphabet.
    @inlinable @inline(__always)
    public static func sextet(_ byte: UInt8) -> UInt8 {
        // Proof: the table holds exactly 256 bytes and the index is a UInt8, so it is always in bounds.
        unsafe sextetTable.utf8Start[Int(byte)]
    }

    /// The character for a 6-bit value; the value is masked to 6 bits.
    @inlinable @inline(__always)
    public static func character(_ value: UInt8) -> UInt8 {
        // Proof: the alphabet holds exactly 64 bytes and the index is masked to 0...63.
        unsafe alphabet.utf8Start[Int(value & 63)]
    }

    /// Decodes base64url text into bytes, 6 bits per character; the last byte is zero-filled at its end.
    ///
    /// Trailing `=` characters are ignored; empty text decodes to no bytes (but `=` alone is an error). Bits that do not fill a whole byte are dropped, as in any
    /// base64 decoder; use BitReader to read every bit.
    /// - Throws: ConsentError/Code/badBase64 with the offset of the first character outside the alphabet.
    public static func decode(_ text: some StringProtocol) throws(ConsentError) -> [UInt8] {
        var string = String(text)
        let result: Result<[UInt8], ConsentError> = string.withUTF8 { utf8 in
            Result { () throws(ConsentError) -> [UInt8] in try decode(utf8: unsafe TextView(utf8, offset: 0)) }
        }
        return try result.get()
    }

    /// Decodes borrowed base64url text into bytes; see decode(_:).
    public static func decode(utf8 text: TextView) throws(ConsentError) -> [UInt8] {
        if text.isEmpty { return [] }
        let length = try text.base64URLDataLength()
        let byteCount = length * 6 / 8
        return unsafe [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            var input = 0
            var output = 0
            // Sixteen characters (validated above) make twelve bytes, decoded together (SIMD).
            while input + 16 <= length {
                // Proof: input + 16 <= length <= count; output + 12 <= byteCount, since 16 characters are 12 bytes.
                let (a, b, c, d) = text._sextetGroups16(at: input)
                // The 96 bits as eight bytes and four, most significant first.
                let target = unsafe UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped + output)
                unsafe target.storeBytes(of: (a << 40 | b << 16 | c >> 8).bigEndian, as: UInt64.self)
                unsafe target.storeBytes(
                    of: UInt32(truncatingIfNeeded: c << 24 | d).bigEndian,
                    toByteOffset: 8,
                    as: UInt32.self
                )
                input += 16
                output += 12
            }
            // Four characters make three bytes; the loop runs while a whole group remains.
            while input + 4 <= length {
                let a = UInt32(sextet(text[unchecked: input]))
                let b = UInt32(sextet(text[unchecked: input + 1]))
                let c = UInt32(sextet(text[unchecked: input + 2]))
                let d = UInt32(sextet(text[unchecked: input + 3]))
                let group = a << 18 | b << 12 | c << 6 | d
                unsafe buffer[output] = UInt8(truncatingIfNeeded: group >> 16)
                unsafe buffer[output + 1] = UInt8(truncatingIfNeeded: group >> 8)
                unsafe buffer[output + 2] = UInt8(truncatingIfNeeded: group)
                input += 4
                output += 3
            }
            var accumulator: UInt32 = 0
            var bits = 0
            while input < length {
                accumulator = accumulator << 6 | UInt32(sextet(text[unchecked: input]))
                bits += 6
                input += 1
                if bits >= 8 {
                    bits -= 8
                    unsafe buffer[output] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                    output += 1
                }
            }
            initialized = output
        }
    }

    /// Encodes bytes as base64url text without padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var writer = BitWriter(reservingBits: bytes.count * 8)
        for byte in bytes { writer.writeBits(UInt64(byte), count: 8) }
        writer.finishSegment(paddingToMultipleOf: 6)
        return writer.makeString()
    }
}
