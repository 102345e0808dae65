public import ConsentCore

extension GPPFieldSection {
    /// Decodes one section's text.
    ///
    /// - Parameters:
    ///   - declaration: what the section is.
    ///   - text: the section's text (between `~`s).
    ///   - options: the segment cap.
    /// - Throws: `badBase64`, `truncated`, `badVersion`, `badValue`, `tooLong` (more segments than allowed), with the
    ///   section's prefix as `segment`, the field and its bit offset within its segment.
    public init(
        _ declaration: GPPSectionDeclaration,
        encoded text: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) {
        self = try withTextView(of: text) { view throws(ConsentError) in
            try GPPFieldSection.decode(declaration, part: view, source: text, options: options)
        }
    }

    /// Decodes one section's text held in any string type (see the `String` form).
    /// - Throws: as the `String` form.
    public init(
        _ declaration: GPPSectionDeclaration,
        encoded text: some StringProtocol,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) {
        try self.init(declaration, encoded: String(text), options: options)
    }

    /// Decodes a section from `part`, a view into `source` (the whole input, from which the section keeps its
    /// text), or without keeping text when `source` is nil (the query path).
    static func decode(
        _ declaration: GPPSectionDeclaration,
        part: TextView,
        source: String?,
        options: DecodingOptions
    ) throws(ConsentError) -> GPPFieldSection {
        do throws(ConsentError) {
            var parts = GPPSegmentParts(part, limit: options.maxSegments)
            var section: GPPFieldSection
            switch declaration.structure {
            case .versioned: section = try decodeVersioned(declaration, &parts)
            case .mspa: section = try decodeMSPA(declaration, &parts)
            case .tcfCanada: section = try decodeCanadian(declaration, &parts)
            }
            if let source { section.memory.text = GPPTextSlice(source, part.offset..<part.offset + part.count) }
            return section
        } catch {
            throw error.adding(format: .gpp, segment: declaration.prefix)
        }
    }

    /// Version first; the Version (and the core's length) picks the layout; optional subsections in order.
    private static func decodeVersioned(
        _ declaration: GPPSectionDeclaration,
        _ parts: inout GPPSegmentParts
    ) throws(ConsentError) -> GPPFieldSection {
        var section = try decodeVersionedCore(declaration, &parts)
        try section.decodePositionalSubsections(from: 1, &parts)
        return section
    }

    /// The first part of a section whose core starts with its Version: the Version (and the core's length) picks
    /// the layout, and the core is decoded into a blank section of it.
    private static func decodeVersionedCore(
        _ declaration: GPPSectionDeclaration,
        _ parts: inout GPPSegmentParts
    ) throws(ConsentError) -> GPPFieldSection {
        let core = try parts.first()
        var reader = try core.reader()
        let version: Int = try core.attempt { () throws(ConsentError) in
            try reader.peekInteger(bits: 6, field: "version")
        }
        let layoutIndex = try core.attempt { () throws(ConsentError) in
            try declaration.layoutIndex(version: version, coreBits: reader.bitCount)
        }
        var section = GPPFieldSection(declaration, blankLayout: layoutIndex)
        try section.decodeSegment(0, &reader, core)
        return section
    }

    /// A core-first layout, or the header-first layout when the first 6 bits are the section's id. Of the core-first
    /// layouts (25-27 have two: the sensitive data consents in a part of their own, or at the end of a longer core),
    /// the one with the longest core that the first part holds.
    private static func decodeMSPA(
        _ declaration: GPPSectionDeclaration,
        _ parts: inout GPPSegmentParts
    ) throws(ConsentError) -> GPPFieldSection {
        let first = try parts.first()
        var reader = try first.reader()
        let lead: Int = try first.attempt { () throws(ConsentError) in
            try reader.peekInteger(bits: 6, field: "mspaVersion")
        }
        guard lead == declaration.id, let headerFirst = declaration.layouts.firstIndex(where: { $0.coreIndex > 0 })
        else {
            var coreFirst = 0
            var longest = 0
            for (index, layout) in declaration.layouts.enumerated() where layout.coreIndex == 0 {
                guard let bits = layout.coreBitCount, bits <= reader.bitCount, bits > longest else { continue }
                (coreFirst, longest) = (index, bits)
            }
            var section = GPPFieldSection(declaration, blankLayout: coreFirst)
            try section.decodeSegment(0, &reader, first)
            try section.decodePositionalSubsections(from: 1, &parts)
            return section
        }
        var section = GPPFieldSection(declaration, blankLayout: headerFirst)
        let notes = try section.decodeSegment(0, &reader, first)
        let version = section.integer("version") ?? 0
        guard version == 1 else {
            throw ConsentError(
                .badVersion,
                field: "version",
                bitOffset: 6,
                characterOffset: first.view.offset,
                value: Int64(version)
            )
        }
        let coreIndex = section.layout.coreIndex
        guard let core = try parts.next() else {
            throw ConsentError(
                .truncated,
                field: section.layout.core.fields.first?.key ?? "",
                bitOffset: 0,
                characterOffset: first.view.offset + first.view.count,
                expectedBits: section.layout.coreBitCount,
                availableBits: 0
            )
        }
        var coreReader = try core.reader()
        try section.decodeSegment(coreIndex, &coreReader, core)
        for subsectionID in notes.subsectionIDs {
            let index = section.layout.segments.firstIndex { $0.isOptional && $0.subsectionID == subsectionID }
            guard let index, let part = try parts.next() else {
                throw ConsentError(
                    .badValue,
                    field: "subSections",
                    bitOffset: 12,
                    characterOffset: first.view.offset,
                    value: Int64(subsectionID)
                )
            }
            var subsectionReader = try part.reader()
            try section.decodeSegment(index, &subsectionReader, part)
        }
        if try parts.next() != nil {
            throw ConsentError(.badValue, field: "subSections", bitOffset: 12, characterOffset: first.view.offset)
        }
        return section
    }

    /// TCF Canada: the core, then optional segments recognised by their Int(3) type, in any order.
    private static func decodeCanadian(
        _ declaration: GPPSectionDeclaration,
        _ parts: inout GPPSegmentParts
    ) throws(ConsentError) -> GPPFieldSection {
        var section = try decodeVersionedCore(declaration, &parts)
        while let part = try parts.next() {
            var segmentReader = try part.reader()
            let type: Int = try part.attempt { () throws(ConsentError) in
                try segmentReader.peekInteger(bits: 3, field: "subsectionType")
            }
            let index = section.layout.segments.firstIndex { $0.isOptional && $0.typeValue == type }
            guard let index, !section.isPresent(segmentIndex: index) else {
                // spec: type 0 would be a second core; a type may appear once.
                throw ConsentError(
                    .badValue,
                    field: "subsectionType",
                    bitOffset: 0,
                    characterOffset: part.view.offset,
                    value: Int64(type)
                )
            }
            try section.decodeSegment(index, &segmentReader, part)
            section.memory.noteSegment(index)
        }
        return section
    }

    /// Pairs the parts after the core with the optional segments in declared order; parts beyond those are kept
    /// only in the text (and reported by lint).
    private mutating func decodePositionalSubsections(
        from firstIndex: Int,
        _ parts: inout GPPSegmentParts
    ) throws(ConsentError) {
        var index = firstIndex
        while let part = try parts.next() {
            var reader = try part.reader()
            if index < layout.segments.count {
                try decodeSegment(index, &reader, part)
                index += 1
            } else {
                memory.extraSegments += 1
            }
        }
    }

    /// Decodes segment `index` of the layout from `reader`, marks it present and notes its padding. Segments with
    /// vendor fields are read as OptimizedIntRange first and in the Fibonacci variant when that fails or leaves
    /// more than padding (gpp-sections.md §5), or when it reads ids above a MaxVendorId, which no integer-range
    /// writer puts there: a Fibonacci-variant string (iabgpp-es since June 2026, which reads that variant first)
    /// can read cleanly as integer ranges that way. The Fibonacci reading is then taken when it ends in padding
    /// and has no such ids itself.
    @discardableResult
    private mutating func decodeSegment(
        _ index: Int,
        _ reader: inout BitReader,
        _ part: GPPSegmentPart
    ) throws(ConsentError) -> GPPSegmentNotes {
        let segment = layout.plans[index]
        var notes = GPPSegmentNotes()
        let id = declaration.id
        if segment.hasVendorEncodings {
            var legacyReader = reader
            var legacyValues = values
            var legacyNotes = notes
            var legacyError: ConsentError?
            do throws(ConsentError) {
                try segment.decode(
                    &legacyReader,
                    into: &legacyValues,
                    sectionID: id,
                    fibonacciVendors: false,
                    notes: &legacyNotes
                )
                if legacyReader.holdsOnlyPadding && !legacyNotes.vendorIDsAboveMaximum {
                    return commit(index, legacyReader, legacyValues, legacyNotes, fibonacci: false, reader: &reader)
                }
            } catch {
                legacyError = error
            }
            let legacyEndsInPadding = legacyError == nil && legacyReader.holdsOnlyPadding
            var fibonacciReader = reader
            var fibonacciValues = values
            if (try? segment.decode(
                &fibonacciReader,
                into: &fibonacciValues,
                sectionID: id,
                fibonacciVendors: true,
                notes: &notes
            )) != nil,
                legacyError != nil
                    || fibonacciReader.holdsOnlyPadding && !(legacyEndsInPadding && notes.vendorIDsAboveMaximum)
            {
                return commit(index, fibonacciReader, fibonacciValues, notes, fibonacci: true, reader: &reader)
            }
            if let legacyError { throw legacyError.adding(characterOffset: part.view.offset) }
            return commit(index, legacyReader, legacyValues, legacyNotes, fibonacci: false, reader: &reader)
        }
        try part.attempt { () throws(ConsentError) in
            try segment.decode(&reader, into: &values, sectionID: id, fibonacciVendors: false, notes: &notes)
        }
        present |= 1 << UInt8(index)
        memory.notePadding(reader)
        return notes
    }

    private mutating func commit(
        _ index: Int,
        _ finished: BitReader,
        _ decoded: GPPFieldValues,
        _ notes: GPPSegmentNotes,
        fibonacci: Bool,
        reader: inout BitReader
    ) -> GPPSegmentNotes {
        reader = finished
        values = decoded
        present |= 1 << UInt8(index)
        memory.fibonacciVendors = memory.fibonacciVendors || fibonacci
        if notes.restrictionsCut {
            memory.restrictionsCut = true
        } else {
            memory.notePadding(reader)
        }
        return notes
    }
}

extension BitReader {
    /// True when what is left is short enough to be padding (under 24 bits) and all zero.
    var holdsOnlyPadding: Bool { readableBits < 24 && remainingBitsAreZero }
}

/// One `.`-separated part of a section, with the error context of its position.
struct GPPSegmentPart {
    let view: TextView

    /// A bit reader over the part, after checking its characters.
    func reader() throws(ConsentError) -> BitReader { try view.bitReader() }

    /// Runs `body`, adding the part's character offset to an error.
    func attempt<R>(_ body: () throws(ConsentError) -> R) throws(ConsentError) -> R {
        do throws(ConsentError) { return try body() } catch { throw error.adding(characterOffset: view.offset) }
    }
}

/// The `.`-separated parts of a section, at most `limit` of them.
struct GPPSegmentParts {
    private var parts: TextView.Parts
    private var count = 0
    private let limit: Int
    private let offset: Int

    init(_ section: TextView, limit: Int) {
        parts = section.split(separator: UInt8(ascii: "."))
        self.limit = limit
        offset = section.offset
    }

    /// The first part (a split always has one).
    mutating func first() throws(ConsentError) -> GPPSegmentPart {
        guard let part = try next() else { throw ConsentError(.badBase64, characterOffset: offset) }
        return part
    }

    /// The next part, or nil after the last.
    /// - Throws: `tooLong` past the segment cap.
    mutating func next() throws(ConsentError) -> GPPSegmentPart? {
        guard let view = parts.next() else { return nil }
        count += 1
        guard count <= limit else { throw ConsentError(.tooLong, characterOffset: view.offset, value: Int64(count)) }
        return GPPSegmentPart(view: view)
    }
}

extension String {
    /// The bytes `range` of the UTF-8 form, as a substring sharing this string's storage (no copy). `range` lies on
    /// ASCII boundaries.
    func utf8Slice(_ range: Range<Int>) -> Substring { GPPTextSlice(self, range).substring }
}
