import ConsentCore

/// Every `BitReader` coding on arbitrary text, in an order the input chooses.
///
/// Layout after the option byte: one byte `n`, then `n % 64` program bytes, then the text. Each program byte
/// is an operation (low four bits) and an argument (high four bits). After every operation, successful or not,
/// the reader's index stays within the segment; a value read by a coding and written again by the matching
/// `BitSink` coding gives the same bits (or, for range lists, reads back as the same set).
enum BitReaderInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.bitReader)
        let count = Int(input.payload.first ?? 0) % 64
        let program = Array(input.payload.dropFirst().prefix(count))
        let text = String(decoding: input.payload.dropFirst(1 + count), as: UTF8.self)
        _ = try? withTextView(of: text) { view throws(ConsentError) in
            var reader = try view.bitReader()
            for byte in program {
                let before = reader.readerBitIndex
                do throws(ConsentError) {
                    try step(byte, &reader, &checker)
                } catch {
                    checker.check(error.code != .badBase64, "a read threw \(error) after validation")
                    if let offset = error.bitOffset {
                        checker.check(offset >= 0 && offset <= reader.bitCount, "error offset \(offset) outside")
                    }
                }
                checker.check(
                    reader.readerBitIndex >= 0 && reader.readerBitIndex <= reader.bitCount,
                    "reader index \(reader.readerBitIndex) outside 0...\(reader.bitCount) after op \(byte)"
                )
                checker.check(reader.readableBits == reader.bitCount - reader.readerBitIndex, "readableBits wrong")
                checker.check(reader.readerBitIndex >= before || byte & 15 == 13, "the reader moved backwards")
                if checker.violation != nil { break }
            }
        }
        return checker.violation
    }

    // One operation: op = low four bits, argument = high four bits.
    private static func step(
        _ byte: UInt8,
        _ reader: inout BitReader,
        _ checker: inout InvariantChecker
    )
        throws(ConsentError)
    {
        let argument = Int(byte >> 4)
        let start = reader.readerBitIndex
        switch byte & 15 {
        case 0:
            let bits = Swift.min(64, argument * 4 + 1)
            let value: UInt64 = try reader.readInteger(bits: bits)
            checker.check(reader.readerBitIndex == start + bits, "readInteger moved wrongly")
            checker.check(try reader.getInteger(atBit: start, bits: bits) == value, "getInteger disagrees")
        case 1:
            let value = try reader.readBool()
            checker.check(try reader.getInteger(atBit: start, bits: 1, as: UInt8.self) == (value ? 1 : 0), "bool")
        case 2:
            let letter = try reader.readLetter()
            checker.check(letter < 26, "readLetter returned \(letter)")
        case 3:
            let value = try reader.readDeciseconds36()
            checker.check(value >= 0 && value < 1 << 36, "deciseconds \(value) outside 36 bits")
        case 4:
            let value = try reader.readFibonacciInteger()
            checker.check(value >= 1, "Fibonacci integer \(value) below 1")
            try rewrite(&checker, reader, from: start, "Fibonacci \(value)") { sink throws(ConsentError) in
                try sink.writeFibonacciInteger(value)
            }
        case 5:
            let width = argument * 37
            let ids = try reader.readBitField(count: width)
            checker.check(ids.max.map { $0 <= width } ?? true, "bitfield of \(width) holds \(ids.max ?? 0)")
            try rewrite(&checker, reader, from: start, "bitfield") { sink throws(ConsentError) in
                try sink.writeBitField(ids, count: width)
            }
        case 6:
            let entry = try reader.readRangeEntry()
            checker.check(entry.lowerBound >= 1 && entry.upperBound <= IDSet.maximumID, "range entry \(entry)")
        case 7:
            let maxID = argument == 15 ? IDSet.maximumID : argument * 100
            let range = try reader.readIntegerRange(maxID: maxID)
            checker.check(range.ids.max.map { $0 <= maxID } ?? true, "ids above maxID \(maxID) in the set")
            try rereadRange(&checker, range.ids, fibonacci: false)
        case 8:
            let range = try reader.readFibonacciRange()
            try rereadRange(&checker, range.ids, fibonacci: true)
        case 9:
            let range = try reader.readOptimizedIntegerRange()
            checker.check(range.ids.max.map { $0 <= range.maxID } ?? true, "optimized range above its maxID")
        case 10:
            let range = try reader.readOptimizedFibonacciRange()
            checker.check(range.ids.max.map { $0 <= range.maxID } ?? true, "optimized Fibonacci above its maxID")
        case 11:
            let count = argument % 8 + 1
            let list = try reader.readIntegerList(count: count, bitsPerItem: 2)
            checker.check(list.count == count && list.allSatisfy { $0 >= 0 && $0 <= 3 }, "list \(list)")
            try rewrite(&checker, reader, from: start, "list \(list)") { sink throws(ConsentError) in
                sink.writeIntegerList(list)
            }
        case 12:
            let bits = argument + 1
            let peeked: UInt32 = try reader.peekInteger(bits: bits)
            checker.check(reader.readerBitIndex == start, "peek moved the reader")
            checker.check(try reader.getInteger(atBit: start, bits: bits) == peeked, "peek and get disagree")
        case 13:
            try reader.skipBits(argument * 7)
        case 14:
            let wanted = argument * 50
            let fits = wanted <= reader.readableBits
            do {
                try reader.requireReadable(wanted)
                checker.check(fits, "requireReadable(\(wanted)) passed with \(reader.readableBits) left")
            } catch {
                checker.check(!fits, "requireReadable(\(wanted)) failed with \(reader.readableBits) left")
            }
        default:
            var allZero = true
            var index = reader.readerBitIndex
            while index < reader.bitCount {
                let chunk = Swift.min(32, reader.bitCount - index)
                if try reader.getInteger(atBit: index, bits: chunk, as: UInt64.self) != 0 { allZero = false }
                index += chunk
            }
            checker.check(reader.remainingBitsAreZero == allZero, "remainingBitsAreZero is wrong")
        }
    }

    /// Writes a value again with `write` and checks that the bits equal those the reader consumed from `start`.
    private static func rewrite(
        _ checker: inout InvariantChecker,
        _ reader: BitReader,
        from start: Int,
        _ what: String,
        _ write: (inout BitWriter) throws(ConsentError) -> Void
    ) throws(ConsentError) {
        var writer = BitWriter()
        try write(&writer)
        let written = writer.segmentBitCount
        let consumed = reader.readerBitIndex - start
        checker.check(written == consumed, "\(what): read \(consumed) bits, wrote \(written)")
        guard written == consumed, written > 0 else { return }
        writer.finishSegment(paddingToMultipleOf: 6)
        try withTextView(of: writer.makeString()) { view throws(ConsentError) in
            let copy = try view.bitReader()
            var index = 0
            while index < written {
                let chunk = Swift.min(32, written - index)
                let original: UInt64 = try reader.getInteger(atBit: start + index, bits: chunk)
                let again: UInt64 = try copy.getInteger(atBit: index, bits: chunk)
                checker.check(original == again, "\(what): bits differ at \(index)")
                index += chunk
            }
        }
    }

    /// Writes `ids` as a range list and reads it back: the same set.
    private static func rereadRange(
        _ checker: inout InvariantChecker,
        _ ids: IDSet,
        fibonacci: Bool
    )
        throws(ConsentError)
    {
        guard ids.runCount <= 4095 else { return }
        var writer = BitWriter()
        if fibonacci { try writer.writeFibonacciRange(ids) } else { try writer.writeIntegerRange(ids) }
        writer.finishSegment(paddingToMultipleOf: 6)
        let again = try withTextView(of: writer.makeString()) { view throws(ConsentError) in
            var copy = try view.bitReader()
            return fibonacci ? try copy.readFibonacciRange().ids : try copy.readIntegerRange().ids
        }
        checker.check(again == ids, "range list of \(ids) reads back as \(again)")
    }
}
