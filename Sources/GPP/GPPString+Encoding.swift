public import ConsentCore

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
        var writer = BitWriter(reservingBits: 64 * 6)
        if preserve, let header = memory.header?.string, Self.headerIDs(header) == ids {
            writer.appendText(header)
        } else {
            try GPPHeader.write(ids: ids, into: &writer)
        }
        for section in ordered {
            writer.appendASCII(GPPHeader.tilde)
            try section.write(into: &writer, options: options)
        }
        return writer.makeString()
    }

    /// The ids a kept header text lists.
    private static func headerIDs(_ header: String) -> IDSet? {
        try? withTextView(of: header) { view throws(ConsentError) in
            try GPPHeader.read(view, options: DecodingOptions()).ids
        }
    }
}

extension GPPSection {
    /// Appends the section's text.
    func write<Sink: BitSink>(into sink: inout Sink, options: EncodingOptions) throws(ConsentError) {
        if case .fields(let section) = self {
            try section.write(into: &sink, options: options)
        } else {
            sink.appendText(try encoded(options: options))
        }
    }
}
