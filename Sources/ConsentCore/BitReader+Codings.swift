/// Every coding the consent formats use, on top of the fixed-width reads of ``BitReader``.
extension BitReader {
    /// Reads a 6-bit letter, `A` = 0 ... `Z` = 25, and returns its value.
    /// - Throws: `truncated`; ``ConsentError/Code/badValue`` for 26...63, which are not letters.
    @inlinable
    public mutating func readLetter(field: StaticString = "") throws(ConsentError) -> UInt8 {
        let start = _bitIndex
        let value: UInt8 = try readInteger(bits: 6, field: field)
        guard value < 26 else { throw .badValue(field: field, at: start, value: Int64(value)) }
        return value
    }

    /// Reads a 36-bit timestamp in deciseconds since 1970-01-01T00:00:00Z (TCF `Created`, GPP `Datetime`).
    /// - Throws: `truncated`.
    @inlinable
    public mutating func readDeciseconds36(field: StaticString = "") throws(ConsentError) -> Int64 {
        try readInteger(bits: 36, as: Int64.self, field: field)
    }

    /// Reads a Fibonacci-coded positive integer (Zeckendorf bits, lowest weight first, ended by `11`).
    ///
    /// `11` is 1, `011` is 2, `0011` is 3, `1011` is 4.
    /// - Throws: `truncated` when the segment ends before the terminating `11`; ``ConsentError/Code/badValue``
    ///   when the code has more than 90 value bits (the result would not fit an `Int`).
    @inlinable
    public mutating func readFibonacciInteger(field: StaticString = "") throws(ConsentError) -> Int {
        // Fast path: find the terminating `11` in the next 16 (then up to 64) bits with one word operation, then
        // add the weights of the value bits. Codes that are longer, or cut short, take the bit-by-bit path below.
        let readable = _bitCount &- _bitIndex
        var window = Swift.min(16, readable)
        while window >= 2 {
            let bits = _uncheckedValue(at: _bitIndex, bits: window) << UInt64(64 &- window)
            let pairs = bits & (bits << 1)
            if pairs != 0 {
                // The first `11` starts at `last`: bits 0...last are the value, bit last + 1 the terminator.
                let last = pairs.leadingZeroBitCount
                _bitIndex &+= last &+ 2
                return Self._fibonacciValue(bits, through: last)
            }
            // Small codes fit 16 bits; try a whole word once before reading bit by bit.
            guard window == 16, readable > 16 else { break }
            window = Swift.min(64, readable)
        }
        return try _readFibonacciIntegerBitByBit(field: field)
    }

    /// The bit-by-bit reading of a Fibonacci code: codes of more than 63 bits and codes cut short.
    @usableFromInline
    mutating func _readFibonacciIntegerBitByBit(field: StaticString) throws(ConsentError) -> Int {
        let start = _bitIndex
        var previous: UInt64 = 0
        var low = 1  // weight of the current position
        var high = 2  // weight of the next position
        var total = 0
        var position = 0
        while true {
            guard _bitIndex < _bitCount else {
                throw .truncated(
                    field: field,
                    at: start,
                    expected: _bitIndex &- start &+ 1,
                    available: _bitIndex &- start
                )
            }
            let bit = _bits(at: _bitIndex, count: 1)
            _bitIndex &+= 1
            if bit == 1 && previous == 1 { return total }
            if bit == 1 {
                if position >= 90 { throw .badValue(field: field, at: start, value: -1) }
                total &+= low
            }
            previous = bit
            position &+= 1
            if position < 91 {
                let next = low &+ high
                low = high
                high = next
            }
        }
    }

    /// The 192 bits at `bitIndex` as three words, most significant bit first, without moving the reader: 32
    /// characters decoded four at a time (a fixed-layout header read in one step).
    /// - Throws: ``ConsentError/Code/truncated`` when fewer than 192 bits remain after `bitIndex`.
    @inlinable
    public func getWords192(
        atBit bitIndex: Int,
        field: StaticString = ""
    ) throws(ConsentError) -> (UInt64, UInt64, UInt64) {
        guard bitIndex >= 0, 192 <= _bitCount &- bitIndex else {
            throw .truncated(field: field, at: bitIndex, expected: 192, available: Swift.max(0, _bitCount &- bitIndex))
        }
        var at = self
        at._bitIndex = bitIndex
        var stream = _BitfieldStream(reader: at)
        return stream.nextThreeWords()
    }

    /// Reads a bitfield of `count` bits: bit *i* set means id *i+1* is in the set. `count` is at most 65,535 (a
    /// precondition: the formats' counts are 16-bit fields).
    /// - Throws: `truncated` when fewer than `count` bits remain (nothing is consumed).
    @inlinable
    public mutating func readBitField(count: Int, field: StaticString = "") throws(ConsentError) -> IDSet {
        guard count > 64 else {
            // No words after the first: nothing to allocate.
            let head = try unsafe readBitField(
                count: count,
                intoTail: UnsafeMutableBufferPointer(start: nil, count: 0),
                field: field
            )
            return IDSet(head: head, tail: [])
        }
        guard count <= readableBits else {
            throw .truncated(field: field, at: _bitIndex, expected: count, available: readableBits)
        }
        // Every word after the first is written once into storage of the exact size.
        var tail = IDSet._zeroedWords(count: (count &- 1) / 64)
        // The bits were counted above, so this does not throw: a failing read allocates nothing.
        let head = try unsafe tail.withUnsafeMutableBufferPointer { (buffer) throws(ConsentError) -> UInt64 in
            try unsafe readBitField(count: count, intoTail: buffer, field: field)
        }
        return IDSet(head: head, tail: tail)
    }

    /// Reads a bitfield of `count` bits as ``readBitField(count:field:)`` does, writing the words after the first
    /// into `tail` and returning the first (ids 1...64): for a decoder that keeps the words of several sets in one
    /// array. `count` is at most 65,535 and `tail` holds at least `(count - 1) / 64` words when `count` > 64
    /// (preconditions); only those words are written.
    /// - Throws: `truncated` when fewer than `count` bits remain (nothing is consumed).
    @inlinable
    public mutating func readBitField(
        count: Int,
        intoTail tail: UnsafeMutableBufferPointer<UInt64>,
        field: StaticString = ""
    ) throws(ConsentError) -> UInt64 {
        guard count >= 0, count <= readableBits else {
            throw .truncated(field: field, at: _bitIndex, expected: count, available: readableBits)
        }
        precondition(count <= IDSet.maximumID, "bitfields hold at most 65535 ids")
        if count == 0 { return 0 }
        var stream = _BitfieldStream(reader: self)
        let head = stream.nextWord(remaining: count)
        if count > 64 {
            let tailCount = (count &- 1) / 64
            precondition(tail.count >= tailCount, "room for the words of the bitfield")
            var remaining = count &- 64
            var index = 0
            // Three words at a time from 32 characters while at least three remain, then one at a time. Proof for
            // the writes: `tailCount` words are written, ceil((count - 64) / 64), each consuming 64 of `remaining`
            // (at most), which starts at count - 64 and stays positive; `tail` holds at least `tailCount`.
            while remaining >= 192 && stream.pendingBits < 6 {
                let words = stream.nextThreeWords()
                unsafe tail[index] = words.0
                unsafe tail[index &+ 1] = words.1
                unsafe tail[index &+ 2] = words.2
                index &+= 3
                remaining &-= 192
            }
            while remaining > 0 {
                unsafe tail[index] = stream.nextWord(remaining: remaining)
                index &+= 1
                remaining &-= 64
            }
        }
        _bitIndex &+= count
        return head
    }

    /// Reads one TCF range entry: IsARange (1 bit), a 16-bit id, and a 16-bit end id when IsARange is 1.
    /// - Throws: `truncated`; ``ConsentError/Code/badValue`` for id 0 (at the id's first bit) or an end below its
    ///   start (at the end id's first bit), so the offset is that of the value at fault, as `explain` lays it out.
    @inlinable
    public mutating func readRangeEntry(field: StaticString = "") throws(ConsentError) -> ClosedRange<Int> {
        let isRange = try readBool(field: field)
        let firstOffset = _bitIndex
        let first: Int = try readInteger(bits: 16, field: field)
        guard first >= 1 else { throw .badValue(field: field, at: firstOffset, value: 0) }
        guard isRange else { return first...first }
        let lastOffset = _bitIndex
        let last: Int = try readInteger(bits: 16, field: field)
        guard last >= first else { throw .badValue(field: field, at: lastOffset, value: Int64(last)) }
        return first...last
    }

    /// Reads an integer range list: a 12-bit entry count, then that many ``readRangeEntry(field:)`` entries.
    ///
    /// Ids above `maxID` are left out of the set (the privacy-safe reading of a range that runs past its
    /// section's MaxVendorId) and reported in ``DecodedRange/hasIDsAboveMax``.
    /// - Throws: `truncated`; `badValue` for id 0 or an end below its start.
    @inlinable
    public mutating func readIntegerRange(
        maxID: Int = IDSet.maximumID,
        field: StaticString = ""
    ) throws(ConsentError) -> DecodedRange {
        let entryCount: Int = try readInteger(bits: 12, field: field)
        var ids = IDSet()
        var above = false
        var index = 0
        while index < entryCount {
            let entry = try readRangeEntry(field: field)
            if entry.upperBound > maxID { above = true }
            if entry.lowerBound <= maxID {
                ids.insert(contentsOf: entry.lowerBound...Swift.min(entry.upperBound, maxID))
            }
            index &+= 1
        }
        return DecodedRange(ids: ids, maxID: maxID, isRangeEncoded: true, entryCount: entryCount, hasIDsAboveMax: above)
    }

    /// Reads a Fibonacci range list (GPP `Range(Fibonacci)`): a 12-bit count, then entries of a group flag and
    /// Fibonacci-coded deltas from the previous id (a group adds its span).
    /// - Throws: `truncated`; `badValue` when an id would exceed 65535.
    @inlinable
    public mutating func readFibonacciRange(field: StaticString = "") throws(ConsentError) -> DecodedRange {
        let entryCount: Int = try readInteger(bits: 12, field: field)
        var ids = IDSet()
        var previous = 0
        var index = 0
        while index < entryCount {
            let start = _bitIndex
            let isGroup = try readBool(field: field)
            let delta = try readFibonacciInteger(field: field)
            guard delta <= IDSet.maximumID &- previous else {
                throw .badValue(field: field, at: start, value: Int64(delta))
            }
            let first = previous &+ delta
            if isGroup {
                let span = try readFibonacciInteger(field: field)
                guard span <= IDSet.maximumID &- first else {
                    throw .badValue(field: field, at: start, value: Int64(span))
                }
                ids.insert(contentsOf: first...(first &+ span))
                previous = first &+ span
            } else {
                ids.insert(first)
                previous = first
            }
            index &+= 1
        }
        return DecodedRange(
            ids: ids,
            maxID: ids.max ?? 0,
            isRangeEncoded: true,
            entryCount: entryCount,
            hasIDsAboveMax: false
        )
    }

    /// Reads a Fibonacci range list whose ids are all at most 64 (a GPP header's section ids, nearly always) as
    /// the first word of an ``IDSet`` (id 1 in the most significant bit), with its entry count; or returns nil,
    /// consuming nothing, when an id is above 64, a code is longer than 24 bits, the entries take more than 64
    /// bits or the bits run out: the caller then reads the range with ``readFibonacciRange(field:)``, which gives
    /// the same set or the error.
    @inlinable
    public mutating func readSmallFibonacciRange() -> (firstWord: UInt64, entryCount: Int)? {
        let readable = _bitCount &- _bitIndex
        guard readable >= 12 else { return nil }
        let entryCount = Int(truncatingIfNeeded: _uncheckedValue(at: _bitIndex, bits: 12))
        let windowBits = Swift.min(64, readable &- 12)
        let window = windowBits > 0 ? _uncheckedValue(at: _bitIndex &+ 12, bits: windowBits) : 0
        guard
            let (firstWord, used) = Self.smallFibonacciRange(
                entryCount: entryCount,
                window: windowBits > 0 ? window << UInt64(64 &- windowBits) : 0,
                bits: windowBits
            )
        else { return nil }
        _bitIndex &+= 12 &+ used
        return (firstWord, entryCount)
    }

    /// The entries of a Fibonacci range list (after its 12-bit count) held in the top `bits` bits of `window`
    /// (the bits below them zero), when its ids are all at most 64: the first word of their ``IDSet`` and the bits
    /// the entries take; nil when an id is above 64, a code is longer than 24 bits or the entries do not fit.
    ///
    /// Each code's terminating `11` is found with one word operation, so a header costs a load, not a read per bit.
    @inlinable
    public static func smallFibonacciRange(entryCount: Int, window: UInt64, bits: Int) -> (UInt64, used: Int)? {
        var window = window
        var mask: UInt64 = 0
        var previous = 0
        var used = 0
        var entry = 0
        while entry < entryCount {
            let isGroup = window >> 63 != 0
            window <<= 1
            guard let (delta, deltaBits) = _smallFibonacci(window) else { return nil }
            window <<= UInt64(deltaBits)
            used &+= 1 &+ deltaBits
            let first = previous &+ delta
            var last = first
            if isGroup {
                guard let (span, spanBits) = _smallFibonacci(window) else { return nil }
                window <<= UInt64(spanBits)
                used &+= spanBits
                last = first &+ span
            }
            // Ids above 64 do not fit the word; first >= 1 since every delta is. Bits past `bits` are zero, so a
            // code found there would have run past the end.
            guard last <= 64, used <= bits else { return nil }
            // Bits first...last of the word, id 1 being the most significant.
            let ones: UInt64 = last &- first == 63 ? ~0 : (1 << UInt64(last &- first &+ 1)) &- 1
            mask |= ones << UInt64(64 &- last)
            previous = last
            entry &+= 1
        }
        return (mask, used)
    }

    /// The Fibonacci code at the top of `window` (bits past the segment are zero): its value and its length with
    /// the terminator, or nil when it has no terminator within 25 bits.
    @inlinable @inline(__always)
    static func _smallFibonacci(_ window: UInt64) -> (value: Int, bits: Int)? {
        let pairs = window & (window << 1)
        let last = pairs.leadingZeroBitCount
        // Bits 0...last are the value, bit last + 1 the terminator; the value fits easily below 25 bits.
        guard last < 24 else { return nil }
        return (_fibonacciValue(window, through: last), last &+ 2)
    }

    /// The sum of the Fibonacci weights (1, 2, 3, 5, ...) of the set bits among the top `last + 1` bits of
    /// `window` (at most 63 of them, so the sum fits an `Int`).
    @inlinable @inline(__always)
    static func _fibonacciValue(_ window: UInt64, through last: Int) -> Int {
        var word = window
        var low = 1
        var high = 2
        var total = 0
        var position = 0
        while position <= last {
            if word >> 63 != 0 { total &+= low }
            word <<= 1
            let next = low &+ high
            low = high
            high = next
            position &+= 1
        }
        return total
    }

    /// Reads a TCF vendor section (GPP `OptimizedIntRange`): a 16-bit MaxVendorId, an IsRangeEncoding bit, then a
    /// bitfield of MaxVendorId bits or an integer range list whose ids above MaxVendorId are left out.
    /// - Throws: `truncated`; `badValue` from the range entries.
    @inlinable
    public mutating func readOptimizedIntegerRange(field: StaticString = "") throws(ConsentError) -> DecodedRange {
        let maxID: Int = try readInteger(bits: 16, field: field)
        let isRange = try readBool(field: field)
        if isRange { return try readIntegerRange(maxID: maxID, field: field) }
        let ids = try readBitField(count: maxID, field: field)
        return DecodedRange(ids: ids, maxID: maxID, isRangeEncoded: false, entryCount: 0, hasIDsAboveMax: false)
    }

    /// Reads the 16-bit max id, IsRange bit, then a bitfield or a Fibonacci range list (the vendor encoding
    /// iabgpp-es writes for `tcfcav1` since June 2026).
    /// - Throws: `truncated`; `badValue` from the Fibonacci range.
    @inlinable
    public mutating func readOptimizedFibonacciRange(field: StaticString = "") throws(ConsentError) -> DecodedRange {
        let maxID: Int = try readInteger(bits: 16, field: field)
        let isRange = try readBool(field: field)
        if !isRange {
            let ids = try readBitField(count: maxID, field: field)
            return DecodedRange(ids: ids, maxID: maxID, isRangeEncoded: false, entryCount: 0, hasIDsAboveMax: false)
        }
        var range = try readFibonacciRange(field: field)
        range.maxID = maxID
        if let max = range.ids.max, max > maxID {
            range.hasIDsAboveMax = true
            range.ids = range.ids.intersection(IDSet(maxIDMask: maxID))
        }
        return range
    }

    /// Reads `count` consecutive `bitsPerItem`-bit integers (GPP `N-Bitfield(2,k)` lists).
    /// - Throws: `truncated`.
    @inlinable
    public mutating func readIntegerList(
        count: Int,
        bitsPerItem: Int,
        field: StaticString = ""
    ) throws(ConsentError) -> FixedIntegerList {
        precondition(count >= 0 && bitsPerItem >= 1 && count * bitsPerItem <= 64, "lists hold at most 64 bits")
        if count == 0 { return FixedIntegerList(packed: 0, count: 0, bitsPerItem: bitsPerItem) }
        let packed: UInt64 = try readInteger(bits: count &* bitsPerItem, field: field)
        return FixedIntegerList(packed: packed, count: count, bitsPerItem: bitsPerItem)
    }
}

extension IDSet {
    /// Every id in `1...maxID` (empty for 0).
    @inlinable
    public init(maxIDMask maxID: Int) {
        self.init()
        if maxID >= 1 { insert(contentsOf: 1...Swift.min(maxID, IDSet.maximumID)) }
    }
}

/// A set of ids read from a vendor-style field, with what its encoding said about it.
public struct DecodedRange: Sendable, Hashable {
    /// The ids in the set (ids above ``maxID`` excluded).
    public var ids: IDSet
    /// The MaxVendorId (or max id) the encoding declared; for a plain Fibonacci range, the largest id.
    public var maxID: Int
    /// True when the field was written as a range list rather than a bitfield.
    public var isRangeEncoded: Bool
    /// Number of range entries (0 for a bitfield).
    public var entryCount: Int
    /// True when a range entry named ids above ``maxID`` (left out of ``ids``; lint reports it).
    public var hasIDsAboveMax: Bool

    /// Wraps the parts.
    @inlinable
    public init(ids: IDSet, maxID: Int, isRangeEncoded: Bool, entryCount: Int, hasIDsAboveMax: Bool) {
        self.ids = ids
        self.maxID = maxID
        self.isRangeEncoded = isRangeEncoded
        self.entryCount = entryCount
        self.hasIDsAboveMax = hasIDsAboveMax
    }
}
