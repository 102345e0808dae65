public import ConsentCore

extension GPPFieldSection {
    /// The section's text: the decoded text while nothing changed (unless `options` asks for a canonical
    /// re-encoding), else the canonical form.
    /// - Throws: `valueOutOfRange` when a value does not fit its field.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        if options.fidelity == .preserveOriginal, let text = memory.text { return text.string }
        var counter = BitCounter()
        try writeCanonical(into: &counter)
        var writer = BitWriter(reservingBits: counter.totalBits)
        try writeCanonical(into: &writer)
        return writer.makeString()
    }

    /// Writes every present segment in layout order, each padded to a byte and then to 6 bits (iabgpp-es/java).
    /// - Throws: `valueOutOfRange` for a value that does not fit, or an MspaVersion equal to the section id in the
    ///   iabgpp-es layout (it would read back as a section header).
    func writeCanonical<Sink: BitSink>(into sink: inout Sink) throws(ConsentError) {
        if declaration.structure == .mspa, layout.coreIndex == 0, integer("mspaVersion") == declaration.id {
            throw ConsentError(
                .valueOutOfRange,
                format: .gpp,
                segment: declaration.prefix,
                field: "mspaVersion",
                bitOffset: 0,
                value: Int64(declaration.id)
            )
        }
        // Only a section header (header-first layouts) writes the subsection ids.
        let subsections = layout.coreIndex > 0 ? presentSubsectionIDs : IDSet()
        var first = true
        do throws(ConsentError) {
            for (index, segment) in layout.plans.enumerated() where isPresent(segmentIndex: index) {
                if !first { sink.appendASCII(UInt8(ascii: ".")) }
                first = false
                try segment.encode(values, sectionID: declaration.id, subsectionIDs: subsections, into: &sink)
                sink.finishSegment(paddingToMultipleOf: 8)
            }
        } catch {
            throw error.adding(format: .gpp, segment: declaration.prefix)
        }
    }
}
