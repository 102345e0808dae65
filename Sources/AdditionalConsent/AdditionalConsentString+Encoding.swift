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
        let disclosedOnly = disclosedProviders.subtracting(consentedProviders)
        if version == .v1 && !disclosedProviders.isEmpty {
            throw ConsentError(
                .valueOutOfRange,
                format: .ac,
                field: "disclosedProviders",
                value: Int64(disclosedProviders.count)
            )
        }
        // At most six bytes an id (five digits and a separator), plus the fixed parts.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(6 &* (consentedProviders.count &+ disclosedOnly.count) &+ 8)
        bytes.append(UInt8(ascii: "0") &+ UInt8(version.rawValue))
        bytes.append(UInt8(ascii: "~"))
        Self.appendIDs(consentedProviders, to: &bytes)
        if version == .v2 {
            bytes.append(contentsOf: "~dv.".utf8)
            Self.appendIDs(disclosedOnly, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when ``encoded(options:)`` writes the canonical form: a built or changed value, or one decoded from
    /// canonical text.
    public var isCanonicallyEncoded: Bool {
        guard let originalText else { return true }
        return (try? encoded(options: .canonical)) == originalText
    }

    /// Appends the ids, ascending, separated by `.`, in decimal.
    private static func appendIDs(_ ids: IDSet, to bytes: inout [UInt8]) {
        var first = true
        for id in ids {
            if !first { bytes.append(UInt8(ascii: ".")) }
            first = false
            // The digits, last one first, each pushed in at the bottom: the first digit ends in the low byte.
            var rest = id
            var digits: UInt64 = 0
            var count = 0
            repeat {
                digits = digits << 8 | UInt64(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
                rest /= 10
                count &+= 1
            } while rest > 0
            for _ in 0..<count {
                bytes.append(UInt8(truncatingIfNeeded: digits))
                digits >>= 8
            }
        }
    }
}
