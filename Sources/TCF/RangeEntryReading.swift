import ConsentCore

extension BitReader {
    /// Reads one range entry (IsARange, a 16-bit id, a 16-bit end id when IsARange is 1) with one read for a
    /// single id and two for a range (reads of up to 32 bits assemble the fewest characters); at the end of a
    /// segment it defers to `readRangeEntry`, whose errors name the exact bit.
    /// - Throws: `truncated`; `badValue` for id 0 or an end below its start (bit offset of the entry).
    @inline(__always)
    mutating func readRangeEntryFast(field: StaticString) throws(ConsentError) -> ClosedRange<Int> {
        guard readableBits >= 33 else { return try readRangeEntry(field: field) }
        let start = readerBitIndex
        let head: UInt32 = try getInteger(atBit: start, bits: 17)
        let first = Int(truncatingIfNeeded: head & 0xFFFF)
        guard first >= 1 else { throw ConsentError(.badValue, field: field, bitOffset: start, value: 0) }
        if head >> 16 == 0 {
            try skipBits(17)
            return first...first
        }
        let last: Int = try getInteger(atBit: start &+ 17, bits: 16)
        guard last >= first else { throw ConsentError(.badValue, field: field, bitOffset: start, value: Int64(last)) }
        try skipBits(33)
        return first...last
    }
}
