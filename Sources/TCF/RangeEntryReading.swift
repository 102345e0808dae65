import ConsentCore

extension BitReader {
    /// Reads one range entry (IsARange, a 16-bit id, a 16-bit end id when IsARange is 1) with a single 33-bit
    /// read when the segment has that many bits left; at the end of a segment it defers to `readRangeEntry`,
    /// whose errors name the exact bit.
    /// - Throws: `truncated`; `badValue` for id 0 or an end below its start (bit offset of the entry).
    @inline(__always)
    mutating func readRangeEntryFast(field: StaticString) throws(ConsentError) -> ClosedRange<Int> {
        guard readableBits >= 33 else { return try readRangeEntry(field: field) }
        let start = readerBitIndex
        let raw: UInt64 = try getInteger(atBit: start, bits: 33)
        let first = Int(truncatingIfNeeded: raw >> 16 & 0xFFFF)
        guard first >= 1 else { throw ConsentError(.badValue, field: field, bitOffset: start, value: 0) }
        if raw >> 32 == 0 {
            try skipBits(17)
            return first...first
        }
        let last = Int(truncatingIfNeeded: raw & 0xFFFF)
        guard last >= first else { throw ConsentError(.badValue, field: field, bitOffset: start, value: Int64(last)) }
        try skipBits(33)
        return first...last
    }
}
