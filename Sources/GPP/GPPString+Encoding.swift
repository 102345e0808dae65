public import ConsentCore
import TCF

extension GPPString {
    /// The encoded string: the decoded text while nothing changed (unless `options` asks for a canonical
    /// re-encoding); otherwise the header (kept when its ids did not change) and each section in ascending id
    /// order, unchanged sections as they were written and the others canonically.
    /// - Throws: `valueOutOfRange` for a section id listed twice, outside 1...65535 or the header's own id 3
    ///   (field `sectionIds`), an unknown section whose text would not decode as one section (see
    ///   ``UnknownGPPSection/encoded()``), or a value that does not fit its field.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        let preserve = options.fidelity == .preserveOriginal
        if preserve, let text = memory.text { return text }
        // Usually already in order; otherwise the sections are written in ascending id order.
        let ordered = inIDOrder
        var ids = IDSet()
        for index in ordered.indices {
            let id = ordered[index].id
            // spec: gpp.md §5, id 3 is "the header itself; never listed in `SectionIds`" (the decoder refuses it).
            guard id >= 1, id <= IDSet.maximumID, id != GPPHeader.ownID, !ids.contains(id) else {
                throw ConsentError(
                    .valueOutOfRange,
                    format: .gpp,
                    segment: "header",
                    field: "sectionIds",
                    value: Int64(id)
                )
            }
            ids.insert(id)
        }
        let keptHeader = preserve ? memory.header?.string : nil
        let header = keptHeader.flatMap { Self.headerIDs($0) == ids ? $0 : nil }
        // Sizing pass: sections kept or made as text (TC string, US Privacy, unknown, unchanged field sections) are
        // made once here; field sections written bit by bit are counted, so that the writer gets exactly the room
        // the string needs and never grows.
        // A TC string written canonically goes straight into the writer too (planned once; ids are unique, so
        // there is at most one).
        // Sections are read where they lie (`ordered[index]`). Each pass binds section 2's TC string, a copy (every
        // set retained), which costs less than keeping one copy across the passes: moving the 424-byte value into
        // an optional is a copy and a destroy of its own.
        var texts: [String] = []
        var tcPlan: TCStringCanonicalPlan?
        var counter = BitCounter()
        try Self.writeHeader(header, ids: ids, into: &counter)
        for index in ordered.indices {
            counter.appendASCII(GPPHeader.tilde)
            // The counting pass checks every value: errors are raised here, not in the writing pass.
            let counted: String?
            do throws(ConsentError) {
                counted = try Self.count(ordered[index], options: options, into: &counter, tcPlan: &tcPlan)
            } catch {
                throw Self.sectionError(error, of: ordered[index])
            }
            if let text = counted {
                counter.appendText(text)
                if texts.isEmpty { texts.reserveCapacity(ordered.count) }
                texts.append(text)
            }
        }
        var writer = BitWriter(reservingBits: counter.totalBits)
        try Self.writeHeader(header, ids: ids, into: &writer)
        var nextText = 0
        for index in ordered.indices {
            writer.appendASCII(GPPHeader.tilde)
            if try !Self.write(ordered[index], options: options, into: &writer, tcPlan: tcPlan),
                nextText < texts.count
            {
                writer.appendText(texts[nextText])
                nextText += 1
            }
        }
        return writer.makeString()
    }

    /// An error in encoding `section`, named as decoding names it: format `gpp`, segment the section's prefix (a
    /// TC or US Privacy string's own segment name replaced, as a decoding error of section 2 or 6 has it).
    private static func sectionError(_ error: ConsentError, of section: borrowing GPPSection) -> ConsentError {
        var named = error
        named.format = .gpp
        switch section {
        case .tcfEuV1, .tcfEuV2, .usPrivacy: named.segment = section.segmentName
        case .fields, .unknown: if named.segment.utf8CodeUnitCount == 0 { named.segment = section.segmentName }
        }
        return named
    }

    /// The sizing pass for one section: counts a section written bit by bit (planning a canonical TC string into
    /// `tcPlan`), or returns the text of one kept or made as text.
    private static func count(
        _ section: borrowing GPPSection,
        options: EncodingOptions,
        into counter: inout BitCounter,
        tcPlan: inout TCStringCanonicalPlan?
    ) throws(ConsentError) -> String? {
        switch section {
        case .fields(let fields) where fields.isWrittenCanonically(options):
            try fields.writeCanonical(into: &counter)
            return nil
        case .tcfEuV2(let value):
            if options.fidelity == .preserveOriginal && value.isUnmodifiedDecodedValue {
                return try value.encoded(options: options)
            }
            let plan = TCStringCanonicalPlan(value)
            try plan.write(value, to: &counter)
            tcPlan = plan
            return nil
        case .unknown(let unknown):
            return try unknown.encoded()
        default:
            return try section.encoded(options: options)
        }
    }

    /// Writes one section that the sizing pass counted bit by bit; false for a section it made as text.
    private static func write(
        _ section: borrowing GPPSection,
        options: EncodingOptions,
        into writer: inout BitWriter,
        tcPlan: TCStringCanonicalPlan?
    ) throws(ConsentError) -> Bool {
        switch section {
        case .fields(let fields) where fields.isWrittenCanonically(options):
            try fields.writeCanonical(into: &writer)
            return true
        case .tcfEuV2(let value):
            // Planned in the sizing pass whenever section 2 is written canonically (its id is unique).
            guard let tcPlan else { return false }
            try tcPlan.write(value, to: &writer)
            return true
        default:
            return false
        }
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

extension GPPFieldSection {
    /// True when `options` has this section written canonically (bit by bit) rather than as the text it was decoded
    /// from.
    func isWrittenCanonically(_ options: EncodingOptions) -> Bool {
        !(options.fidelity == .preserveOriginal && memory.text != nil)
    }
}
