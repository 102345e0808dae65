import ConsentCore

extension BitStream {
    /// Reads one range entry as ``BitReader/readRangeEntry(field:)`` does (same values, same errors), from the
    /// buffered bits: one 33-bit look covers IsARange, the id and the end id.
    /// - Throws: `truncated`; `badValue` for id 0 or an end below its start (bit offset of that id).
    @inline(__always)
    mutating func readRangeEntry(field: StaticString) throws(ConsentError) -> ClosedRange<Int> {
        if bufferedBits < 33 { refillForShortFields() }
        guard bufferedBits >= 33 else { return try readRangeEntryNearEnd(field: field) }
        let bits = peek(33)
        let first = Int(truncatingIfNeeded: bits >> 16 & 0xFFFF)
        guard first >= 1 else { throw ConsentError(.badValue, field: field, bitOffset: bitIndex &+ 1, value: 0) }
        if bits >> 32 == 0 {
            consume(17)
            return first...first
        }
        let last = Int(truncatingIfNeeded: bits & 0xFFFF)
        guard last >= first else {
            throw ConsentError(.badValue, field: field, bitOffset: bitIndex &+ 17, value: Int64(last))
        }
        consume(33)
        return first...last
    }

    /// The last entries of a segment (fewer than 33 bits left): a single id from the buffer, anything else through a
    /// ``BitReader`` for its exact errors.
    @inline(never)
    mutating func readRangeEntryNearEnd(field: StaticString) throws(ConsentError) -> ClosedRange<Int> {
        // A single id (IsARange 0, 17 bits) is still read from the buffer.
        if bufferedBits >= 17 && peek(1) == 0 {
            let first = Int(truncatingIfNeeded: peek(17))
            guard first >= 1 else { throw ConsentError(.badValue, field: field, bitOffset: bitIndex &+ 1, value: 0) }
            consume(17)
            return first...first
        }
        var reader = self.reader
        let entry = try reader.readRangeEntry(field: field)
        move(to: reader.readerBitIndex)
        return entry
    }
}

/// Fills the words of an ``IDSet`` from range entries, in storage the caller owns (a ``SetWordArena``): each
/// entry read and its bits set with the reader's state and the words in registers, no per-id growth or check.
enum RangeSetFiller {
    /// Reads `count` range entries from `stream` and adds their ids up to `limit` (0...65535) to `head` (ids 1...64)
    /// and `words`, the words after the first of a set, owned by the caller: exactly
    /// `SetWordArena.tailWords(forIDsUpTo: limit)` of them (see ``SetWordArena``).
    /// - Throws: what ``BitStream/readRangeEntry(field:)`` throws.
    static func insertRangeEntries(
        _ count: Int,
        from stream: inout BitStream,
        field: StaticString,
        limit: Int,
        into words: UnsafeMutableBufferPointer<UInt64>,
        head: inout UInt64
    ) throws(ConsentError) {
        guard count > 0 else { return }
        // Held to what `words` has room for, so that a caller's mistake cannot write past it (the writes are unchecked).
        let limit = Swift.min(limit, (words.count &+ 1) &* 64)
        try unsafe RangeSetFiller.fill(words, head: &head, limit: limit, count: count, from: &stream, field: field)
    }

    /// The loop of ``insertRangeEntries(_:from:field:limit:into:head:)``, with the stream and the head word in locals
    /// (registers).
    @inline(__always)
    private static func fill(
        _ words: UnsafeMutableBufferPointer<UInt64>,
        head: inout UInt64,
        limit: Int,
        count: Int,
        from stream: inout BitStream,
        field: StaticString
    ) throws(ConsentError) {
        var reader = stream
        var first64 = head
        var index = 0
        while index < count {
            let range = try reader.readRangeEntry(field: field)
            index &+= 1
            unsafe RangeSetFiller.add(range.lowerBound, range.upperBound, limit: limit, to: words, head: &first64)
        }
        head = first64
        stream = reader
    }

    /// Adds ranges read before, each `lowerBound << 16 | upperBound` (checked by the reader), to `head` and `words`
    /// as ``insertRangeEntries(_:from:field:limit:into:head:)`` does.
    static func insertRanges(
        _ packed: UnsafeMutableBufferPointer<UInt32>,
        limit: Int,
        into words: UnsafeMutableBufferPointer<UInt64>,
        head: inout UInt64
    ) {
        let limit = Swift.min(limit, (words.count &+ 1) &* 64)  // as in insertRangeEntries
        var index = 0
        while index < packed.count {
            let value = unsafe packed[index]
            index &+= 1
            unsafe RangeSetFiller.add(Int(value >> 16), Int(value & 0xFFFF), limit: limit, to: words, head: &head)
        }
    }

    /// Sets the bits of ids `lower...upper` up to `limit` in `head` (ids 1...64) and `words` (the rest).
    @inline(__always)
    private static func add(
        _ lower: Int,
        _ upper: Int,
        limit: Int,
        to words: UnsafeMutableBufferPointer<UInt64>,
        head: inout UInt64
    ) {
        // The reader has checked 1 <= lower <= upper.
        let first = lower &- 1
        let last = Swift.min(upper, limit) &- 1
        guard first <= last else { return }
        let firstIndex = first >> 6
        let lastIndex = last >> 6
        // Bits counted from the most significant: ids first...last of their words.
        let firstMask = UInt64.max >> UInt64(first & 63)
        let lastMask = UInt64.max << UInt64(63 &- (last & 63))
        // Proof for every unchecked write: last <= limit - 1, so lastIndex <= (limit - 1) / 64, which is
        // `words.count` when limit > 64 and 0 (the head, no write) otherwise; word i > 0 is words[i - 1].
        if lastIndex == 0 {
            head |= firstMask & lastMask
            return
        }
        if firstIndex == lastIndex {
            unsafe words[lastIndex &- 1] |= firstMask & lastMask
            return
        }
        if firstIndex == 0 { head |= firstMask } else { unsafe words[firstIndex &- 1] |= firstMask }
        var word = firstIndex &+ 1
        while word < lastIndex {
            unsafe words[word &- 1] = UInt64.max
            word &+= 1
        }
        unsafe words[lastIndex &- 1] |= lastMask
    }
}
