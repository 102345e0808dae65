import ConsentKit

/// Walks the bit-encoded GPP sections (TCF Canada, US National, the US states) with the GPP module's field
/// declarations: the same tables its decoder walks, so `explain` and `decode` cannot disagree about a layout.
enum GPPSectionExplainer {
    /// The segments of a section's text, or nil when the section id has no declaration.
    static func explain(_ text: String, id: Int, characterOffset: Int) -> [ExplainedSegment]? {
        guard let declaration = GPPSectionDeclaration.declaration(for: id) else { return nil }
        let layout = self.layout(of: text, declaration: declaration)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var offset = characterOffset
        var segments: [ExplainedSegment] = []
        var nextOptional = layout.coreIndex + 1
        var givenOptional: Set<Int> = []
        for (index, part) in parts.enumerated() {
            let declared: GPPSegmentDeclaration?
            if index == layout.coreIndex {
                declared = layout.core
            } else if index < layout.coreIndex {
                declared = layout.segments[index]
            } else {
                declared = optionalSegment(part, layout: layout, next: &nextOptional, given: &givenOptional)
            }
            let prefix = declaration.prefix.description
            let name = declared.map { $0.name.description == "core" ? prefix : "\(prefix).\($0.name)" } ?? "\(prefix).?"
            segments.append(walk(part, name: name, segment: declared, characterOffset: offset))
            offset += part.count + 1
        }
        return segments
    }

    /// The layout the decoder picks (decoding the section with the GPP module); for a section that fails to decode,
    /// the one its core's Version and length pick, or else the declaration's default.
    private static func layout(of text: String, declaration: GPPSectionDeclaration) -> GPPSectionLayout {
        let header = headerSuffix(declaration.id).map { "DBAB" + $0 }
        if let header, let string = try? GPPString(encoded: header + "~" + text),
            let section = string.fieldSection(declaration.id)
        {
            return section.layout
        }
        return declaration.layouts[declaration.layoutIndex(ofCoreIn: text) ?? declaration.defaultLayoutIndex]
    }

    /// The end of a GPP header listing exactly `id` (count 1, one single id), so that a lone section can be
    /// decoded through the GPP module.
    private static func headerSuffix(_ id: Int) -> String? {
        var writer = BitWriter(reservingBits: 64)
        writer.writeBool(false)
        try? writer.writeFibonacciInteger(id)
        writer.finishSegment(paddingToMultipleOf: 6)
        return writer.makeString()
    }

    /// The declared optional segment a part is: the one whose type field matches its leading bits, else the next
    /// one in declared order (subsections without a type field); nil for a subsection already given, which decode
    /// counts among the extra segments (the first one counts).
    private static func optionalSegment(
        _ part: String,
        layout: GPPSectionLayout,
        next: inout Int,
        given: inout Set<Int>
    ) -> GPPSegmentDeclaration? {
        let candidates = layout.segments.indices.filter { $0 > layout.coreIndex }
        let typed = candidates.first { index in
            let segment = layout.segments[index]
            guard segment.typeBits > 0 else { return false }
            let value: Int? = try? withTextView(of: part) { view throws(ConsentError) in
                try view.bitReader().peekInteger(bits: segment.typeBits)
            }
            return value == segment.typeValue
        }
        let chosen = typed ?? (next < layout.segments.count ? next : nil)
        guard let chosen, given.insert(chosen).inserted else { return nil }
        next = chosen + 1
        return layout.segments[chosen]
    }

    /// Walks one segment; a segment with vendor ids is read again with the Fibonacci vendor encoding when the
    /// integer-range reading fails or leaves bits that are not padding (what the decoder does, gpp-sections.md §5).
    private static func walk(
        _ text: String,
        name: String,
        segment: GPPSegmentDeclaration?,
        characterOffset: Int
    ) -> ExplainedSegment {
        guard let segment else {
            return ExplainedSegment.walk(text, name: name, characterOffset: characterOffset) { recorder in
                recorder.remainder("(not a declared subsection)")
                return nil
            }
        }
        var firstAboveMaximum = false
        let first = ExplainedSegment.walk(text, name: name, characterOffset: characterOffset) {
            recorder throws(ConsentError) -> String? in
            try fields(segment, &recorder, fibonacciVendors: false, vendorIDsAboveMaximum: &firstAboveMaximum)
            return nil
        }
        let usesVendorRanges = segment.fields.contains { field in
            switch field.coding {
            case .vendorRange, .publisherRestrictions: true
            default: false
            }
        }
        // What the decoder calls padding (`holdsOnlyPadding`): fewer than 24 bits, all zero.
        func endsInCleanPadding(_ walked: ExplainedSegment) -> Bool {
            walked.fields.last.map { $0.field != "(padding)" || $0.width < 24 && !$0.bits.contains("1") } ?? true
        }
        let firstEndsInPadding = first.failure == nil && endsInCleanPadding(first)
        guard usesVendorRanges, !firstEndsInPadding || firstAboveMaximum else { return first }
        var secondAboveMaximum = false
        let second = ExplainedSegment.walk(text, name: name, characterOffset: characterOffset) {
            recorder throws(ConsentError) -> String? in
            try fields(segment, &recorder, fibonacciVendors: true, vendorIDsAboveMaximum: &secondAboveMaximum)
            return nil
        }
        // As the decoder: the Fibonacci reading when it works and the first failed, or it ends in clean padding
        // too (without ids above MaxVendorId when those were why the first was not taken).
        guard second.failure == nil else { return first }
        let secondFits = endsInCleanPadding(second) && !(firstEndsInPadding && secondAboveMaximum)
        return first.failure != nil || secondFits ? second : first
    }

    /// Walks the fields of `segment`; `vendorIDsAboveMaximum` is set when a vendor field has ids above its
    /// MaxVendorId.
    private static func fields(
        _ segment: GPPSegmentDeclaration,
        _ recorder: inout FieldRecorder,
        fibonacciVendors: Bool,
        vendorIDsAboveMaximum: inout Bool
    ) throws(ConsentError) {
        if segment.typeBits > 0 {
            let key = segment.typeKey.description.isEmpty ? "subsectionType" : segment.typeKey.description
            try recorder.integer(key, bits: segment.typeBits)
        }
        var counts: [String: Int] = [:]
        for field in segment.fields {
            let key = field.key.description
            switch field.coding {
            case .integer(let bits):
                counts[key] = try recorder.integer(key, bits: bits) { describe($0, field) }
            case .boolean:
                try recorder.bool(key)
            case .integerList(let count, let bitsPerItem):
                for item in 0..<count {
                    let about = item < field.itemNames.count ? " — \(field.itemNames[item])" : ""
                    try recorder.integer("\(key)[\(item + 1)]", bits: bitsPerItem) { describe($0, field) + about }
                }
            case .datetime:
                try recorder.timestamp(key)
            case .letters(let count):
                try recorder.letters(key, count: count)
            case .bitField(let count):
                try recorder.bitField(key, count: count)
            case .countedBitField(let countKey):
                try recorder.bitField(key, count: counts[countKey] ?? 0)
            case .vendorRange:
                if try vendorRange(key, &recorder, fibonacci: fibonacciVendors) { vendorIDsAboveMaximum = true }
            case .fibonacciRange:
                _ = try GPPExplainer.fibonacciRange(key, &recorder)
            case .publisherRestrictions:
                try restrictions(key, &recorder, fibonacci: fibonacciVendors)
            }
        }
    }

    /// `2  did not opt out`, from the field's declared value meanings.
    private static func describe(_ value: Int, _ field: GPPField) -> String {
        if let meaning = field.values.meaning(of: value) { return "\(value)  \(meaning)" }
        if !field.values.allows(value) { return "\(value)  (not a defined value)" }
        return String(value)
    }

    /// Max id, IsRange, then a bitfield or ranges (integer ranges, or Fibonacci ranges in the variant); true when
    /// the ranges name ids above the max id.
    @discardableResult
    private static func vendorRange(
        _ key: String,
        _ recorder: inout FieldRecorder,
        fibonacci: Bool
    ) throws(ConsentError) -> Bool {
        try recorder.group(key) { recorder throws(ConsentError) -> Bool in
            let maxID = try recorder.integer("maxId", bits: 16)
            let isRange = try recorder.bool("isRange") { $0 ? "true (ranges)" : "false (bitfield)" }
            if !isRange {
                try recorder.bitField("bitField", count: maxID)
                return false
            } else if fibonacci {
                return try GPPExplainer.fibonacciRange("fibonacciRange", &recorder).contains { $0 > maxID }
            } else {
                return try TCFExplainer.rangeEntries(&recorder, maxID: maxID)
            }
        }
    }

    /// `N-ArrayOfRanges(6,2)`: a count, then purpose, type and vendor ids per restriction.
    private static func restrictions(
        _ key: String,
        _ recorder: inout FieldRecorder,
        fibonacci: Bool
    ) throws(ConsentError) {
        // A core that ends before or inside the count has no restrictions (gpp.md §7.2).
        guard recorder.reader.readableBits >= 12 else { return }
        let count = try recorder.integer("\(key).numRestrictions", bits: 12)
        for index in 0..<count {
            try recorder.group("\(key)[\(index)]") { recorder throws(ConsentError) in
                try recorder.integer("purposeId", bits: 6)
                try recorder.integer("restrictionType", bits: 2) {
                    "\($0) (\(TCFNames.canadianRestrictionTypes[$0] ?? ""))"
                }
                if fibonacci {
                    try vendorRange("vendorIds", &recorder, fibonacci: true)
                } else {
                    try TCFExplainer.rangeEntries(&recorder, maxID: nil)
                }
            }
        }
    }
}
