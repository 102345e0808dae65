/// Something bits are written into: the ``BitWriter`` that produces text, or the ``BitCounter`` that only counts.
///
/// Encoders are written once, generic over `BitSink`, and run twice: first with a counter to size the output
/// exactly (and to choose between encodings), then with a writer.
public protocol BitSink {
    /// Bits written to the current segment so far.
    var segmentBitCount: Int { get }
    /// Appends the low `count` bits of `value` (`count` in 1...64), most significant first; higher bits of
    /// `value` must be zero (encoders check with ``writeInteger(_:bits:field:)``).
    mutating func writeBits(_ value: UInt64, count: Int)
    /// Ends the current segment: zero bits up to a multiple of `multiple` bits, then up to a multiple of 6.
    /// `multiple` is 1 or more (a precondition: the formats' constants are 6 and 8).
    mutating func finishSegment(paddingToMultipleOf multiple: Int)
    /// Appends one ASCII byte (a separator such as `.` or `~`) after a finished segment.
    mutating func appendASCII(_ byte: UInt8)
    /// Appends text verbatim (an unknown segment, a US Privacy section) after a finished segment.
    mutating func appendText(_ text: String)
    /// Appends the first `count` bits of the bitfield words of `ids` (`count` >= 0; the caller has checked that no
    /// id is above `count`). ``writeBitField(_:count:field:)`` calls it; a sink may write the words in bulk.
    mutating func _writeBitFieldWords(of ids: IDSet, count: Int)
    /// Appends each run of `ids` as a TCF range entry (``writeIntegerRange(_:field:)`` after its count). A sink may
    /// write them in bulk.
    mutating func _writeRangeEntries(of ids: IDSet)
}

extension BitSink {
    /// Writes an unsigned integer in exactly `bits` bits (1...64).
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when the value is negative or needs more bits.
    @inlinable
    public mutating func writeInteger<T: BinaryInteger>(
        _ value: T,
        bits: Int,
        field: StaticString = ""
    ) throws(ConsentError) {
        precondition(bits >= 1 && bits <= 64, "invalid bit width")
        guard let raw = UInt64(exactly: value), bits == 64 || raw >> UInt64(bits) == 0 else {
            throw .valueOutOfRange(field: field, at: segmentBitCount, value: Int64(truncatingIfNeeded: value))
        }
        writeBits(raw, count: bits)
    }

    /// Writes one bit, 1 for true.
    @inlinable
    public mutating func writeBool(_ value: Bool) { writeBits(value ? 1 : 0, count: 1) }

    /// Writes a 6-bit letter from its value, `A` = 0 ... `Z` = 25.
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` above 25.
    @inlinable
    public mutating func writeLetter(_ value: UInt8, field: StaticString = "") throws(ConsentError) {
        guard value < 26 else { throw .valueOutOfRange(field: field, at: segmentBitCount, value: Int64(value)) }
        writeBits(UInt64(value), count: 6)
    }

    /// Writes a 36-bit deciseconds timestamp.
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when negative or beyond 36 bits.
    @inlinable
    public mutating func writeDeciseconds36(_ value: Int64, field: StaticString = "") throws(ConsentError) {
        try writeInteger(value, bits: 36, field: field)
    }

    /// Writes a positive integer in Fibonacci coding (Zeckendorf bits, lowest weight first, then a closing 1).
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` for values below 1.
    @inlinable
    public mutating func writeFibonacciInteger(_ value: Int, field: StaticString = "") throws(ConsentError) {
        guard value >= 1 else { throw .valueOutOfRange(field: field, at: segmentBitCount, value: Int64(value)) }
        // Weights 1, 2, 3, 5, ...: find the largest weight <= value, then walk down choosing greedily.
        var weights: (low: Int, high: Int) = (1, 2)
        var positions = 1
        while weights.high <= value && weights.high > 0 {
            weights = (weights.high, weights.low &+ weights.high)
            positions &+= 1
        }
        // Bits are chosen from the highest position down but written lowest first: collect them in two words
        // (a value that fits an Int has at most 91 positions).
        var code: (low: UInt64, high: UInt64) = (0, 0)
        var remaining = value
        var low = weights.low
        var high = weights.high
        var position = positions &- 1
        while position >= 0 {
            if low <= remaining {
                remaining &-= low
                if position < 64 { code.low |= 1 << UInt64(position) } else { code.high |= 1 << UInt64(position &- 64) }
            }
            let previous = high &- low
            high = low
            low = previous
            position &-= 1
        }
        var index = 0
        while index < positions {
            let word = index < 64 ? code.low >> UInt64(index) : code.high >> UInt64(index &- 64)
            writeBits(word & 1, count: 1)
            index &+= 1
        }
        writeBits(1, count: 1)
    }

    /// Writes `ids` as a bitfield of `count` bits (bit *i* = id *i+1*).
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when an id is above `count`.
    @inlinable
    public mutating func writeBitField(_ ids: IDSet, count: Int, field: StaticString = "") throws(ConsentError) {
        if let max = ids.max, max > count {
            throw .valueOutOfRange(field: field, at: segmentBitCount, value: Int64(max))
        }
        _writeBitFieldWords(of: ids, count: count)
    }

    /// See ``BitSink``: a word at a time through ``writeBits(_:count:)``.
    @inlinable
    public mutating func _writeBitFieldWords(of ids: IDSet, count: Int) {
        var remaining = count
        var index = 0
        while remaining > 0 {
            let width = Swift.min(64, remaining)
            let word = ids.bitfieldWord(index)
            writeBits(width == 64 ? word : word >> UInt64(64 &- width), count: width)
            remaining &-= width
            index &+= 1
        }
    }

    /// Writes the TCF integer range list of `ids`: a 12-bit count of runs, then each run as a single id or a
    /// start and end (17 or 33 bits).
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when there are more than 4095 runs.
    @inlinable
    public mutating func writeIntegerRange(_ ids: IDSet, field: StaticString = "") throws(ConsentError) {
        try writeInteger(ids.runCount, bits: 12, field: field)
        _writeRangeEntries(of: ids)
    }

    /// See ``BitSink``: one ``writeBits(_:count:)`` a run (17 or 33 bits), straight into this sink (a copy of a
    /// writer would share its storage, and the first write would copy it).
    @inlinable
    public mutating func _writeRangeEntries(of ids: IDSet) {
        ids.forEachRun { run in
            if run.lowerBound == run.upperBound {
                writeBits(UInt64(run.lowerBound), count: 17)
            } else {
                writeBits(1 << 32 | UInt64(run.lowerBound) << 16 | UInt64(run.upperBound), count: 33)
            }
        }
    }

    /// Writes the GPP Fibonacci range list of `ids`: a 12-bit count of runs, then each run as a group flag and
    /// Fibonacci deltas.
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when there are more than 4095 runs.
    @inlinable
    public mutating func writeFibonacciRange(_ ids: IDSet, field: StaticString = "") throws(ConsentError) {
        try writeInteger(ids.runCount, bits: 12, field: field)
        // Straight into this sink: a copy of a writer would share its storage, and the first write would copy it.
        var previous = 0
        try ids.forEachRun { run throws(ConsentError) in
            writeBool(run.count > 1)
            try writeFibonacciInteger(run.lowerBound &- previous, field: field)
            if run.count > 1 { try writeFibonacciInteger(run.upperBound &- run.lowerBound, field: field) }
            previous = run.upperBound
        }
    }

    /// Writes a list of small integers, item 0 first.
    @inlinable
    public mutating func writeIntegerList(_ list: FixedIntegerList) {
        let bits = list.count &* list.bitsPerItem
        if bits > 0 { writeBits(list.packed, count: bits) }
    }
}

/// Sizes of the encodings of an id set, in bits, for choosing between bitfield and range forms.
public enum RangeEncodingSize {
    /// Bits of a bitfield holding ids up to `maxID`.
    @inlinable
    public static func bitField(maxID: Int) -> Int { maxID }

    /// Bits of the TCF integer range list of `ids` (12-bit count, 17 per single id, 33 per run).
    @inlinable
    public static func integerRange(_ ids: IDSet) -> Int {
        let runs = ids.runCount
        let singles = ids.singleIDRunCount
        return 12 &+ 33 &* (runs &- singles) &+ 17 &* singles
    }

    /// Bits of the Fibonacci range list of `ids`.
    @inlinable
    public static func fibonacciRange(_ ids: IDSet) -> Int {
        var counter = BitCounter()
        try? counter.writeFibonacciRange(ids)
        return counter.segmentBitCount
    }
}
