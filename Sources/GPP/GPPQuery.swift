public import ConsentCore

/// Answers hot-path questions about an encoded GPP string without building a ``GPPString``: reads only the header
/// and the section asked about, and allocates nothing (for native strings whose section ids are at most 64).
///
/// The header is checked as ``GPPString/init(encoded:options:)-(String,_)`` checks it, and the section read gives the
/// same values and errors as the full decoder. Sections not asked about are not read: a string whose other sections
/// are broken (or whose `~` parts do not match the header's count, when the mismatch is not in the part read)
/// can answer here and still fail a full decode.
public enum GPPQuery {
    /// A usnat opt-out field the query path reads straight from the core.
    public struct USNationalSignal: Sendable, Hashable {
        let index: Int
        /// `SaleOptOut`.
        public static let saleOptOut = USNationalSignal(index: 0)
        /// `SharingOptOut`.
        public static let sharingOptOut = USNationalSignal(index: 1)
        /// `TargetedAdvertisingOptOut`.
        public static let targetedAdvertisingOptOut = USNationalSignal(index: 2)
    }

    /// Bit offsets of the three signals in the two usnat layouts, the layouts' core widths and the layout each
    /// Version picks for each range of core widths, read from the declaration once; trivial values, so reading them
    /// retains nothing.
    private struct USNationalOffsets {
        let version1: (Int, Int, Int)
        let version2: (Int, Int, Int)
        /// The core widths of the two layouts: the bounds of the three ranges of core widths (below the smaller,
        /// between, from the larger) within which ``GPPSectionDeclaration/layoutIndex(version:coreBits:)`` gives one
        /// answer, since it only compares the width with these.
        let coreBits: (Int, Int)
        /// The layout Version 1 and Version 2 pick in each of the three ranges (-1: none).
        let choices: (version1: (Int, Int, Int), version2: (Int, Int, Int))

        init(_ declaration: GPPSectionDeclaration) {
            func offsets(_ layout: GPPSectionLayout) -> (Int, Int, Int) {
                (
                    layout.coreBitOffset(of: "saleOptOut") ?? 0, layout.coreBitOffset(of: "sharingOptOut") ?? 0,
                    layout.coreBitOffset(of: "targetedAdvertisingOptOut") ?? 0
                )
            }
            version1 = offsets(declaration.layouts[0])
            version2 = offsets(declaration.layouts[1])
            coreBits = (declaration.layouts[0].coreBitCount ?? 0, declaration.layouts[1].coreBitCount ?? 0)
            let bounds = (Swift.min(coreBits.0, coreBits.1), Swift.max(coreBits.0, coreBits.1))
            func ranges(_ version: Int) -> (Int, Int, Int) {
                func choice(_ bits: Int) -> Int {
                    (try? declaration.layoutIndex(version: version, coreBits: bits)) ?? -1
                }
                return (choice(0), choice(bounds.0), choice(bounds.1))
            }
            choices = (ranges(1), ranges(2))
        }

        func offset(layout: Int, signal: USNationalSignal) -> Int {
            let offsets = layout == 0 ? version1 : version2
            switch signal.index {
            case 0: return offsets.0
            case 1: return offsets.1
            default: return offsets.2
            }
        }

        /// The layout (0 or 1) a core of `bits` bits with Version `version` is read with, or nil when it is not one
        /// of the two layouts' Versions (the full decoder then gives the error).
        func layout(version: Int, coreBits bits: Int) -> Int? {
            let options: (Int, Int, Int)
            switch version {
            case 1: options = choices.version1
            case 2: options = choices.version2
            default: return nil
            }
            let lower = Swift.min(coreBits.0, coreBits.1)
            let upper = Swift.max(coreBits.0, coreBits.1)
            let index = bits < lower ? options.0 : bits < upper ? options.1 : options.2
            return index == 0 || index == 1 ? index : nil
        }

        /// The core width of layout `index` (0 or 1).
        func coreBitCount(layout index: Int) -> Int { index == 0 ? coreBits.0 : coreBits.1 }
    }

    private static let signalOffsets = USNationalOffsets(.usNational)

    /// True when the header lists section `id`.
    /// - Throws: the header's errors (`empty`, `unknownFormat`, `badVersion`, `badBase64`, `truncated`, ...).
    public static func containsSection(
        _ id: Int,
        in encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Bool {
        try containsSection(id, inText: encoded, options: options)
    }

    /// ``containsSection(_:in:options:)`` over any string type's own bytes (specialized for each caller's type).
    @inline(__always)
    private static func containsSection(
        _ id: Int,
        inText encoded: some StringProtocol,
        options: DecodingOptions
    ) throws(ConsentError) -> Bool {
        try withTextView(of: encoded) { view throws(ConsentError) in
            try GPPHeader.read(view, options: options).ids.contains(id)
        }
    }

    /// The value of a usnat opt-out field (0 n.a., 1 opted out, 2 did not opt out), or nil when the string has no
    /// usnat section. Only the header and usnat's core are read.
    /// - Throws: the header's errors; `badValue` (field `sectionIds`) when the usnat part is not where the header
    ///   puts it; the core's errors (`badVersion`, `truncated`, `badBase64`, ...).
    public static func usNational(
        _ signal: USNationalSignal,
        in encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Int? {
        try usNational(signal, inText: encoded, options: options)
    }

    /// ``usNational(_:in:options:)-(_,String,_)`` over any string type's own bytes.
    @inline(__always)
    private static func usNational(
        _ signal: USNationalSignal,
        inText encoded: some StringProtocol,
        options: DecodingOptions
    ) throws(ConsentError) -> Int? {
        // The answer is read in the non-throwing view (no error travels out of the closure); only a string that
        // fails takes the throwing path, which reports the full decoder's error.
        // (`try?` would flatten the optional answer: a failure would read as "no usnat section".)
        let answer: Int?? = withTextView(of: encoded) { view -> Int?? in
            do throws(ConsentError) { return .some(try signalValue(signal, in: view, options: options)) } catch {
                return .none
            }
        }
        if let answer { return answer }
        return try withTextView(of: encoded) { view throws(ConsentError) -> Int? in
            try signalValue(signal, in: view, options: options)
        }
    }

    /// The signal's value in `view`, or nil when there is no usnat section.
    private static func signalValue(
        _ signal: USNationalSignal,
        in view: TextView,
        options: DecodingOptions
    ) throws(ConsentError) -> Int? {
        guard let part = try section(7, in: view, options: options) else { return nil }
        let core = part.slice(0..<(part.firstIndex(of: UInt8(ascii: ".")) ?? part.count))
        // Every character of the core is checked (as the full decoder does) and the first ten (60 bits, where the
        // Version and the opt-outs are) are decoded into one word, in a single pass.
        var word: UInt64 = 0
        var sextets: UInt8 = 0
        let decoded = Swift.min(core.count, 10)
        for index in 0..<decoded {
            let sextet = Base64URL.sextet(core[index])
            sextets |= sextet
            word = word << 6 | UInt64(sextet & 63)
        }
        for index in decoded..<core.count { sextets |= Base64URL.sextet(core[index]) }
        let offsets = signalOffsets
        let bits = core.count * 6
        // A character outside the alphabet (or `=` padding) is left to the reader below, which reports or strips it.
        if sextets < 64, bits >= 6 {
            word <<= UInt64(64 - Swift.min(bits, 60))
            if let layoutIndex = offsets.layout(version: Int(word >> 58), coreBits: bits),
                bits >= offsets.coreBitCount(layout: layoutIndex)
            {
                let offset = offsets.offset(layout: layoutIndex, signal: signal)
                if offset + 2 <= Swift.min(bits, 60) { return Int(word >> UInt64(62 - offset) & 3) }
            }
        }
        return try signalValue(signal, inCore: core, of: part, options: options)
    }

    /// The signal's value read through the declaration, with the full decoder's error when the core fails: what
    /// the quick reading above falls back to.
    private static func signalValue(
        _ signal: USNationalSignal,
        inCore core: TextView,
        of part: TextView,
        options: DecodingOptions
    ) throws(ConsentError) -> Int {
        let declaration = GPPSectionDeclaration.usNational
        do throws(ConsentError) {
            let reader = try core.bitReader()
            let version: Int = try reader.peekInteger(bits: 6)
            let layoutIndex = try declaration.layoutIndex(version: version, coreBits: reader.bitCount)
            guard reader.bitCount >= declaration.layouts[layoutIndex].coreBitCount ?? 0 else {
                throw ConsentError(.truncated)
            }
            return try reader.getInteger(atBit: signalOffsets.offset(layout: layoutIndex, signal: signal), bits: 2)
        } catch {
            // The full decoder says which field failed where.
            _ = try GPPFieldSection.decode(declaration, part: part, source: nil, options: options)
            throw error
        }
    }

    /// The usnat GPC signal: nil when the string has no usnat section or usnat has no GPC subsection.
    /// - Throws: as ``usNational(_:in:options:)-(_,String,_)``, and the GPC subsection's errors (`badValue`, field
    ///   `gpcSegmentType`, when its type is not 1).
    public static func usNationalGPC(
        in encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Bool? {
        try usNationalGPC(inText: encoded, options: options)
    }

    /// ``usNationalGPC(in:options:)-(String,_)`` over any string type's own bytes.
    @inline(__always)
    private static func usNationalGPC(
        inText encoded: some StringProtocol,
        options: DecodingOptions
    ) throws(ConsentError) -> Bool? {
        try withTextView(of: encoded) { view throws(ConsentError) -> Bool? in
            guard let part = try section(7, in: view, options: options) else { return nil }
            return try GPPFieldSection.decode(.usNational, part: part, source: nil, options: options).gpc
        }
    }

    /// The section ids the header lists, without reading any section (the `gpp_sid` a string carries).
    /// - Throws: the header's errors (`empty`, `unknownFormat`, `badVersion`, `badBase64`, `truncated`, `badValue`
    ///   for the header's own id 3 among them, ...).
    public static func sectionIDs(
        in encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> IDSet {
        try withTextView(of: encoded) { view throws(ConsentError) in try GPPHeader.read(view, options: options).ids }
    }

    /// ``containsSection(_:in:options:)`` for any string type. Its bytes are read where they are: a `Substring` of a URL is not copied.
    /// - Throws: as the `String` form.
    public static func containsSection(
        _ id: Int,
        in encoded: some StringProtocol,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Bool {
        try containsSection(id, inText: encoded, options: options)
    }

    /// ``usNational(_:in:options:)`` for any string type. Its bytes are read where they are: a `Substring` of a URL is not copied.
    /// - Throws: as the `String` form.
    public static func usNational(
        _ signal: USNationalSignal,
        in encoded: some StringProtocol,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Int? {
        try usNational(signal, inText: encoded, options: options)
    }

    /// ``usNationalGPC(in:options:)`` for any string type. Its bytes are read where they are: a `Substring` of a URL is not copied.
    /// - Throws: as the `String` form.
    public static func usNationalGPC(
        in encoded: some StringProtocol,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Bool? {
        try usNationalGPC(inText: encoded, options: options)
    }

    /// Where the encoded TC string of section 2 (`tcfeuv2`) lies in `encoded`, or nil when there is none. Only the
    /// header is decoded; the TC string itself is not checked.
    /// - Throws: the header's errors; `badValue` (field `sectionIds`) when fewer parts follow than the header lists.
    public static func tcfEuV2Range(
        in encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Range<String.Index>? {
        let offsets = try withTextView(of: encoded) { view throws(ConsentError) -> Range<Int>? in
            let header = try GPPHeader.read(view, options: options)
            guard header.ids.contains(2) else { return nil }
            var position = header.end
            for id in header.ids where id < 2 {
                _ = id
                guard let next = view.firstIndex(of: GPPHeader.tilde, from: position + 1) else {
                    throw GPPHeader.countMismatch(sections: view.count(of: GPPHeader.tilde))
                }
                position = next
            }
            guard position < view.count else { throw GPPHeader.countMismatch(sections: 0) }
            let end = view.firstIndex(of: GPPHeader.tilde, from: position + 1) ?? view.count
            return (position + 1)..<end
        }
        guard let offsets else { return nil }
        let utf8 = encoded.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        return start..<utf8.index(start, offsetBy: offsets.count)
    }

    /// The encoded TC string of section 2, sharing `encoded`'s storage, or nil (see ``tcfEuV2Range(in:options:)``).
    /// - Throws: as ``tcfEuV2Range(in:options:)``.
    public static func tcfEuV2(
        in encoded: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> Substring? {
        try tcfEuV2Range(in: encoded, options: options).map { encoded[$0] }
    }

    /// The text of section `id` in `view`, found from the end of the string (the sections after a US section are
    /// short), or nil when the header does not list it.
    private static func section(
        _ id: Int,
        in view: TextView,
        options: DecodingOptions
    ) throws(ConsentError) -> TextView? {
        let header = try GPPHeader.read(view, options: options)
        guard header.ids.contains(id) else { return nil }
        var after = 0
        if id < 64, (header.ids.max ?? 0) <= 64 {
            after = (header.ids.bitfieldWord(0) & ((1 << UInt64(64 - id)) - 1)).nonzeroBitCount
        } else {
            for listed in header.ids where listed > id { after += 1 }
        }
        var end = view.count
        while true {
            let index = view.lastIndex(of: GPPHeader.tilde, from: header.end &+ 1, before: end) ?? header.end
            guard index >= header.end, header.end < view.count else {
                throw GPPHeader.countMismatch(sections: view.count(of: GPPHeader.tilde))
            }
            if after == 0 {
                let part = view.slice((index + 1)..<end)
                guard !part.isEmpty else { throw GPPHeader.emptySection(id: id, at: part.offset) }
                return part
            }
            guard index > header.end else { throw GPPHeader.countMismatch(sections: view.count(of: GPPHeader.tilde)) }
            after -= 1
            end = index
        }
    }
}
