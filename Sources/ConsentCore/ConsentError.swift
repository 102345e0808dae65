/// The one error type of the package: what went wrong (``code``), in which format, segment and field, and where.
///
/// Creating and throwing a `ConsentError` allocates nothing and formats nothing: every stored property is a
/// scalar or a `StaticString`. The human-readable text is built only by ``description`` and ``message``.
/// Equality and hashing look at every property, so tests can compare against a freshly made error, but
/// tests should prefer checking ``code`` and the offsets.
public struct ConsentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The kind of string being read or written, when known.
    public var format: ConsentFormat?
    /// The segment, section or subsection (`core`, `disclosedVendors`, `usnat`, `gpc`, ...), or empty.
    public var segment: StaticString
    /// The field, as its JSON key (`vendorConsents`, `maxVendorId`, `saleOptOut`), or what stands for one where the
    /// failure is not in a field (`segmentType`, `sectionIds`, `key` for a repeated JSON key; the words
    /// `ConsentString.detectFormat(of:options:)` documents), or empty.
    public var field: StaticString
    /// Bit offset within the segment where the field that failed begins.
    public var bitOffset: Int?
    /// Character offset in the whole input: of the bad character, or of the start of the segment that failed.
    public var characterOffset: Int?
    /// Bits the field needed, when the problem is a shortfall.
    public var expectedBits: Int?
    /// Bits that were left, when the problem is a shortfall.
    public var availableBits: Int?
    /// The offending value, when the problem is a value the format cannot hold.
    public var value: Int64?

    /// Makes an error; every context argument is optional.
    @inlinable
    public init(
        _ code: Code,
        format: ConsentFormat? = nil,
        segment: StaticString = "",
        field: StaticString = "",
        bitOffset: Int? = nil,
        characterOffset: Int? = nil,
        expectedBits: Int? = nil,
        availableBits: Int? = nil,
        value: Int64? = nil
    ) {
        self.code = code
        self.format = format
        self.segment = segment
        self.field = field
        self.bitOffset = bitOffset
        self.characterOffset = characterOffset
        self.expectedBits = expectedBits
        self.availableBits = availableBits
        self.value = value
    }

    /// The field with its segment, as a dotted path: `core.vendorConsents`, `usnat.saleOptOut`.
    public var fieldPath: String {
        let segment = segment.description
        let field = field.description
        if segment.isEmpty { return field }
        if field.isEmpty { return segment }
        return segment + "." + field
    }

    /// One sentence that says what went wrong and where, without the code.
    public var message: String {
        // A badBase64 without a character is a segment with no characters at all.
        var text = code.summary
        if code == .badBase64 && value == nil { text = "empty segment (no characters between its separators)" }
        let path = fieldPath
        if !path.isEmpty { text += " in \(path)" }
        if let bitOffset { text += " at bit \(bitOffset)" }
        if let characterOffset {
            text += bitOffset == nil ? " at character \(characterOffset)" : " (segment at character \(characterOffset))"
        }
        if let expectedBits, let availableBits {
            text += ": needed \(expectedBits) bits, \(availableBits) left"
        } else if let value {
            text += ": value \(value)"
        }
        return text
    }

    /// `code: message`, the form the CLI prints on standard error.
    public var description: String {
        let prefix = format.map { "\($0) " } ?? ""
        return "\(prefix)\(code): \(message)"
    }

    /// The same error with the outer context filled in where the inner code left it empty.
    ///
    /// Decoders call this as an error leaves a segment: the reader knows the field and the bit, the segment
    /// decoder knows its name and where it starts in the input.
    @inlinable
    public func adding(
        format: ConsentFormat? = nil,
        segment: StaticString = "",
        characterOffset: Int? = nil
    ) -> ConsentError {
        var copy = self
        if copy.format == nil { copy.format = format }
        if copy.segment.utf8CodeUnitCount == 0 { copy.segment = segment }
        if copy.characterOffset == nil { copy.characterOffset = characterOffset }
        return copy
    }

    /// Equal when every property is equal.
    public static func == (lhs: ConsentError, rhs: ConsentError) -> Bool {
        lhs.code == rhs.code && lhs.format == rhs.format
            && lhs.segment.description == rhs.segment.description && lhs.field.description == rhs.field.description
            && lhs.bitOffset == rhs.bitOffset && lhs.characterOffset == rhs.characterOffset
            && lhs.expectedBits == rhs.expectedBits && lhs.availableBits == rhs.availableBits && lhs.value == rhs.value
    }

    /// Hashes the code, format, path and offsets.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(format)
        hasher.combine(fieldPath)
        hasher.combine(bitOffset)
        hasher.combine(characterOffset)
    }
}

extension ConsentError {
    /// A field needed more bits than the segment has left.
    @usableFromInline @inline(never)
    static func truncated(field: StaticString, at bitOffset: Int, expected: Int, available: Int) -> ConsentError {
        ConsentError(.truncated, field: field, bitOffset: bitOffset, expectedBits: expected, availableBits: available)
    }

    /// A decoded value that the format cannot hold (vendor id 0, a 6-bit letter above Z, a range end before its start).
    @usableFromInline @inline(never)
    static func badValue(field: StaticString, at bitOffset: Int, value: Int64) -> ConsentError {
        ConsentError(.badValue, field: field, bitOffset: bitOffset, value: value)
    }

    /// A value handed to an encoder that does not fit its field.
    @usableFromInline @inline(never)
    static func valueOutOfRange(field: StaticString, at bitOffset: Int, value: Int64) -> ConsentError {
        ConsentError(.valueOutOfRange, field: field, bitOffset: bitOffset, value: value)
    }
}
