import ConsentCore

/// The GPP header (gpp.md §3): Type Int(6) = 3, Version Int(6) = 1, SectionIds Range(Fibonacci).
enum GPPHeader {
    static let tilde = UInt8(ascii: "~")

    /// The header's own section id. spec: gpp.md §5, "the header itself; never listed in `SectionIds`": a header
    /// that lists it is one the format cannot hold (a second header as a section), not an unknown section.
    static let ownID = 3

    /// ``ownID`` in the first word of an ``IDSet`` (id 1 the most significant bit).
    static let ownIDBit: UInt64 = 1 << UInt64(64 - ownID)

    /// Reads the header at the start of `view`: where it ends (its `~` or the end) and its section ids.
    ///
    /// The Type is checked on the first character before anything else is scanned, so a TC string or any other
    /// text fails at once.
    /// - Throws: `empty`; `tooLong`; `unknownFormat` (Type not 3); `badVersion`; `badBase64`; `truncated`;
    ///   `badValue` from the id range or for the header's own id 3 among them (field `sectionIds`, value 3);
    ///   `tooLong` for more ids than `options.maxSections`.
    static func read(_ view: TextView, options: DecodingOptions) throws(ConsentError) -> (end: Int, ids: IDSet) {
        if let header = readQuickly(view, options: options) {
            return (header.end, IDSet(firstWord: header.ids, followingWords: []))
        }
        guard !view.isEmpty else { throw ConsentError(.empty, format: .gpp) }
        guard view.count <= options.maxInputLength else {
            throw ConsentError(
                .tooLong,
                format: .gpp,
                characterOffset: options.maxInputLength,
                value: Int64(view.count)
            )
        }
        let type = Base64URL.sextet(view[0])
        // gpp.md §7.1: the alphabet is checked before the header is read (step 2, then 3).
        guard type < 64 else {
            throw ConsentError(
                .badBase64,
                format: .gpp,
                segment: "header",
                characterOffset: 0,
                value: Int64(view[0])
            )
        }
        guard type == 3 else {
            throw ConsentError(
                .unknownFormat,
                format: .gpp,
                segment: "header",
                field: "type",
                bitOffset: 0,
                characterOffset: 0,
                value: Int64(type)
            )
        }
        let end = view.firstIndex(of: tilde) ?? view.count
        do throws(ConsentError) {
            var reader = try view.slice(0..<end).bitReader()
            let ids = try readFields(&reader)
            guard ids.count <= options.maxSections else {
                throw ConsentError(.tooLong, field: "sectionIds", bitOffset: 12, value: Int64(ids.count))
            }
            guard !ids.contains(ownID) else {
                throw ConsentError(.badValue, field: "sectionIds", bitOffset: 12, value: Int64(ownID))
            }
            return (end, ids)
        } catch {
            throw error.adding(format: .gpp, segment: "header", characterOffset: 0)
        }
    }

    /// Reads the fields after the Type (checked by the caller): the Version (1) and the section ids, leaving
    /// `reader` after the last id.
    /// - Throws: `badVersion`; `truncated`; `badValue` from the id range.
    private static func readFields(_ reader: inout BitReader) throws(ConsentError) -> IDSet {
        try reader.skipBits(6)
        let versionStart = reader.readerBitIndex
        let version: Int = try reader.readInteger(bits: 6, field: "version")
        guard version == 1 else {
            throw ConsentError(.badVersion, field: "version", bitOffset: versionStart, value: Int64(version))
        }
        return try reader.readFibonacciRange(field: "sectionIds").ids
    }

    /// The ids of a kept header's text, and whether it is padded in neither of the forms reference encoders write
    /// (trailing `=`, a length that is neither 6-bit nor byte-then-6-bit padding, or padding bits that are not
    /// zero: the sections' rule, ``GPPSectionMemory/notePadding(_:)``). Nil for text that does not read as one.
    static func padding(of header: some StringProtocol) -> (ids: IDSet, irregular: Bool)? {
        try? withTextView(of: header) { view throws(ConsentError) in
            var reader = try view.bitReader()
            let ids = try readFields(&reader)
            var memory = GPPSectionMemory()
            memory.notePadding(reader)
            return (ids, memory.irregularPadding)
        }
    }

    /// The header of a string with nothing wrong in it and section ids all at most 64, read without building an
    /// ``IDSet`` or any error: where it ends and its ids as the first word of a set (id 1 the most significant bit).
    /// Nil for anything else, which ``read(_:options:)`` then reads in full (giving the error, or the larger ids).
    static func readQuickly(_ view: TextView, options: DecodingOptions) -> (end: Int, ids: UInt64)? {
        guard !view.isEmpty, view.count <= options.maxInputLength, Base64URL.sextet(view[0]) == 3 else { return nil }
        let end = view.firstIndex(of: tilde) ?? view.count
        if end >= 4, end <= 10 {
            // The usual header, 4 to 10 characters: checked and decoded into one word in a single pass.
            var word: UInt64 = 0
            var sextets: UInt8 = 0
            for index in 0..<end {
                let sextet = Base64URL.sextet(view[index])
                sextets |= sextet
                word = word << 6 | UInt64(sextet & 63)
            }
            // A character outside the alphabet (or `=` padding) goes the long way, which reports or strips it.
            if sextets < 64 {
                let bits = end * 6
                guard word >> UInt64(bits - 12) & 63 == 1,
                    let (ids, _) = BitReader.smallFibonacciRange(
                        entryCount: Int(word >> UInt64(bits - 24) & 0xFFF),
                        window: bits == 24 ? 0 : word << UInt64(64 - bits + 24),
                        bits: bits - 24
                    ),
                    ids.nonzeroBitCount <= options.maxSections, ids & ownIDBit == 0
                else { return nil }
                return (end, ids)
            }
        }
        guard var reader = try? view.slice(0..<end).bitReader(),
            (try? reader.getInteger(atBit: 6, bits: 6, as: Int.self)) == 1,
            (try? reader.skipBits(12)) != nil,
            let range = reader.readSmallFibonacciRange(),
            range.firstWord.nonzeroBitCount <= options.maxSections, range.firstWord & ownIDBit == 0
        else { return nil }
        return (end, range.firstWord)
    }

    /// The error for a header whose id count differs from the number of sections that follow.
    static func countMismatch(sections: Int) -> ConsentError {
        ConsentError(
            .badValue,
            format: .gpp,
            segment: "header",
            field: "sectionIds",
            bitOffset: 12,
            characterOffset: 0,
            value: Int64(sections)
        )
    }

    /// The error for an empty section (`~~`, or a `~` at the end).
    static func emptySection(id: Int, at offset: Int) -> ConsentError {
        ConsentError(.badValue, format: .gpp, segment: "section", characterOffset: offset, value: Int64(id))
    }

    /// Writes a canonical header for `ids` (ascending): Type, Version, the Fibonacci range, padded to a byte and
    /// then to 6 bits.
    static func write<Sink: BitSink>(ids: IDSet, into sink: inout Sink) throws(ConsentError) {
        sink.writeBits(3, count: 6)
        sink.writeBits(1, count: 6)
        try sink.writeFibonacciRange(ids, field: "sectionIds")
        sink.finishSegment(paddingToMultipleOf: 8)
    }
}
