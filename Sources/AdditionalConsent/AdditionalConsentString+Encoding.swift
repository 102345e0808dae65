public import ConsentCore

extension AdditionalConsentString {
    /// The string: the decoded text when nothing changed and `options.fidelity` is `.preserveOriginal`;
    /// otherwise the canonical form (ac.md §5): ids ascending without duplicates, disclosed ids minus consented
    /// ones, `~dv.` always written with its dot, `1~` for a version 1 string without consents.
    ///
    /// - Throws: ``ConsentCore/ConsentError/Code/valueOutOfRange`` (field `disclosedProviders`) for a version 1 value
    ///   with disclosed providers, which version 1 cannot carry.
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

/// The ids of a list to write, read from a ``ProviderIDSet`` in order (minus the ids of another set).
private struct ProviderWords {
    let ids: ProviderIDSet
    let excluded: ProviderIDSet
    /// The number of ids to write, at most.
    let idCount: Int
    /// Digits in the largest id.
    let maximumDigits: Int

    init(_ ids: ProviderIDSet, excluding excluded: ProviderIDSet = ProviderIDSet()) {
        self.ids = ids
        self.excluded = excluded
        idCount = ids.count
        maximumDigits = Self.digitCount(Swift.max(ids.max ?? 1, 1))
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
        let excludedIDs = excluded._ids
        var excludedIndex = 0
        for value in ids._ids {
            // Both ascending: the excluded ids below this one are passed once.
            while excludedIndex < excludedIDs.count && excludedIDs[excludedIndex] < value { excludedIndex &+= 1 }
            if excludedIndex < excludedIDs.count && excludedIDs[excludedIndex] == value { continue }
            let id = Int(value)
            // Ids below 10,000 from the table: one load instead of divisions. Above, the digits before the last four
            // (at most six: `id` is below 2^31) the same way, then the last four with their zeros.
            let lead = id < 10_000 ? id : id / 10_000
            let top = lead < 10_000 ? lead : lead / 10_000
            let (digits, count) = Self.digits(of: top, from: fourDigits)
            output.append(
                bytes: digits &<< UInt64(truncatingIfNeeded: separatorCount &* 8) | separator,
                count: count &+ separatorCount
            )
            if lead != top { output.append(bytes: UInt64(fourDigits[lead &- top &* 10_000]), count: 4) }
            if id != lead { output.append(bytes: UInt64(fourDigits[id &- lead &* 10_000]), count: 4) }
            separator = UInt64(UInt8(ascii: "."))
            separatorCount = 1
        }
    }

    /// The four ASCII digits of every number 0...9,999, zeros in front, the first digit in the low byte (`"0042"`
    /// for 42). 40 KB, made at first use; an id of Google's ATP list below 4,000 reads its first 16 KB.
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

    /// The number of decimal digits of `id` (at least 1).
    static func digitCount(_ id: Int) -> Int {
        var count = 1
        var power = 10
        while power <= id && count < 19 {
            count &+= 1
            power &*= 10
        }
        return count
    }
}
