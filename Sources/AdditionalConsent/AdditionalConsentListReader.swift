import ConsentCore

/// Takes the ids of one AC list as ``AdditionalConsentListReader`` reads them.
protocol AdditionalConsentIDSink {
    /// Takes `id` (checked: in `1...ProviderIDSet.maximumID`), written at `characterOffset`, with leading zeros or
    /// not; returns false, taking nothing, when it has no room for it (the reader then stops, and its caller makes
    /// room).
    ///
    /// The reader is specialized for each sink and inlines this, so what a sink does not read (the offset, leading
    /// zeros) is not computed.
    mutating func add(_ id: Int, at characterOffset: Int, leadingZeros: Bool) -> Bool
}

/// Why ``AdditionalConsentListReader/read(into:)`` returned.
enum AdditionalConsentListStop {
    /// The list ended: ``AdditionalConsentListReader/end`` is at its `~` or at the end of the input.
    case end
    /// The sink had no room for `id`, which the reader has read and checked: make room, add it, read on.
    case needsRoom(Int)
    /// The list is malformed.
    case failed(ConsentError)
}

/// Reads one id list of an AC string (ac.md §2 and §4), from its first id to the `~` after it or the end of the
/// input, handing each id to a sink; it can stop at any id (when the sink is full) and read on.
///
/// Two loops that do not wait on each other: the outer one classifies 64 characters at a time into a mask of the
/// non-digits (eight at once, no branch); the inner one takes each non-digit in turn, which ends the id before it,
/// so an id's start and end are known without reading its digits one by one, and each id's value comes from one
/// eight-byte load ending at its separator. The ids of one block are thus independent of each other, not a chain in
/// which each waits for the length of the one before. The state lives in locals while reading (stored back only
/// when the reader stops), and whatever fails leaves the loop through cold functions.
struct AdditionalConsentListReader {
    let view: TextView
    let list: AdditionalConsentList
    /// With strict decoding, an id written with leading zeros is an error (ac.md §4).
    let rejectsLeadingZeros: Bool
    /// Where the next id starts.
    private var idStart: Int
    /// The start of the 64-byte block that `separators` covers.
    private var block: Int
    /// The non-digits of the block not yet taken, bit `i` for the byte at `block + i`.
    private var separators: UInt64
    /// Where the list ended (its `~`, or the end of the input) once it has; -1 before.
    private(set) var end = -1

    /// A reader of the list whose first id starts at `start`.
    init(_ view: TextView, list: AdditionalConsentList, from start: Int, rejectsLeadingZeros: Bool) {
        self.view = view
        self.list = list
        self.rejectsLeadingZeros = rejectsLeadingZeros
        idStart = start
        block = start
        separators = Self.nonDigits(in: view, from: start)
    }

    private static let tilde = UInt8(ascii: "~")
    private static let dot = UInt8(ascii: ".")

    /// Reads ids into `sink` until the list ends, the sink is full or an id is malformed.
    @inline(__always)
    mutating func read<Sink: AdditionalConsentIDSink>(into sink: inout Sink) -> AdditionalConsentListStop {
        if end >= 0 { return .end }
        // One loop for each mode (a specialization each), so that lenient decoding tests no flag per id.
        if rejectsLeadingZeros { return read(into: &sink, rule: StrictIDs.self) }
        return read(into: &sink, rule: LenientIDs.self)
    }

    private mutating func read<Sink: AdditionalConsentIDSink, Rule: LeadingZeroRule>(
        into sink: inout Sink,
        rule: Rule.Type
    ) -> AdditionalConsentListStop {
        let rejectsLeadingZeros = Rule.rejectsLeadingZeros
        // Everything the loop reads in locals: the sink writes through memory the compiler cannot tell apart from
        // `self`, so fields would be loaded again after every id. (Not the sink: in locals, its fields take the
        // registers the loop needs, and go to the stack and back for every id.)
        let view = self.view
        let count = view.count
        var idStart = self.idStart
        var block = self.block
        var separators = self.separators
        // Where the fast path may end an id, as one unsigned comparison: `UInt(idEnd - 7) < fastEnd` is
        // `7 <= idEnd < count` (an `idEnd` below 7 wraps to a value above any count). With fewer than 8 characters
        // `fastEnd` is 0: every id takes the byte-at-a-time path.
        let fastEnd = UInt(bitPattern: Swift.max(count &- 7, 0))
        while true {
            while separators == 0 {
                // No separator left in this block: the id that runs on is read when its end is found (one too long
                // for the fast path is read by `shortOrLongID`).
                block &+= 64
                separators = Self.nonDigits(in: view, from: block)
            }
            // Bytes past the end count as non-digits and every byte from `idStart` to here is a digit, so
            // `idEnd <= count`.
            let idEnd = block &+ separators.trailingZeroBitCount
            separators &= separators &- 1
            let length = idEnd &- idStart
            let leadingZerosAllowed = !rejectsLeadingZeros
            if _fastPath(UInt(bitPattern: length &- 1) < 4 && UInt(bitPattern: idEnd &- 7) < fastEnd) {
                // The common case, one load: the eight bytes ending with the separator (`idEnd - 7 >= 0`, `idEnd <
                // count`), the separator in the top byte and the id's digits below it, moved to the top with the
                // bytes before them cleared to zero digits (`length` is in 1...4: the shift is in 32...56). Four
                // digits make at most 9999, so the id is valid unless it is 0; longer ids take the path below.
                let word = view.getWord(uncheckedAt: idEnd &- 7)
                let shift = UInt64(truncatingIfNeeded: 64 &- 8 &* length)
                let digits = (((word &<< 8) ^ 0x3030_3030_3030_3030) &>> shift) &<< shift
                let value = Self.value(ofFourDigits: digits)
                let leadingZeros = length > 1 && digits &>> shift & 0xFF == 0
                if _fastPath(
                    word &>> 56 == UInt64(Self.dot) && value != 0
                        && (leadingZerosAllowed || !leadingZeros)
                        && sink.add(value, at: view.offset &+ idStart, leadingZeros: leadingZeros)
                ) {
                    idStart = idEnd &+ 1
                    continue
                }
            }
            // Anything else (a list's last id, an id near the start of the input, of five digits or more, malformed, or
            // one the sink has no room for: it took nothing, so asking again is harmless), read one byte at a time.
            let (value, startsWithZero) = shortOrLongID(from: idStart, length: length)
            let leadingZeros = length > 1 && startsWithZero
            if UInt(bitPattern: value &- 1) >= UInt(ProviderIDSet.maximumID) || (rejectsLeadingZeros && leadingZeros) {
                return .failed(idError(from: idStart, length: length))
            }
            // What follows the id: `.` (another id), `~` or the end of the input (the list ends), or a mistake.
            let finished: Bool
            if idEnd < count {
                let separator = view[idEnd]
                finished = separator != Self.dot
                if finished && separator != Self.tilde { return .failed(error(at: idEnd, value: Int64(separator))) }
            } else {
                finished = true
            }
            let added = sink.add(value, at: view.offset &+ idStart, leadingZeros: leadingZeros)
            idStart = idEnd &+ 1
            if finished || !added {
                if finished { end = idEnd }
                self.idStart = idStart
                self.block = block
                self.separators = separators
                return added ? .end : .needsRoom(value)
            }
        }
    }

    /// The value of `digits`, four decimal digits at most (one a byte, 0...9, the last in the top byte, zero bytes
    /// below the first): the digits combined in pairs with one multiplication, then the two pairs with another.
    @inline(__always)
    static func value(ofFourDigits digits: UInt64) -> Int {
        // Each even byte (16-bit lane) `10 * byte + next byte`: no sum exceeds 99, so none carries.
        let pairs = ((digits &* 0xA01) &>> 8) & 0x00FF_00FF_00FF_00FF
        // Lanes 2 and 3 (lanes 0 and 1 are zero) times 100 and 1 summed in bits 48...63; lane 2 alone lands in bits
        // 32...47, below 100, and what lands above 63 is dropped.
        return Int(truncatingIfNeeded: (pairs &* 0x64_0001) &>> 48)
    }

    /// The value of the id of `length` digits at `start` that the fast path does not read, and whether its first
    /// digit is `0`; `-1` when there is no id there (empty, or six digits or more that are not one). Kept out of
    /// line: the read loop calls it for the last id of each list, ids near the start of the input and malformed ones.
    @inline(never)
    private func shortOrLongID(from start: Int, length: Int) -> (value: Int, startsWithZero: Bool) {
        guard length >= 1 else { return (-1, false) }
        let startsWithZero = view[start] == UInt8(ascii: "0")
        var value = 0
        var index = start
        // Capped so any length is safe: a value above the largest id stays above it.
        while index < start &+ length {
            let digit = view[index] &- UInt8(ascii: "0")
            if value <= ProviderIDSet.maximumID { value = value &* 10 &+ Int(digit) }
            index &+= 1
        }
        return (value, startsWithZero)
    }

    /// The error for the id of `length` digits at `start`, which is empty, zero, above `ProviderIDSet.maximumID` or
    /// (with strict decoding) written with leading zeros; `value` is the byte there for an empty id, the id when it
    /// has ten digits at most (read exactly: the cap applies after the tenth) or is at most the largest id.
    @inline(never)
    private func idError(from start: Int, length: Int) -> ConsentError {
        if length == 0 { return error(at: start, value: start < view.count ? Int64(view[start]) : nil) }
        let (value, _) = shortOrLongID(from: start, length: length)
        return error(at: start, value: length <= 10 || value <= ProviderIDSet.maximumID ? Int64(value) : nil)
    }

    @inline(never)
    private func error(at index: Int, value: Int64?) -> ConsentError {
        ConsentError(.badValue, format: .ac, field: list.field, characterOffset: view.offset &+ index, value: value)
    }

    /// A mask of the bytes in `start ..< start + 64` that are not decimal digits (bit `i` for byte `start + i`),
    /// bytes past the end of the input included. Out of line (once every 64 characters), so that its constants do
    /// not take the registers of the loop over the ids.
    @inline(never)
    private static func nonDigits(in view: TextView, from start: Int) -> UInt64 {
        guard start >= 0 && start + 64 <= view.count else { return nonDigits(inLastBlockOf: view, from: start) }
        // A whole block: eight words, no end to watch for. The guard is the bounds check of all eight loads
        // (`start >= 0`, and each load ends at or before `start + 64 <= count`).
        var mask: UInt64 = 0
        var offset = start
        var shift: UInt64 = 0
        while shift < 64 {
            mask |= nonDigits(view.getWord(uncheckedAt: offset), shift)
            offset += 8
            shift += 8
        }
        return mask
    }

    /// ``nonDigits(in:from:)`` for a block that reaches past the end of the input.
    @inline(never)
    private static func nonDigits(inLastBlockOf view: TextView, from start: Int) -> UInt64 {
        var mask: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 64 {
            let offset = start &+ Int(shift)
            // Past the end: zero bytes, which are not digits.
            mask |= nonDigits(offset < view.count ? view.getWord(at: offset) : 0, shift)
            shift &+= 8
        }
        return mask
    }

    /// The non-digits of the eight characters `word` (the first in the low byte), one bit each, moved up by `shift`.
    @inline(__always)
    private static func nonDigits(_ word: UInt64, _ shift: UInt64) -> UInt64 {
        let flags = AdditionalConsentTextParser.nonDigitMask(word ^ 0x3030_3030_3030_3030) &>> 7
        // The low bit of each byte gathered into eight bits, byte 0 lowest: each byte's bit lands in its own place of
        // the top byte and no two sums carry into each other.
        return ((flags &* 0x0102_0408_1020_4080) &>> 56) &<< shift
    }
}

/// Whether ids written with leading zeros are errors, as a type: the reader's loop is specialized for each.
protocol LeadingZeroRule {
    /// True with strict decoding (ac.md §4).
    static var rejectsLeadingZeros: Bool { get }
}

/// Strict decoding: an id written with leading zeros is an error.
enum StrictIDs: LeadingZeroRule {
    static var rejectsLeadingZeros: Bool { true }
}

/// Lenient decoding: an id written with leading zeros is read as its value.
enum LenientIDs: LeadingZeroRule {
    static var rejectsLeadingZeros: Bool { false }
}
