import ConsentCore

extension BitStream {
    /// Reads one range entry as ``BitReader/readRangeEntry(field:)`` does (same values, same errors), from the
    /// buffered bits: one 33-bit look covers IsARange, the id and the end id.
    /// - Throws: `truncated`; `badValue` for id 0 or an end below its start (bit offset of the entry).
    @inline(__always)
    mutating func readRangeEntry(field: StaticString) throws(ConsentError) -> ClosedRange<Int> {
        if bufferedBits < 33 { refill() }
        guard bufferedBits >= 33 else { return try readRangeEntryNearEnd(field: field) }
        let bits = peek(33)
        let first = Int(truncatingIfNeeded: bits >> 16 & 0xFFFF)
        guard first >= 1 else { throw ConsentError(.badValue, field: field, bitOffset: bitIndex, value: 0) }
        if bits >> 32 == 0 {
            consume(17)
            return first...first
        }
        let last = Int(truncatingIfNeeded: bits & 0xFFFF)
        guard last >= first else {
            throw ConsentError(.badValue, field: field, bitOffset: bitIndex, value: Int64(last))
        }
        consume(33)
        return first...last
    }

    /// The last entries of a segment (fewer than 33 bits left), read through a ``BitReader`` for its exact errors.
    @inline(never)
    mutating func readRangeEntryNearEnd(field: StaticString) throws(ConsentError) -> ClosedRange<Int> {
        var reader = self.reader
        let entry = try reader.readRangeEntry(field: field)
        move(to: reader.readerBitIndex)
        return entry
    }
}

extension IDSetBuilder {
    /// Reads `count` range entries from `stream` and adds their ids. A function of its own: small enough for the
    /// builder's insert to be inlined into the loop, which it is not inside a large caller.
    /// - Throws: what ``BitStream/readRangeEntry(field:)`` throws.
    mutating func insertRangeEntries(
        _ count: Int,
        from stream: inout BitStream,
        field: StaticString
    ) throws(ConsentError) {
        var index = 0
        while index < count {
            insert(try stream.readRangeEntry(field: field))
            index &+= 1
        }
    }
}
