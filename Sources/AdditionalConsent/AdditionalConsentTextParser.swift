import ConsentCore

/// Which id list of an AC string a parser is in.
enum AdditionalConsentList {
    /// Part 3: consented providers.
    case consented
    /// Part 5: disclosed providers, after `dv.`.
    case disclosed

    /// The JSON key, as `ConsentError.field`.
    var field: StaticString {
        switch self {
        case .consented: "consentedProviders"
        case .disclosed: "disclosedProviders"
        }
    }
}

/// Receives the ids of an AC string, a list at a time.
protocol AdditionalConsentIDVisitor {
    /// Reads the ids of `list` with `reader` (calling ``AdditionalConsentListReader/read(into:)`` until it returns
    /// ``AdditionalConsentListStop/end``, and throwing what it fails with); the list has at most `maximumCount` ids
    /// (each takes a digit and all but the last a `.`), to size storage once.
    mutating func readList(
        _ list: AdditionalConsentList,
        atMost maximumCount: Int,
        with reader: inout AdditionalConsentListReader
    ) throws(ConsentError)
}

/// How an AC string was laid out, beyond its ids.
struct AdditionalConsentLayout {
    /// The version, part 1.
    var version: AdditionalConsentString.Version
    /// False for a version 2 string that ends in `~dv` without the dot (allowed only with no disclosed ids).
    var disclosedMarkerHasDot: Bool
}

/// The one AC grammar reader (ac.md §2 and §4), shared by decoding and lint: a single pass over the UTF-8
/// bytes, digits parsed in place, nothing allocated.
struct AdditionalConsentTextParser {
    let view: TextView
    /// With strict decoding, an id written with leading zeros is an error (ac.md §4).
    let rejectsLeadingZeros: Bool
    var index = 0

    init(_ view: TextView, rejectsLeadingZeros: Bool) {
        self.view = view
        self.rejectsLeadingZeros = rejectsLeadingZeros
    }

    private static let tilde = UInt8(ascii: "~")
    private static let dot = UInt8(ascii: ".")

    func error(_ field: StaticString, at index: Int, value: Int64? = nil) -> ConsentError {
        ConsentError(.badValue, format: .ac, field: field, characterOffset: view.offset + index, value: value)
    }

    /// Reads the whole string, handing every id to `visitor`.
    ///
    /// - Throws: ``ConsentError/Code/empty``; ``ConsentError/Code/badVersion`` for a version part other than `1`
    ///   or `2`; ``ConsentError/Code/badValue`` (field `version`, `consentedProviders` or `disclosedProviders`, at
    ///   the offending character) for leading whitespace, a missing or extra `~` part, a third part that is not
    ///   `dv` or `dv.` and ids, an empty, non-decimal, zero or above-65535 id.
    mutating func parse(
        into visitor: inout some AdditionalConsentIDVisitor
    ) throws(ConsentError) -> AdditionalConsentLayout {
        let count = view.count
        guard count > 0 else { throw ConsentError(.empty, format: .ac, characterOffset: view.offset) }
        let version = try parseVersion()
        try parseList(.consented, into: &visitor)
        guard version == .v2 else {
            // spec: ac.md §4, "v1 with a second `~` part (`1~1.2~dv.3`) → badValue".
            if index < count { throw error("disclosedProviders", at: index) }
            return AdditionalConsentLayout(version: .v1, disclosedMarkerHasDot: true)
        }
        // spec: ac.md §4, "v2 without the third part (`2~1.35`, `2~`) → badValue", and `2~1.35~` too.
        guard index < count else { throw error("disclosedProviders", at: index) }
        index += 1
        for expected in [UInt8(ascii: "d"), UInt8(ascii: "v")] {
            guard index < count, view[index] == expected else { throw error("disclosedProviders", at: index) }
            index += 1
        }
        guard index < count else {
            // spec: ac.md §2, the dot after `dv` "may be omitted only when the disclosed list is empty".
            return AdditionalConsentLayout(version: .v2, disclosedMarkerHasDot: false)
        }
        guard view[index] == Self.dot else { throw error("disclosedProviders", at: index) }
        index += 1
        try parseList(.disclosed, into: &visitor)
        // spec: ac.md §4, "more than three `~`-separated parts → badValue".
        if index < count { throw error("disclosedProviders", at: index) }
        return AdditionalConsentLayout(version: .v2, disclosedMarkerHasDot: true)
    }

    /// Part 1 and the `~` after it.
    private mutating func parseVersion() throws(ConsentError) -> AdditionalConsentString.Version {
        let first = view[0]
        // spec: ac.md §4, leading whitespace is badValue unless a lenient option trims it (none does here).
        if first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { throw error("version", at: 0) }
        var end = 0
        var number: Int64 = 0
        var isNumber = true
        while end < view.count && view[end] != Self.tilde {
            let digit = view[end] &- UInt8(ascii: "0")
            if digit > 9 || end >= 18 { isNumber = false } else { number = number * 10 + Int64(digit) }
            end += 1
        }
        guard end == 1, let version = AdditionalConsentString.Version(rawValue: Int(number)), isNumber else {
            throw ConsentError(
                .badVersion,
                format: .ac,
                field: "version",
                characterOffset: view.offset,
                value: isNumber && end > 0 ? number : nil
            )
        }
        // `1` or `2` with no `~` after it.
        guard end < view.count else { throw error("version", at: end) }
        index = end + 1
        return version
    }

    /// An id list from `index` up to the next `~` (left at `index`) or the end; an empty list is allowed.
    private mutating func parseList<Visitor: AdditionalConsentIDVisitor>(
        _ list: AdditionalConsentList,
        into visitor: inout Visitor
    ) throws(ConsentError) {
        let first = index
        if first == view.count || view[first] == Self.tilde { return }
        var reader = AdditionalConsentListReader(
            view,
            list: list,
            from: first,
            rejectsLeadingZeros: rejectsLeadingZeros
        )
        // The list ends at the end of the input at the latest, and holds at most an id for every two characters (a
        // digit and a `.`) and one more: a bound that sizes storage without looking for the list's end first.
        try visitor.readList(list, atMost: (view.count &- first &+ 1) >> 1, with: &reader)
        index = reader.end
    }

    /// The high bit of every byte of `digits` (eight characters XOR `0x30` each) that is not a decimal digit:
    /// a character is a digit exactly when its byte is below 10. Bytes past the end of the input read as zero,
    /// `0x30` here, a non-digit. The `0x7F` mask keeps the per-byte sums from carrying into the next byte.
    @inline(__always)
    static func nonDigitMask(_ digits: UInt64) -> UInt64 {
        (((digits & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    }
}
