public import ConsentCore

extension USPrivacyString {
    /// Decodes a US Privacy string: exactly four characters, version `1`, then three of `Y`, `N`, `-`.
    ///
    /// Allocates nothing. A canonical string is not copied: its four characters are fully described by the
    /// letters, so ``encoded(options:)`` rebuilds it byte for byte.
    /// - Throws: ``ConsentCore/ConsentError/Code/empty`` for empty input; ``ConsentCore/ConsentError/Code/badValue``
    ///   for a length other than 4 (at the first missing or extra character) or a letter other than `Y`, `N`, `-`
    ///   (lower case included; `field` is its JSON name); ``ConsentCore/ConsentError/Code/badVersion`` for a first
    ///   character other than `1` (`value` is the digit, or the character's byte); with `options.strict`,
    ///   ``ConsentCore/ConsentError/Code/policyViolation`` for an error-level ``lint()`` finding.
    @inlinable
    public init(encoded text: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(encoded: text, options: options, acceptingLowercase: false)
    }

    /// Decodes a US Privacy string, accepting `y` and `n` when `acceptingLowercase` is true (the widely copied
    /// regex `^[1][nNyY-][nNyY-][nNyY-]$`); the value then holds upper-case letters and ``encoded(options:)``
    /// still gives back the text as written.
    ///
    /// - Throws: as ``init(encoded:options:)``.
    @inlinable
    public init(
        encoded text: some StringProtocol,
        options: DecodingOptions = DecodingOptions(),
        acceptingLowercase: Bool
    ) throws(ConsentError) {
        // The bytes are gathered in the non-throwing view (about a nanosecond) and checked outside it.
        let (packed, count) = withTextView(of: text) { view in Self.pack(view) }
        try self.init(packed: packed, count: count, options: options, acceptingLowercase: acceptingLowercase)
    }

    /// Decodes a string from what ``pack(_:)`` gathered of it (which is all of it: lower-case letters are
    /// remembered as such): for a caller that already had its bytes in view (ConsentKit's detection reads them
    /// along with the kind, so detecting adds no second look).
    /// - Throws: as ``init(encoded:options:)``.
    @inlinable
    package init(
        packed: UInt32,
        count: Int,
        options: DecodingOptions,
        acceptingLowercase: Bool = false
    ) throws(ConsentError) {
        let letters = try Letters(packed: packed, count: count, offset: 0, options: options, acceptingLowercase)
        self.init(letters, encoding: letters.lowercase == 0 ? .canonical : .lowercase(letters.lowercase))
    }

    /// Decodes the four characters of `view`, which may be part of a larger input (a GPP `uspv1` section):
    /// error offsets count from the start of that input.
    ///
    /// - Throws: as ``init(encoded:options:)``.
    public init(
        view: TextView,
        options: DecodingOptions = DecodingOptions(),
        acceptingLowercase: Bool = false
    ) throws(ConsentError) {
        let (packed, count) = Self.pack(view)
        let letters = try Letters(
            packed: packed,
            count: count,
            offset: view.offset,
            options: options,
            acceptingLowercase
        )
        self.init(letters, encoding: letters.lowercase == 0 ? .canonical : .lowercase(letters.lowercase))
    }

    /// The first four bytes of `view` in one word (the first in the high byte) when it has exactly four, and its
    /// length capped at 5.
    ///
    /// A byte outside ASCII among the first four of a text of another length is packed as if the text had four
    /// (the bytes after it zero), so that the decoder names that character and its field (`1YNé` is 5 bytes but 4
    /// characters: its `lspaCovered` is what is wrong, not its length).
    @inlinable
    package static func pack(_ view: TextView) -> (packed: UInt32, count: Int) {
        guard view.count == 4 else {
            var packed: UInt32 = 0
            for index in 0..<Swift.min(view.count, 4) {
                packed |= UInt32(view[index]) << UInt32(24 &- 8 &* index)
                if view[index] >= 0x80 { return (packed, 4) }
            }
            return (0, Swift.min(view.count, 5))
        }
        return (UInt32(view[0]) << 24 | UInt32(view[1]) << 16 | UInt32(view[2]) << 8 | UInt32(view[3]), 4)
    }

    /// The three letters of a decoded string.
    @usableFromInline
    struct Letters {
        @usableFromInline var notice: USPrivacyFlag
        @usableFromInline var optOutSale: USPrivacyFlag
        @usableFromInline var lspaCovered: USPrivacyFlag
        /// The letters accepted in lower case: bit 0 the notice, bit 1 the opt-out, bit 2 LSPA (0 for canonical
        /// text).
        @usableFromInline var lowercase: UInt8

        /// Reads `packed`, the first `min(count, 4)` bytes of the input, the first in the high byte; `count` is 5
        /// for any input longer than 4. `offset` is where the string starts in the whole input.
        @inlinable
        init(
            packed: UInt32,
            count: Int,
            offset: Int,
            options: DecodingOptions,
            _ acceptingLowercase: Bool
        ) throws(ConsentError) {
            guard count == 4 else {
                // spec: usp.md §3 step 2, "Length ≠ 4 → badValue" (never tooLong, so the code is stable).
                if count == 0 { throw ConsentError(.empty, format: .usp, characterOffset: offset) }
                throw ConsentError(.badValue, format: .usp, characterOffset: offset + Swift.min(count, 4))
            }
            let version = UInt8(truncatingIfNeeded: packed >> 24)
            guard version == UInt8(ascii: "1") else {
                // spec: usp.md §3 step 3, "if it is not `1` → badVersion" (a letter included, as in `ZYN-`).
                let isDigit = version >= UInt8(ascii: "0") && version <= UInt8(ascii: "9")
                throw ConsentError(
                    .badVersion,
                    format: .usp,
                    field: "version",
                    characterOffset: offset,
                    value: Int64(isDigit ? version - UInt8(ascii: "0") : version)
                )
            }
            lowercase = 0
            notice = .notApplicable
            optOutSale = .notApplicable
            lspaCovered = .notApplicable
            notice = try flag(packed >> 16, offset + 1, field: "notice", acceptingLowercase, bit: 1)
            optOutSale = try flag(packed >> 8, offset + 2, field: "optOutSale", acceptingLowercase, bit: 2)
            lspaCovered = try flag(packed, offset + 3, field: "lspaCovered", acceptingLowercase, bit: 4)
            if options.strict
                && USPrivacyString.mixesNotApplicableWithSignals(
                    notice: notice,
                    optOutSale: optOutSale,
                    lspaCovered: lspaCovered
                )
            {
                throw ConsentError(.policyViolation, format: .usp, field: "optOutSale", characterOffset: offset + 2)
            }
        }

        @inlinable @inline(__always)
        mutating func flag(
            _ bits: UInt32,
            _ characterOffset: Int,
            field: StaticString,
            _ acceptingLowercase: Bool,
            bit: UInt8
        ) throws(ConsentError) -> USPrivacyFlag {
            let byte = UInt8(truncatingIfNeeded: bits)
            if let flag = USPrivacyFlag(rawValue: byte) { return flag }
            if acceptingLowercase && (byte == UInt8(ascii: "y") || byte == UInt8(ascii: "n")) {
                lowercase |= bit
                return byte == UInt8(ascii: "y") ? .yes : .no
            }
            throw ConsentError(
                .badValue,
                format: .usp,
                field: field,
                characterOffset: characterOffset,
                value: Int64(byte)
            )
        }
    }
}
