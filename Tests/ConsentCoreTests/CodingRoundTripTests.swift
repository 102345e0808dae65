import ConsentCore
import ConsentTestSupport
import Testing

/// Writes with `body`, then reads back with `check` over the produced text.
func roundTrip<R>(
    write body: (inout BitWriter) throws(ConsentError) -> Void,
    read check: (inout BitReader) throws(ConsentError) -> R
) throws(ConsentError) -> R {
    var writer = BitWriter()
    try body(&writer)
    return try read(writer.makeString(), check)
}

@Suite struct CodingRoundTripTests {
    static func randomSets(seed: UInt64) -> [IDSet] {
        var random = SplitMix64(seed: seed)
        var sets: [IDSet] = [IDSet(), [1], [65_535], [1, 65_535], IDSet(1...65_535), IDSet(60...70)]
        for _ in 0..<60 {
            var set = IDSet()
            let span = [100, 1300, 65_535][Int(random.next() % 3)]
            for _ in 0..<Int(random.next() % 200) {
                let start = Int(random.next() % UInt64(span)) + 1
                set.insert(contentsOf: start...min(span, start + Int(random.next() % 8)))
            }
            sets.append(set)
        }
        return sets
    }

    @Test func bitFieldsRoundTrip() throws {
        for set in Self.randomSets(seed: 1) {
            let count = set.max ?? 0
            let back = try roundTrip { writer throws(ConsentError) in
                writer.writeBool(true)
                try writer.writeBitField(set, count: count)
            } read: { reader throws(ConsentError) in
                _ = try reader.readBool()
                return try reader.readBitField(count: count)
            }
            #expect(back == set, "seed 1")
        }
    }

    @Test func integerRangesRoundTrip() throws {
        for set in Self.randomSets(seed: 2) where set.runCount <= 4095 {
            let back = try roundTrip { writer throws(ConsentError) in
                try writer.writeIntegerRange(set)
            } read: {
                reader throws(ConsentError) in
                try reader.readIntegerRange()
            }
            #expect(back.ids == set, "seed 2")
            #expect(back.entryCount == set.runCount)
            #expect(RangeEncodingSize.integerRange(set) == 12 + set.runs.reduce(0) { $0 + ($1.count > 1 ? 33 : 17) })
        }
    }

    @Test func fibonacciRangesRoundTrip() throws {
        for set in Self.randomSets(seed: 3) where set.runCount <= 4095 {
            let back = try roundTrip { writer throws(ConsentError) in
                try writer.writeFibonacciRange(set)
            } read: {
                reader throws(ConsentError) in
                try reader.readFibonacciRange()
            }
            #expect(back.ids == set, "seed 3")
        }
    }

    @Test func optimizedRangesChooseEitherFormAndRoundTrip() throws {
        for set in Self.randomSets(seed: 4) where set.runCount <= 4095 {
            let maxID = set.max ?? 0
            for useRange in [false, true] {
                let back = try roundTrip { writer throws(ConsentError) in
                    try writer.writeInteger(maxID, bits: 16)
                    writer.writeBool(useRange)
                    if useRange {
                        try writer.writeIntegerRange(set)
                    } else {
                        try writer.writeBitField(set, count: maxID)
                    }
                } read: { reader throws(ConsentError) in
                    try reader.readOptimizedIntegerRange()
                }
                #expect(back.ids == set && back.maxID == maxID && back.isRangeEncoded == useRange, "seed 4")
            }
        }
    }

    @Test func rangeIdsAboveMaxAreLeftOutAndReported() throws {
        // MaxVendorId 10 with the entries 5 and 8-20: the set is 5, 8, 9, 10.
        let back = try roundTrip { writer throws(ConsentError) in
            try writer.writeInteger(10, bits: 16)
            writer.writeBool(true)
            try writer.writeIntegerRange([5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        } read: { reader throws(ConsentError) in
            try reader.readOptimizedIntegerRange()
        }
        #expect(back.ids == [5, 8, 9, 10])
        #expect(back.hasIDsAboveMax)
    }

    @Test func rejectsRangeWithStartAfterEndAndIdZero() throws {
        // count 1 | IsARange 1 | start 9 | end 3
        let reversed = BitString.base64URL("000000000001 1 0000000000001001 0000000000000011")
        let error = try #require(throws: ConsentError.self) {
            try read(reversed) { reader throws(ConsentError) in try reader.readIntegerRange(field: "vendorConsents") }
        }
        #expect(error.code == .badValue)
        #expect(error.bitOffset == 29)  // the end id at fault, after IsARange (12) and the start id (13-28)
        let zero = BitString.base64URL("000000000001 0 0000000000000000")
        let zeroError = try #require(throws: ConsentError.self) {
            try read(zero) { reader throws(ConsentError) in try reader.readIntegerRange() }
        }
        #expect(zeroError.code == .badValue)
        #expect(zeroError.bitOffset == 13)  // the id 0, after IsARange at 12
    }

    @Test func fixedListsRoundTrip() throws {
        let list = try FixedIntegerList([2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2], bitsPerItem: 2)
        let back = try roundTrip { writer throws(ConsentError) in
            writer.writeIntegerList(list)
        } read: {
            reader throws(ConsentError) in
            try reader.readIntegerList(count: 16, bitsPerItem: 2)
        }
        #expect(back == list)
        #expect(Array(back) == [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2])
        #expect(throws: ConsentError.self) { try FixedIntegerList([4], bitsPerItem: 2) }
    }

    @Test func valuesThatDoNotFitAreErrorsNotTruncation() throws {
        var writer = BitWriter()
        let error = try #require(throws: ConsentError.self) { try writer.writeInteger(5000, bits: 12, field: "cmpId") }
        #expect(error.code == .valueOutOfRange)
        #expect(error.field.description == "cmpId")
        #expect(throws: ConsentError.self) { try writer.writeInteger(-1, bits: 12) }
        #expect(throws: ConsentError.self) { try writer.writeFibonacciInteger(0) }
        #expect(throws: ConsentError.self) { try writer.writeLetter(26) }
        #expect(throws: ConsentError.self) { try writer.writeBitField([9], count: 8) }
    }

    @Test func paddingFollowsTheChosenMultipleAndTheCounterAgrees() throws {
        // GPP's usnat v1 core: 60 bits is 10 characters with 6-bit padding, 11 with byte-then-6 padding.
        for (multiple, characters) in [(6, 10), (8, 11), (24, 12)] {
            var writer = BitWriter()
            var counter = BitCounter()
            writer.writeBits(0, count: 30)
            writer.writeBits(0, count: 30)
            counter.writeBits(0, count: 60)
            writer.finishSegment(paddingToMultipleOf: multiple)
            counter.finishSegment(paddingToMultipleOf: multiple)
            #expect(writer.makeString().count == characters)
            #expect(counter.characterCount == characters)
        }
    }

    @Test func readerWidthAboveTheTypeTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = try? read("AAAAAAAAAAAA") { reader throws(ConsentError) in
                try reader.readInteger(bits: 9, as: UInt8.self)
            }
        }
        await #expect(processExitsWith: .failure) {
            _ = try? read("AAAA") { reader throws(ConsentError) in try reader.readInteger(bits: 0, as: Int.self) }
        }
    }

    @Test func aListWiderThanAWordIsAnErrorNotATrap() throws {
        // 33 items of 2 bits (a usnat list gone wrong) would take 66 bits of the one word a list has.
        let tooMany = try #require(throws: ConsentError.self) {
            try FixedIntegerList(Array(repeating: 1, count: 33), bitsPerItem: 2, field: "sensitiveDataProcessing")
        }
        #expect(tooMany.code == .valueOutOfRange)
        #expect(tooMany.field.description == "sensitiveDataProcessing")
        #expect(tooMany.value == 33)
        #expect(throws: ConsentError.self) { try FixedIntegerList([1], bitsPerItem: 0) }
        #expect(throws: ConsentError.self) { try FixedIntegerList([1], bitsPerItem: 9) }
        #expect(try FixedIntegerList(Array(repeating: 1, count: 32), bitsPerItem: 2).count == 32, "64 bits fit")
        // An item that does not fit names the value, not a bit offset it does not have.
        let wide = try #require(throws: ConsentError.self) { try FixedIntegerList([0, 0, 5], bitsPerItem: 2) }
        #expect(wide.value == 5)
        #expect(wide.bitOffset == nil)
    }
}
