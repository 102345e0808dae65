public import ConsentCore
import TCF

extension GPPString {
    /// The encoded string: the decoded text while nothing changed (unless `options` asks for a canonical
    /// re-encoding); otherwise the header (kept when its ids did not change) and each section in ascending id
    /// order, unchanged sections as they were written and the others canonically.
    /// - Throws: `valueOutOfRange` for a section id listed twice or outside 1...65535, or a value that does not
    ///   fit its field.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        let preserve = options.fidelity == .preserveOriginal
        if preserve, let text = memory.text { return text }
        var ascending = true
        var previous = 0
        for section in sections {
            ascending = ascending && section.id > previous
            previous = section.id
        }
        // Usually already in order; otherwise the sections are written in ascending id order.
        let ordered =
            ascending
            ? sections
            : sections.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
        var ids = IDSet()
        for section in ordered {
            guard section.id >= 1, section.id <= IDSet.maximumID, !ids.contains(section.id) else {
                throw ConsentError(
                    .valueOutOfRange,
                    format: .gpp,
                    segment: "header",
                    field: "sectionIds",
                    value: Int64(section.id)
                )
            }
            ids.insert(section.id)
        }
        let keptHeader = preserve ? memory.header?.string : nil
        let header = keptHeader.flatMap { Self.headerIDs($0) == ids ? $0 : nil }
        // Sizing pass: sections kept or made as text (TC string, US Privacy, unknown, unchanged field sections) are
        // made once here; field sections written bit by bit are counted, so that the writer gets exactly the room
        // the string needs and never grows.
        // A TC string written canonically goes straight into the writer too (planned once; ids are unique, so
        // there is at most one).
        var texts: [String] = []
        var tcPlan: TCStringCanonicalPlan?
        var counter = BitCounter()
        try Self.writeHeader(header, ids: ids, into: &counter)
        for section in ordered {
            counter.appendASCII(GPPHeader.tilde)
            if let fields = section.canonicalFields(options) {
                try fields.writeCanonical(into: &counter)
            } else if case .tcfEuV2(let value) = section, !(preserve && value.isUnmodifiedDecodedValue) {
                let plan = TCStringCanonicalPlan(value)
                try plan.write(value, to: &counter)
                tcPlan = plan
            } else {
                let text = try section.encoded(options: options)
                counter.appendText(text)
                if texts.isEmpty { texts.reserveCapacity(ordered.count) }
                texts.append(text)
            }
        }
        var writer = BitWriter(reservingBits: counter.totalBits)
        try Self.writeHeader(header, ids: ids, into: &writer)
        var nextText = 0
        for section in ordered {
            writer.appendASCII(GPPHeader.tilde)
            if let fields = section.canonicalFields(options) {
                try fields.writeCanonical(into: &writer)
            } else if case .tcfEuV2(let value) = section, let tcPlan {
                // Planned above: section 2 is written canonically whenever there is a plan (its id is unique).
                try tcPlan.write(value, to: &writer)
            } else if nextText < texts.count {
                writer.appendText(texts[nextText])
                nextText += 1
            }
        }
        return writer.makeString()
    }

    /// Writes the kept header text, or a canonical header for `ids`.
    private static func writeHeader<Sink: BitSink>(
        _ header: String?,
        ids: IDSet,
        into sink: inout Sink
    ) throws(ConsentError) {
        if let header {
            sink.appendText(header)
        } else {
            try GPPHeader.write(ids: ids, into: &sink)
        }
    }

    /// The ids a kept header text lists.
    private static func headerIDs(_ header: String) -> IDSet? {
        try? withTextView(of: header) { view throws(ConsentError) in
            try GPPHeader.read(view, options: DecodingOptions()).ids
        }
    }
}

extension GPPSection {
    /// The field section, when it is one that `options` has written canonically (bit by bit) rather than as the
    /// text it was decoded from.
    func canonicalFields(_ options: EncodingOptions) -> GPPFieldSection? {
        guard case .fields(let section) = self else { return nil }
        return options.fidelity == .preserveOriginal && section.memory.text != nil ? nil : section
    }
}
