import ConsentCore

/// Where a vendor section (MaxVendorId, IsRangeEncoding, then a bitfield or range entries) lies in its
/// segment and what its encoding says, found by walking it without building the set.
///
/// Used for the core's vendor consents and legitimate interests, the disclosed and allowed vendors segments and,
/// with a DefaultConsent bit, the legacy v1.1 vendor section.
struct VendorSectionScan: Sendable, Hashable {
    /// Bit offset of MaxVendorId.
    var start: Int
    /// MaxVendorId, 16 bits.
    var maxVendorId: Int
    /// IsRangeEncoding (EncodingType in v1.1), 1 bit.
    var isRange: Bool
    /// v1.1 DefaultConsent: the value of ids not covered by an entry (false in v2, which has no such bit).
    var defaultConsent: Bool
    /// NumEntries, 12 bits (0 for a bitfield).
    var entryCount: Int
    /// Bit offset of the bitfield or of the first range entry.
    var bodyStart: Int
    /// Bit offset just after the section.
    var end: Int
    /// The largest id a range entry names (0 when none).
    var highestListedID: Int
    /// True when a range entry names an id above MaxVendorId (those ids are not in the set).
    var hasIDsAboveMaxVendorId: Bool
    /// True when a range entry starts at or before the end of the entry before it (overlapping or unsorted).
    var hasOverlappingEntries: Bool

    /// Walks a vendor section at the reader, checking its structure, and leaves the reader after it.
    ///
    /// - Throws: `truncated` when the section runs past the segment; `badValue` for a range entry with id 0 or an
    ///   end below its start (bit offset of that id).
    @inline(__always)
    static func scan(
        _ reader: inout BitReader,
        field: StaticString,
        hasDefaultConsent: Bool = false
    ) throws(ConsentError) -> VendorSectionScan {
        let start = reader.readerBitIndex
        let maxVendorId: Int
        let isRange: Bool
        var header = -1
        if !hasDefaultConsent && reader.readableBits >= 29 {
            // MaxVendorId, IsRangeEncoding and (for ranges) NumEntries in one read.
            header = try reader.peekInteger(bits: 29, field: field)
            maxVendorId = header >> 13
            isRange = header >> 12 & 1 == 1
            try reader.skipBits(17, field: field)
        } else {
            maxVendorId = try reader.readInteger(bits: 16, field: field)
            isRange = try reader.readBool(field: field)
        }
        var scan = VendorSectionScan(
            start: start,
            maxVendorId: maxVendorId,
            isRange: isRange,
            defaultConsent: false,
            entryCount: 0,
            bodyStart: 0,
            end: 0,
            highestListedID: 0,
            hasIDsAboveMaxVendorId: false,
            hasOverlappingEntries: false
        )
        if !isRange {
            scan.bodyStart = reader.readerBitIndex
            try reader.skipBits(maxVendorId, field: field)
            scan.end = reader.readerBitIndex
            return scan
        }
        if hasDefaultConsent { scan.defaultConsent = try reader.readBool(field: field) }
        if header >= 0 {
            scan.entryCount = header & 0xFFF
            try reader.skipBits(12, field: field)
        } else {
            scan.entryCount = try reader.readInteger(bits: 12, field: field)
        }
        scan.bodyStart = reader.readerBitIndex
        var previousEnd = 0
        var index = 0
        var stream = BitStream(reader)
        while index < scan.entryCount {
            let entry = try stream.readRangeEntry(field: field)
            if entry.lowerBound <= previousEnd { scan.hasOverlappingEntries = true }
            previousEnd = entry.upperBound
            if entry.upperBound > scan.highestListedID { scan.highestListedID = entry.upperBound }
            index &+= 1
        }
        reader = stream.reader
        scan.hasIDsAboveMaxVendorId = scan.highestListedID > maxVendorId
        scan.end = reader.readerBitIndex
        return scan
    }

    /// Builds the set of a scanned section from a reader positioned anywhere before it in the same segment.
    ///
    /// One allocation at most (the set is sized from MaxVendorId or the highest listed id first). Cannot fail after a
    /// successful ``scan(_:field:hasDefaultConsent:)``; the `throws` only passes on the reader's checks.
    func materialize(from segment: BitReader, field: StaticString) throws(ConsentError) -> IDSet {
        var arena = SetWordArena(wordCount: arenaWords)
        let filled = try materialize(from: segment, field: field, arena: &arena)
        let covered = arena.set(filled)
        guard defaultConsent else { return covered }
        // spec (v1.1): ids 1...MaxVendorId not covered by an entry take DefaultConsent; covered ids the opposite.
        return VendorSectionScan.complement(of: covered, upTo: maxVendorId)
    }

    /// The words after the first that ``materialize(from:field:arena:)`` takes from a ``SetWordArena``.
    var arenaWords: Int {
        SetWordArena.tailWords(forIDsUpTo: isRange ? Swift.min(highestListedID, maxVendorId) : maxVendorId)
    }

    /// Fills the ids the section lists into `arena`: the set's first word, and where its other words are (the set
    /// is cut from the arena once every set of the string is filled). For a v1.1 DefaultConsent section these are
    /// the ids its entries cover, which ``materialize(from:field:)`` complements; a v2 section has no DefaultConsent.
    func materialize(
        from segment: BitReader,
        field: StaticString,
        arena: inout SetWordArena
    ) throws(ConsentError) -> SetWordArena.FilledSet {
        var reader = segment
        try reader.skipBits(bodyStart &- reader.readerBitIndex, field: field)
        if !isRange {
            return try arena.fillUnlessEmpty(arenaWords) { words throws(ConsentError) in
                try unsafe reader.readBitField(count: maxVendorId, intoTail: words, field: field)
            }
        }
        // Ids above MaxVendorId are not in the set: the words hold ids up to the limit and the rest are left out.
        let limit = Swift.min(highestListedID, maxVendorId)
        var stream = BitStream(reader)
        return try arena.fillUnlessEmpty(arenaWords) { words throws(ConsentError) in
            var head: UInt64 = 0
            try unsafe RangeSetFiller.insertRangeEntries(
                entryCount,
                from: &stream,
                field: field,
                limit: limit,
                into: words,
                head: &head
            )
            return head
        }
    }

    /// The ids in `1...maxID` that are not in `ids`.
    static func complement(of ids: IDSet, upTo maxID: Int) -> IDSet {
        guard maxID > 0 else { return IDSet() }
        let wordCount = (maxID &+ 63) / 64
        var words: [UInt64] = []
        words.reserveCapacity(wordCount)
        var index = 0
        while index < wordCount {
            var word = ~ids.bitfieldWord(index)
            if index == wordCount &- 1, maxID % 64 != 0 { word &= ~(UInt64.max >> UInt64(maxID % 64)) }
            words.append(word)
            index &+= 1
        }
        return IDSet(bitfieldWords: words)
    }
}

/// How an encoder writes a vendor section: the form the canonical rule picks for a set.
struct VendorSectionPlan: Sendable {
    /// MaxVendorId to write: the highest id of the set (0 for an empty set).
    var maxVendorId: Int
    /// True to write range entries, false for a bitfield.
    var isRange: Bool
    /// v1.1 only: write the complement of the set as ranges under DefaultConsent = 1.
    var defaultConsent: Bool

    /// The canonical v2 form of `ids`: MaxVendorId = highest id; range entries when their exact size (12-bit count
    /// plus 17 or 33 bits an entry) is strictly smaller than the bitfield, the bitfield otherwise (a tie keeps
    /// the bitfield). spec (tcf.md §4, end): "exact sizes, shorter wins, bitfield on a tie". iabtcf-java leaves
    /// the 12-bit count out of its comparison, so it picks ranges up to 12 bits longer than the bitfield.
    init(v2 ids: borrowing IDSet) {
        maxVendorId = ids.max ?? 0
        // Ranges take at least 12 + 17 bits a run: when even that is not shorter, the exact size is not needed.
        isRange = 12 &+ 17 &* ids.runCount < maxVendorId && RangeEncodingSize.integerRange(ids) < maxVendorId
        defaultConsent = false
    }

    /// The canonical v1.1 form: the shortest of bitfield, ranges of the set under DefaultConsent 0, and ranges of
    /// its complement (within 1...MaxVendorId) under DefaultConsent 1; ties prefer that order.
    init(v1 ids: borrowing IDSet) {
        maxVendorId = ids.max ?? 0
        let bitfield = maxVendorId
        let ranges = 1 &+ RangeEncodingSize.integerRange(ids)
        let complementRanges =
            1
            &+ RangeEncodingSize.integerRange(
                VendorSectionScan.complement(of: ids, upTo: maxVendorId)
            )
        isRange = Swift.min(ranges, complementRanges) < bitfield
        defaultConsent = isRange && complementRanges < ranges
    }

    /// Writes the section for `ids` in the planned form.
    /// - Throws: `valueOutOfRange` when ranges would need more than 4095 entries.
    func write<Sink: BitSink>(
        _ ids: IDSet,
        to sink: inout Sink,
        hasDefaultConsent: Bool = false,
        field: StaticString
    ) throws(ConsentError) {
        try sink.writeInteger(maxVendorId, bits: 16, field: field)
        sink.writeBool(isRange)
        guard isRange else {
            try sink.writeBitField(ids, count: maxVendorId, field: field)
            return
        }
        if hasDefaultConsent { sink.writeBool(defaultConsent) }
        if defaultConsent {
            try sink.writeIntegerRange(VendorSectionScan.complement(of: ids, upTo: maxVendorId), field: field)
        } else {
            try sink.writeIntegerRange(ids, field: field)
        }
    }
}
