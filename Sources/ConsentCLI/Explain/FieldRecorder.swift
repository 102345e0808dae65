import ConsentKit

/// Reads a segment field by field, like a decoder, and records every field's offset, width, raw bits and value.
/// The explain walkers are written against it, with the field tables of the specifications.
struct FieldRecorder {
    /// The reader; walkers may look at it but read through the recorder.
    private(set) var reader: BitReader
    /// The reader at the start of the segment, to go back to the end of the last field recorded.
    private let segmentStart: BitReader
    /// Fields read so far.
    private(set) var fields: [ExplainedField] = []
    /// Prefix for field paths (`vendorConsents.`), set by ``group(_:_:)``.
    private var prefix = ""
    /// The path of the field being read, for the message when reading it fails.
    private(set) var current = ""
    /// The segment's name as soon as a walker knows it (a TC string segment's type names it), so that a segment
    /// that fails after its type is still named by it.
    var segmentName: String?

    init(_ reader: BitReader) {
        self.reader = reader
        segmentStart = reader
    }

    /// The raw bits from `start` to the reader index.
    private func bits(from start: Int) -> String {
        var text = ""
        var index = start
        while index < reader.readerBitIndex {
            let count = min(32, reader.readerBitIndex - index)
            let value: UInt64 = (try? reader.getInteger(atBit: index, bits: count)) ?? 0
            let digits = String(value, radix: 2)
            text += String(repeating: "0", count: count - digits.count) + digits
            index += count
        }
        return text
    }

    private mutating func record(_ name: String, from start: Int, value: String) {
        let width = reader.readerBitIndex - start
        fields.append(
            ExplainedField(field: prefix + name, bitOffset: start, width: width, bits: bits(from: start), value: value)
        )
    }

    /// Runs `body` with field paths prefixed by `name.`.
    mutating func group<T>(
        _ name: String,
        _ body: (inout FieldRecorder) throws(ConsentError) -> T
    ) throws(ConsentError) -> T {
        let saved = prefix
        prefix = saved + name + "."
        defer { prefix = saved }
        return try body(&self)
    }

    /// An unsigned integer; `describe` turns it into the value column (default: decimal).
    @discardableResult
    mutating func integer(
        _ name: String,
        bits: Int,
        describe: (Int) -> String = { String($0) }
    ) throws(ConsentError) -> Int {
        let start = reader.readerBitIndex
        current = prefix + name
        let value: Int = try reader.readInteger(bits: bits, field: "")
        record(name, from: start, value: describe(value))
        return value
    }

    /// A one-bit flag.
    @discardableResult
    mutating func bool(
        _ name: String,
        describe: (Bool) -> String = { $0 ? "true" : "false" }
    ) throws(ConsentError) -> Bool {
        let start = reader.readerBitIndex
        current = prefix + name
        let value = try reader.readBool()
        record(name, from: start, value: describe(value))
        return value
    }

    /// A 36-bit timestamp in deciseconds.
    mutating func timestamp(_ name: String) throws(ConsentError) {
        let start = reader.readerBitIndex
        current = prefix + name
        let value = try reader.readDeciseconds36()
        record(name, from: start, value: Timestamp.iso8601(deciseconds: value))
    }

    /// `count` 6-bit letters (a language or country code: two).
    mutating func letters(_ name: String, count: Int = 2) throws(ConsentError) {
        let start = reader.readerBitIndex
        current = prefix + name
        var text = ""
        for _ in 0..<count { text.unicodeScalars.append(UnicodeScalar(UInt8(ascii: "A") + (try reader.readLetter()))) }
        record(name, from: start, value: text)
    }

    /// A bitfield of `count` bits: the ids whose bit is set.
    @discardableResult
    mutating func bitField(_ name: String, count: Int) throws(ConsentError) -> IDSet {
        let start = reader.readerBitIndex
        current = prefix + name
        let ids = try reader.readBitField(count: count)
        record(name, from: start, value: FieldRecorder.describe(ids))
        return ids
    }

    /// A Fibonacci-coded integer.
    @discardableResult
    mutating func fibonacci(_ name: String, describe: (Int) -> String = { String($0) }) throws(ConsentError) -> Int {
        let start = reader.readerBitIndex
        current = prefix + name
        let value = try reader.readFibonacciInteger()
        record(name, from: start, value: describe(value))
        return value
    }

    /// The bits left after the last field read (padding, or what could not be read), when there are any.
    mutating func remainder(_ name: String) {
        let start = reader.readerBitIndex
        guard reader.readableBits > 0 else { return }
        try? reader.skipBits(reader.readableBits)
        let bits = bits(from: start)
        record(name, from: start, value: bits.contains("1") ? "not all zero" : "")
    }

    /// After a failure: the bits from the end of the last field recorded to the end of the segment, as `(unread)`,
    /// the field that failed included, however far the reader got into it (a two-letter code fails at its second
    /// letter with the first one read). So the fields shown still cover the segment without a gap.
    mutating func unreadRemainder() {
        let end = fields.last.map { $0.bitOffset + $0.width } ?? segmentStart.readerBitIndex
        var rewound = segmentStart
        guard (try? rewound.skipBits(end - segmentStart.readerBitIndex)) != nil else { return }
        reader = rewound
        remainder("(unread)")
    }

    /// `1-5, 8 (6 ids)` or `none`.
    static func describe(_ ids: IDSet) -> String {
        ids.isEmpty ? "none" : "\(ids.foldedDescription) (\(ids.count))"
    }
}
