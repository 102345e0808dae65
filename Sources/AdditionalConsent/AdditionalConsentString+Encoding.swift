public import ConsentCore

extension AdditionalConsentString {
    /// The string: the decoded text when nothing changed and `options.fidelity` is `.preserveOriginal`;
    /// otherwise the canonical form (ac.md §5): ids ascending without duplicates, disclosed ids minus consented
    /// ones, `~dv.` always written with its dot, `1~` for a version 1 string without consents.
    ///
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` (field `disclosedProviders`) for a version 1 value with
    ///   disclosed providers, which version 1 cannot carry.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        if options.fidelity == .preserveOriginal, let originalText { return originalText }
        if version == .v1 && !disclosedProviders.isEmpty {
            throw ConsentError(
                .valueOutOfRange,
                format: .ac,
                field: "disclosedProviders",
                value: Int64(disclosedProviders.count)
            )
        }
        let consented = ProviderWords(consentedProviders)
        // Disclosed minus consented, a word at a time, without building the difference.
        let disclosed = ProviderWords(disclosedProviders, excluding: consentedProviders)
        // `2~` and `~dv.`, then at most one separator and as many digits as the largest id has for each id.
        let capacity = 6 &+ consented.maximumTextLength &+ (version == .v2 ? disclosed.maximumTextLength : 0)
        return makeASCIIString(capacity: capacity) { writer in
            writer.append(
                bytes: UInt64(UInt8(ascii: "~")) << 8 | UInt64(UInt8(ascii: "0") &+ UInt8(version.rawValue)),
                count: 2
            )
            consented.write(to: &writer)
            if version == .v2 {
                writer.append(bytes: 0x2E_76_64_7E, count: 4)  // "~dv."
                disclosed.write(to: &writer)
            }
        }
    }

    /// True when ``encoded(options:)`` writes the canonical form: a built or changed value, or one decoded from
    /// canonical text.
    public var isCanonicallyEncoded: Bool {
        guard let originalText else { return true }
        return (try? encoded(options: .canonical)) == originalText
    }
}

/// The ids of a list to write, read from an ``IDSet`` a 64-id word at a time (minus the ids of another set).
private struct ProviderWords {
    let ids: IDSet
    let excluded: IDSet
    /// Words holding ids: up to the largest id of `ids`.
    let wordCount: Int
    /// The number of ids to write, at most.
    let idCount: Int
    /// Digits in the largest id.
    let maximumDigits: Int

    init(_ ids: IDSet, excluding excluded: IDSet = IDSet()) {
        self.ids = ids
        self.excluded = excluded
        let largest = ids.max ?? 0
        // `largest` is in 0...65535: no overflow.
        wordCount = (largest &+ 63) >> 6
        idCount = ids.count
        maximumDigits = Self.digitCount(Swift.max(largest, 1))
    }

    /// An upper bound of the text length: a separator and `maximumDigits` digits an id.
    var maximumTextLength: Int { idCount &* (maximumDigits &+ 1) }

    /// The ids, ascending, separated by `.`, in decimal.
    func write(to writer: inout ASCIIWriter) {
        // A local copy, written back at the end: its count stays in a register instead of going to memory per id.
        var output = writer
        defer { writer = output }
        // No separator before the first id, a `.` before each after it.
        var separator: UInt64 = 0
        var separatorCount = 0
        // Read once here: the table is a lazily made global, checked for initialization at each access.
        let fourDigits = Self.fourDigits
        for index in 0..<wordCount {
            // Bit-reversed (the word's first id in bit 0), so that each id is a trailing-zero count and the step to
            // the next clears the lowest bit: the loop's chain from id to id is that one instruction.
            var word = Self.bitReversed(ids.bitfieldWord(index) & ~excluded.bitfieldWord(index))
            // `index` is below 1024: no overflow.
            let base = index &* 64 &+ 1
            while word != 0 {
                let bit = word.trailingZeroBitCount
                word &= word &- 1
                let id = base &+ bit
                // Ids below 10,000 (every id of Google's ATP list) from the table: one load instead of the
                // multiplications of `decimalDigits`.
                let (digits, count) = id < 10_000 ? Self.digits(of: id, from: fourDigits) : Self.decimalDigits(id)
                output.append(
                    bytes: digits &<< UInt64(truncatingIfNeeded: separatorCount &* 8) | separator,
                    count: count &+ separatorCount
                )
                separator = UInt64(UInt8(ascii: "."))
                separatorCount = 1
            }
        }
    }

    /// `word` with its bit order reversed (bit 63 becomes bit 0).
    @inline(__always)
    static func bitReversed(_ word: UInt64) -> UInt64 {
        var value = word.byteSwapped
        value = (value & 0x0F0F_0F0F_0F0F_0F0F) &<< 4 | (value &>> 4) & 0x0F0F_0F0F_0F0F_0F0F
        value = (value & 0x3333_3333_3333_3333) &<< 2 | (value &>> 2) & 0x3333_3333_3333_3333
        return (value & 0x5555_5555_5555_5555) &<< 1 | (value &>> 1) & 0x5555_5555_5555_5555
    }

    /// The four ASCII digits of every number 0...9,999, zeros in front, the first digit in the low byte (`"0042"`
    /// for 42). 40 KB, made at first use; an id of Google's ATP list (below 4,000) reads its first 16 KB.
    static let fourDigits: [UInt32] = (0..<10_000).map { number in
        var packed: UInt32 = 0
        var rest = number
        // The last digit into the top byte, the first into the low one.
        for byte in (0..<4).reversed() {
            packed |= UInt32(0x30 + rest % 10) << (8 * byte)
            rest /= 10
        }
        return packed
    }

    /// The ASCII digits of `id` (1...9,999) from ``fourDigits``, the first digit in the low byte, and how many there
    /// are.
    @inline(__always)
    static func digits(of id: Int, from fourDigits: [UInt32]) -> (digits: UInt64, count: Int) {
        let padded = UInt64(fourDigits[id])
        // The leading zeros are the low bytes that are `0`: at most three, since `id >= 1`.
        let leadingZeros = (padded ^ 0x3030_3030).trailingZeroBitCount &>> 3
        return (padded &>> UInt64(truncatingIfNeeded: leadingZeros &* 8), 4 &- leadingZeros)
    }

    /// The number of decimal digits of `id` (1...65535).
    @inline(__always)
    static func digitCount(_ id: Int) -> Int {
        1 &+ (id >= 10 ? 1 : 0) &+ (id >= 100 ? 1 : 0) &+ (id >= 1000 ? 1 : 0) &+ (id >= 10000 ? 1 : 0)
    }

    /// The ASCII digits of `id` (1...65535), the first digit in the low byte, and how many there are.
    ///
    /// Six digits as three pairs (`id` = top * 10,000 + middle * 100 + low, `top` at most 6), each split by a
    /// multiplication and a shift instead of a division; the three pairs are split into digits at once, one pair a
    /// 16-bit lane. The count comes from the leading zero digits, so no comparison picks it. The multipliers are
    /// exact for every id in 1...65535 (checked for all of them): `n * 1_374_389_535 >> 37 == n / 100` for
    /// n < 65,536, `n * 41 >> 12 == n / 100` for n < 1,000, `n * 103 >> 10 == n / 10` for n < 100.
    @inline(__always)
    static func decimalDigits(_ id: Int) -> (digits: UInt64, count: Int) {
        let value = UInt64(truncatingIfNeeded: id)
        let hundreds = (value &* 1_374_389_535) &>> 37  // id / 100, 0...655
        let low = value &- hundreds &* 100
        let top = (hundreds &* 41) &>> 12  // id / 10_000, 0...6
        let middle = hundreds &- top &* 100
        // The pairs in lanes 0, 1, 2 (bytes 0, 2, 4), the first pair lowest; then tens and ones of each pair, the
        // tens in the even bytes and the ones in the odd ones: six digit values, the first digit in the low byte.
        let pairs = top | middle &<< 16 | low &<< 32
        let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F
        let digits = tens | (pairs &- tens &* 10) &<< 8
        // `id >= 1`, so some digit is not zero: the zero digits below it are the leading zeros, at least one (the
        // tens of `top`).
        let leadingZeros = digits.trailingZeroBitCount &>> 3
        return ((digits | 0x3030_3030_3030) &>> UInt64(truncatingIfNeeded: leadingZeros &* 8), 6 &- leadingZeros)
    }
}
