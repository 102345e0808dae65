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

/// Receives the ids of an AC string as the parser reads them, in the order written.
protocol AdditionalConsentIDVisitor {
    /// One id of `list` (checked: in `1...65535`), in the order written, with the offset of its first digit and
    /// whether it was written with leading zeros. Visitors that need neither ignore them: the parser is
    /// specialized for each visitor, so what a visitor does not read is not computed.
    mutating func visit(_ id: Int, in list: AdditionalConsentList, at characterOffset: Int, leadingZeros: Bool)
    /// Before the ids of `list`: its last id when that is one (usually its largest), to size storage once.
    mutating func reserve(upTo lastID: Int?, in list: AdditionalConsentList)
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
        // In a valid version 2 string the consented list ends at the last `~`: found from the end, past the
        // (usually short) disclosed list. Used only to size the set.
        let consentedEnd = version == .v2 ? lastTilde(from: index, before: count) ?? count : count
        try parseList(.consented, sizingEnd: consentedEnd, into: &visitor)
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
        try parseList(.disclosed, sizingEnd: count, into: &visitor)
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
    /// `sizingEnd` is where the list probably ends, for sizing the sets only.
    ///
    /// Two loops that do not wait on each other: the outer one classifies 64 characters at a time into a mask of
    /// the non-digits (eight at once, no branch); the inner one takes each non-digit in turn, which ends the id
    /// before it, so an id's start and end are known without reading its digits one by one, and each id's value
    /// comes from one eight-byte load ending at its separator. The ids of one block are thus independent of each
    /// other, not a chain in which each waits for the length of the one before.
    private mutating func parseList<Visitor: AdditionalConsentIDVisitor>(
        _ list: AdditionalConsentList,
        sizingEnd: Int,
        into visitor: inout Visitor
    ) throws(ConsentError) {
        let count = view.count
        let first = index
        if first == count || view[first] == Self.tilde { return }
        visitor.reserve(upTo: lastID(from: first, to: sizingEnd), in: list)
        var idStart = first
        var block = first
        while true {
            // Bytes past the end count as non-digits: the end of the input ends the last id.
            var separators = nonDigits(from: block)
            while separators != 0 {
                let end = block &+ separators.trailingZeroBitCount
                separators &= separators &- 1
                let length = end &- idStart
                let (id, startsWithZero) = try idValue(from: idStart, length: length, in: list)
                visitor.visit(id, in: list, at: view.offset &+ idStart, leadingZeros: length > 1 && startsWithZero)
                guard end < count else {
                    index = count
                    return
                }
                let separator = view[end]
                if separator == Self.dot {
                    // A trailing `.` leaves an empty id at the end of the input, which `idValue` rejects.
                    idStart = end &+ 1
                    continue
                }
                index = end
                if separator == Self.tilde { return }
                throw error(list.field, at: end, value: Int64(separator))
            }
            // No separator in 64 bytes: the id there is too long, which `idValue` rejects at the next one.
            block &+= 64
        }
    }

    /// A mask of the bytes in `start ..< start + 64` that are not decimal digits (bit `i` for byte `start + i`),
    /// bytes past the end of the input included.
    @inline(__always)
    private func nonDigits(from start: Int) -> UInt64 {
        var mask: UInt64 = 0
        var chunk = 0
        while chunk < 8 {
            let offset = start &+ chunk &* 8
            // Past the end: zero bytes, which are not digits.
            let word = offset < view.count ? view.getWord(at: offset) : 0
            let flags = Self.nonDigitMask(word ^ 0x3030_3030_3030_3030) >> 7
            // The low bit of each byte gathered into eight bits, byte 0 lowest: each byte's bit lands in its own
            // place of the top byte and no two sums carry into each other.
            mask |= ((flags &* 0x0102_0408_1020_4080) >> 56) << UInt64(chunk &* 8)
            chunk &+= 1
        }
        return mask
    }

    /// The id of `length` digits at `start` (the bytes there are digits: the mask said so), checked, and whether
    /// its first digit is `0`.
    ///
    /// - Throws: for an empty id (`1..2`, a trailing `.`: at `start`, `value` the byte there), or an id that
    ///   ``checkedID(_:length:startsWithZero:at:in:)`` or ``readLongID(from:in:)`` rejects.
    @inline(__always)
    private func idValue(
        from start: Int,
        length: Int,
        in list: AdditionalConsentList
    ) throws(ConsentError) -> (id: Int, startsWithZero: Bool) {
        guard length >= 1 && length <= 5 else {
            if length == 0 {
                throw error(list.field, at: start, value: start < view.count ? Int64(view[start]) : nil)
            }
            return (try readLongID(from: start, in: list).id, view[start] == UInt8(ascii: "0"))
        }
        let end = start &+ length
        let digits: UInt64
        if end >= 8 {
            // The eight bytes ending at the separator, the id's digits at the top (the last one highest), the bytes
            // before it cleared to zero digits: `end - 8 >= 0` and `end <= count`, so the load is inside the view.
            let shift = UInt64(64 &- 8 &* length)
            digits = ((view.getWord(at: end &- 8) ^ 0x3030_3030_3030_3030) >> shift) << shift
        } else {
            // Near the start of the input: the id's bytes, first digit lowest, moved to the top.
            digits = (view.getWord(at: start) ^ 0x3030_3030_3030_3030) << UInt64(64 &- 8 &* length)
        }
        let startsWithZero = digits >> UInt64(64 &- 8 &* length) & 0xFF == 0
        let id = try checkedID(
            Self.decimalValue(digits, length: 8),
            length: length,
            startsWithZero: startsWithZero,
            at: start,
            in: list
        )
        return (id, startsWithZero)
    }

    /// `value`, an id of `length` (1...5) digits at `start`, when it is in `1...65535` and, with strict decoding,
    /// has no leading zeros (`startsWithZero`: its first digit is `0`).
    @inline(__always)
    private func checkedID(
        _ value: Int,
        length: Int,
        startsWithZero: Bool,
        at start: Int,
        in list: AdditionalConsentList
    ) throws(ConsentError) -> Int {
        guard value >= 1 && value <= IDSet.maximumID else {
            throw error(list.field, at: start, value: Int64(value))
        }
        // spec: ac.md §4, leading zeros "accept as 7 in lenient mode; badValue in strict mode".
        if rejectsLeadingZeros && length > 1 && startsWithZero {
            throw error(list.field, at: start, value: Int64(value))
        }
        return value
    }

    /// The id that starts at `start` when it is six digits long or more, and the index just past its digits.
    ///
    /// - Throws: for an empty id (`1..2`) or a character that starts no id (`-3`, `x`); for six digits or more
    ///   (leading zeros or an id too large), as ``checkedID(_:length:startsWithZero:at:in:)``.
    private func readLongID(from start: Int, in list: AdditionalConsentList) throws(ConsentError) -> (id: Int, end: Int)
    {
        var value = 0
        var end = start
        // Capped so any length is safe.
        while end < view.count {
            let digit = view[end] &- UInt8(ascii: "0")
            if digit > 9 { break }
            if value <= IDSet.maximumID { value = value &* 10 &+ Int(digit) }
            end &+= 1
        }
        if end == start {
            throw error(list.field, at: start, value: start < view.count ? Int64(view[start]) : nil)
        }
        guard value >= 1 && value <= IDSet.maximumID else {
            throw error(list.field, at: start, value: value <= IDSet.maximumID ? Int64(value) : nil)
        }
        if rejectsLeadingZeros { throw error(list.field, at: start, value: Int64(value)) }
        return (value, end)
    }

    /// The high bit of every byte of `digits` (eight characters XOR `0x30` each) that is not a decimal digit:
    /// a character is a digit exactly when its byte is below 10. Bytes past the end of the input read as zero,
    /// `0x30` here, a non-digit. The `0x7F` mask keeps the per-byte sums from carrying into the next byte.
    @inline(__always)
    static func nonDigitMask(_ digits: UInt64) -> UInt64 {
        (((digits & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    }

    /// The value of the first `length` (1...8) digits of `digits`: the digits moved to the top bytes, zeros
    /// below them, then combined pairwise (2 digits, then 4, then 8) with three multiplications.
    @inline(__always)
    static func decimalValue(_ digits: UInt64, length: Int) -> Int {
        var value = digits << UInt64(64 &- 8 &* length)
        value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return Int(truncatingIfNeeded: value)
    }

    /// The index of the last `~` in `start..<end`, or nil: eight bytes a step from the end.
    private func lastTilde(from start: Int, before end: Int) -> Int? {
        var chunkEnd = end
        while chunkEnd &- start >= 8 {
            let word = view.getWord(at: chunkEnd &- 8) ^ 0x7E7E_7E7E_7E7E_7E7E
            // The high bit of every zero byte (a `~`), exactly: the `0x7F` mask keeps the sums from carrying.
            let tildes = ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
            if tildes != 0 { return chunkEnd &- 8 &+ (63 &- tildes.leadingZeroBitCount) >> 3 }
            chunkEnd &-= 8
        }
        while chunkEnd > start {
            chunkEnd &-= 1
            if view[chunkEnd] == Self.tilde { return chunkEnd }
        }
        return nil
    }

    /// The id just before `end` when the bytes between the last `.` (or `start`) and `end` are one: read
    /// backwards, a hint that sizes a set once instead of letting it grow.
    private func lastID(from start: Int, to end: Int) -> Int? {
        guard end <= view.count else { return nil }
        var index = end
        var value = 0
        var scale = 1
        while index > start {
            let digit = view[index - 1] &- UInt8(ascii: "0")
            guard digit <= 9, scale <= 10_000 else { break }
            value += Int(digit) * scale
            scale *= 10
            index -= 1
        }
        return index < end && value >= 1 && value <= IDSet.maximumID ? value : nil
    }
}
