import ConsentCore

/// The publisher restrictions section at the end of the core segment: NumPubRestrictions (12 bits), then per
/// entry PurposeId (6), RestrictionType (2), NumEntries (12) and that many range entries (17 or 33 bits each).
struct PublisherRestrictionsScan: Sendable, Hashable {
    /// Bit offset of NumPubRestrictions.
    var start: Int
    /// NumPubRestrictions (0 when the field is missing).
    var count: Int
    /// False when the core ended before (or inside) NumPubRestrictions and the decoder was told to tolerate it.
    var isPresent: Bool
    /// The highest vendor id any entry names (0 when none).
    var highestID: Int
    /// The words after the first that the entries' sets take from a ``SetWordArena``: each entry's set sized for
    /// the highest id of its own ranges, or, with ``sizesEntriesAlike``, for ``highestID``.
    var arenaWords: Int = 0
    /// True when every entry's set is sized for ``highestID``, which the scan chose because it takes at most twice
    /// the words of sizing each for its own highest id: each entry is then filled as it is read, where sizing it for
    /// its own highest id takes a read of its ranges first.
    var sizesEntriesAlike = false

    /// Reads one restriction entry's header and walks its ranges, checking them.
    ///
    /// - Throws: `truncated`; `badValue` for PurposeId 0 (field `purposeId`), RestrictionType 3 (field
    ///   `restrictionType`), a range entry with id 0 or an end below its start (field `vendorIds`).
    /// `containsVendor` says whether a range names `vendor` (false when `vendor` is 0).
    @inline(__always)
    static func readEntry(
        _ reader: inout BitReader,
        lookingFor vendor: Int = 0
    ) throws(ConsentError) -> (
        purposeId: Int, type: RestrictionType, entries: Int, highest: Int, overlaps: Bool, containsVendor: Bool
    ) {
        var stream = BitStream(reader)
        stream.refillForShortFields()
        let purposeId: Int
        let type: RestrictionType
        let entries: Int
        if stream.bufferedBits >= 20 {
            // PurposeId (6), RestrictionType (2) and NumEntries (12) in one look.
            let header = Int(truncatingIfNeeded: stream.peek(20))
            purposeId = header >> 14
            guard purposeId != 0 else {
                throw ConsentError(
                    .badValue,
                    field: "publisherRestrictions.purposeId",
                    bitOffset: stream.bitIndex,
                    value: 0
                )
            }
            guard let known = RestrictionType(rawValue: header >> 12 & 3) else {
                throw ConsentError(
                    .badValue,
                    field: "publisherRestrictions.restrictionType",
                    bitOffset: stream.bitIndex &+ 6,
                    value: 3
                )
            }
            type = known
            entries = header & 0xFFF
            stream.consume(20)
        } else {
            var slow = stream.reader
            (purposeId, type, entries) = try readHeader(&slow)
            stream.move(to: slow.readerBitIndex)
        }
        var highest = 0
        var overlaps = false
        var containsVendor = false
        var index = 0
        while index < entries {
            let range = try stream.readRangeEntry(field: "publisherRestrictions.vendorIds")
            if range.contains(vendor) { containsVendor = true }
            if range.lowerBound <= highest { overlaps = true }
            highest = Swift.max(highest, range.upperBound)
            index &+= 1
        }
        reader = stream.reader
        return (purposeId, type, entries, highest, overlaps, containsVendor)
    }

    /// Reads an entry's header field by field, for the exact error of a segment that ends inside it.
    @inline(never)
    static func readHeader(
        _ reader: inout BitReader
    ) throws(ConsentError) -> (purposeId: Int, type: RestrictionType, entries: Int) {
        let purposeStart = reader.readerBitIndex
        let purposeId: Int = try reader.readInteger(bits: 6, field: "publisherRestrictions.purposeId")
        guard purposeId != 0 else {
            throw ConsentError(.badValue, field: "publisherRestrictions.purposeId", bitOffset: purposeStart, value: 0)
        }
        let typeStart = reader.readerBitIndex
        let rawType: Int = try reader.readInteger(bits: 2, field: "publisherRestrictions.restrictionType")
        guard let type = RestrictionType(rawValue: rawType) else {
            throw ConsentError(
                .badValue,
                field: "publisherRestrictions.restrictionType",
                bitOffset: typeStart,
                value: Int64(rawType)
            )
        }
        let entries: Int = try reader.readInteger(bits: 12, field: "publisherRestrictions.vendorIds")
        return (purposeId, type, entries)
    }

    /// Walks the section at the reader, checking every entry, and leaves the reader after it.
    ///
    /// With `allowsMissing`, a core that ends before the 12-bit count, or inside it, has no restrictions (the
    /// iabgpp-es tolerance for GPP `tcfeuv2`; gpp-sections.md §2).
    static func scan<Recorder: TCStringLayoutRecorder>(
        _ reader: inout BitReader,
        allowsMissing: Bool,
        recorder: inout Recorder
    ) throws(ConsentError) -> PublisherRestrictionsScan {
        let start = reader.readerBitIndex
        if allowsMissing && reader.readableBits < 12 {
            return PublisherRestrictionsScan(start: start, count: 0, isPresent: false, highestID: 0)
        }
        let count: Int = try reader.readInteger(bits: 12, field: "publisherRestrictions")
        var highestID = 0
        var arenaWords = 0
        var index = 0
        while index < count {
            let entry = try readEntry(&reader)
            highestID = Swift.max(highestID, entry.highest)
            arenaWords &+= SetWordArena.tailWords(forIDsUpTo: entry.highest)
            recorder.restriction(
                purposeId: entry.purposeId,
                type: entry.type,
                rangeEntries: entry.entries,
                overlapping: entry.overlaps
            )
            index &+= 1
        }
        // `count` is at most 4,095 and a set's words at most 1,023: no overflow.
        let alikeWords = count &* SetWordArena.tailWords(forIDsUpTo: highestID)
        let alike = alikeWords <= arenaWords &* 2
        return PublisherRestrictionsScan(
            start: start,
            count: count,
            isPresent: true,
            highestID: highestID,
            arenaWords: alike ? alikeWords : arenaWords,
            sizesEntriesAlike: alike
        )
    }

    /// Builds the restrictions, one per (purpose, type) with repeated pairs merged, ordered by purpose then type,
    /// every entry's words after the first written into `arena` (with room for ``arenaWords`` more). Cannot fail
    /// after a successful scan. The arena is cut into the sets here, so it must hold every other set of the string
    /// already: nothing may be written to it after this. A repeated (purpose, type) is merged into the first, which
    /// copies that set's words out of the arena.
    func materialize(
        from segment: BitReader,
        arena: inout SetWordArena
    ) throws(ConsentError) -> [PublisherRestriction] {
        guard count > 0 else { return [] }
        var reader = segment
        try reader.skipBits(start &+ 12 &- reader.readerBitIndex)
        var stream = BitStream(reader)
        let entryCount = count
        let sharedLimit = sizesEntriesAlike ? highestID : nil
        return try withUnsafeTemporaryAllocation(of: FilledEntry.self, capacity: entryCount) {
            entries throws(ConsentError) -> [PublisherRestriction] in
            var index = 0
            while index < entryCount {
                let entry = try PublisherRestrictionsScan.fillEntry(from: &stream, arena: &arena, limit: sharedLimit)
                // Proof: index < entryCount, the buffer's capacity.
                unsafe entries.initializeElement(at: index, to: entry)
                index &+= 1
            }
            // Every set is filled: the arena is cut into them.
            var restrictions: [PublisherRestriction] = []
            restrictions.reserveCapacity(Swift.min(entryCount, 64 * 3))
            index = 0
            while index < entryCount {
                let entry = unsafe entries[index]
                let vendorIds = arena.set(entry.set)
                if let found = PublisherRestrictionsScan.slot(of: entry.purposeId, entry.type, in: restrictions) {
                    restrictions[found].vendorIds.formUnion(vendorIds)
                } else {
                    restrictions.append(
                        PublisherRestriction(
                            purposeId: entry.purposeId,
                            restrictionType: entry.type,
                            vendorIds: vendorIds
                        )
                    )
                }
                index &+= 1
            }
            PublisherRestrictionsScan.sortByKey(&restrictions)
            return restrictions
        }
    }

    /// One entry read into a ``SetWordArena``, its set not yet cut from it.
    struct FilledEntry {
        var purposeId: Int
        var type: RestrictionType
        var set: SetWordArena.FilledSet
    }

    /// Reads one entry (checked by the scan) and fills its set's words into `arena`, sized for `limit` when it is given
    /// (the entry's ranges are then filled as they are read), else for the highest id of its own ranges: the first
    /// 64 ranges are read into a buffer on the stack, the rest looked at ahead, then filled.
    @inline(__always)
    static func fillEntry(
        from stream: inout BitStream,
        arena: inout SetWordArena,
        limit sharedLimit: Int?
    ) throws(ConsentError) -> FilledEntry {
        // PurposeId (6), RestrictionType (2), NumEntries (12) in one read: the scan has checked them.
        stream.refillForShortFields()
        let header: Int
        if stream.bufferedBits >= 20 {
            header = Int(truncatingIfNeeded: stream.peek(20))
            stream.consume(20)
        } else {
            var slow = stream.reader
            header = try slow.readInteger(bits: 20)
            stream.move(to: slow.readerBitIndex)
        }
        let purposeId = header >> 14
        let type = RestrictionType(rawValue: header >> 12 & 3) ?? .notAllowed
        let rangeCount = header & 0xFFF
        if let sharedLimit {
            let set = try unsafe fillSet(
                readFirst: UnsafeMutableBufferPointer(start: nil, count: 0),
                then: rangeCount,
                from: &stream,
                limit: sharedLimit,
                arena: &arena
            )
            return FilledEntry(purposeId: purposeId, type: type, set: set)
        }
        let buffered = Swift.min(rangeCount, 64)
        return try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) {
            ranges throws(ConsentError) -> FilledEntry in
            var highest = 0
            var entry = 0
            while entry < buffered {
                let range = try stream.readRangeEntry(field: "publisherRestrictions.vendorIds")
                // Proof: entry < buffered <= 64, the buffer's capacity.
                unsafe ranges[entry] = UInt32(truncatingIfNeeded: range.lowerBound << 16 | range.upperBound)
                highest = Swift.max(highest, range.upperBound)
                entry &+= 1
            }
            var ahead = stream
            while entry < rangeCount {
                highest = Swift.max(
                    highest,
                    try ahead.readRangeEntry(field: "publisherRestrictions.vendorIds").upperBound
                )
                entry &+= 1
            }
            let set = try unsafe fillSet(
                readFirst: UnsafeMutableBufferPointer(rebasing: ranges[0..<buffered]),
                then: rangeCount &- buffered,
                from: &stream,
                limit: highest,
                arena: &arena
            )
            return FilledEntry(purposeId: purposeId, type: type, set: set)
        }
    }

    /// Fills the next set of `arena`, sized for ids up to `limit`, with the ranges read before (`ranges`, each
    /// `lowerBound << 16 | upperBound`) and then `count` more read from `stream`.
    @inline(__always)
    static func fillSet(
        readFirst ranges: UnsafeMutableBufferPointer<UInt32>,
        then count: Int,
        from stream: inout BitStream,
        limit: Int,
        arena: inout SetWordArena
    ) throws(ConsentError) -> SetWordArena.FilledSet {
        try arena.fill(SetWordArena.tailWords(forIDsUpTo: limit)) { words throws(ConsentError) in
            var head: UInt64 = 0
            unsafe RangeSetFiller.insertRanges(ranges, limit: limit, into: words, head: &head)
            try unsafe RangeSetFiller.insertRangeEntries(
                count,
                from: &stream,
                field: "publisherRestrictions.vendorIds",
                limit: limit,
                into: words,
                head: &head
            )
            return head
        }
    }

    /// The index of the restriction for (purpose, type), if there is one.
    @inline(__always)
    static func slot(of purposeId: Int, _ type: RestrictionType, in restrictions: [PublisherRestriction]) -> Int? {
        var index = 0
        while index < restrictions.count {
            if restrictions[index].purposeId == purposeId && restrictions[index].restrictionType == type {
                return index
            }
            index &+= 1
        }
        return nil
    }

    /// Insertion sort by (purpose, type): the array is short and usually sorted already.
    static func sortByKey(_ restrictions: inout [PublisherRestriction]) {
        var index = 1
        while index < restrictions.count {
            var position = index
            while position > 0 && PublisherRestriction.keyOrder(restrictions[position], restrictions[position - 1]) {
                restrictions.swapAt(position, position - 1)
                position -= 1
            }
            index += 1
        }
    }

    /// Writes the section canonically: one entry per restriction, in the order given, vendor ids as ranges.
    /// - Throws: `valueOutOfRange` for a purpose id outside 1...63 (field `purposeId`) or more than 4095 ranges.
    static func write<Sink: BitSink>(_ restrictions: [PublisherRestriction], to sink: inout Sink) throws(ConsentError) {
        try sink.writeInteger(restrictions.count, bits: 12, field: "publisherRestrictions")
        for restriction in restrictions {
            guard restriction.purposeId >= 1 else {
                throw ConsentError(
                    .valueOutOfRange,
                    field: "publisherRestrictions.purposeId",
                    bitOffset: sink.segmentBitCount,
                    value: Int64(restriction.purposeId)
                )
            }
            try sink.writeInteger(restriction.purposeId, bits: 6, field: "publisherRestrictions.purposeId")
            sink.writeBits(UInt64(restriction.restrictionType.rawValue), count: 2)
            try sink.writeIntegerRange(restriction.vendorIds, field: "publisherRestrictions.vendorIds")
        }
    }
}
