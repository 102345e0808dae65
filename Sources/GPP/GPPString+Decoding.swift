public import ConsentCore
import TCF
import USPrivacy

extension GPPString {
    /// Decodes a GPP string.
    ///
    /// Checks, in order: the Type (first character; anything but `D` is `unknownFormat`, so a bare TC string fails
    /// at once), the Version (1, else `badVersion`), the section ids (at most `options.maxSections`, and never the
    /// header's own id 3: `badValue`, field `sectionIds`, value 3), that as many `~` parts follow as the header
    /// lists (`badValue`, field `sectionIds`, which wins over any section error), that none is empty, then every
    /// section. With `options.strict`, the rule checks (`policyViolation`, strict `badValue`) come only after the
    /// whole string has decoded leniently.
    /// - Throws: a ``ConsentCore/ConsentError`` naming the section (`segment`), field, bit offset within its segment
    ///   and the character offset of that segment.
    public init(encoded: String, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        var sections: [GPPSection] = []
        var headerEnd = 0
        try withTextView(of: encoded) { view throws(ConsentError) in
            if options.strict {
                // Structure first: a section that does not decode at all is reported before an earlier
                // section's policy violation, so that `policyViolation` always means "decodes, but breaks a rule".
                var lenient = options
                lenient.strict = false
                var unused: [GPPSection] = []
                _ = try GPPString.decode(view, source: encoded, options: lenient, into: &unused)
            }
            headerEnd = try GPPString.decode(view, source: encoded, options: options, into: &sections)
        }
        version = 1
        self.sections = sections
        memory = GPPStringMemory(text: encoded, header: GPPTextSlice(encoded, 0..<headerEnd))
        if options.strict, let violation = firstPolicyViolation() { throw violation }
    }

    /// What strict decoding throws for an error-level lint finding that the sections' own strict decoding has not
    /// thrown already (a TC string's, a US Privacy string's): `policyViolation` naming the first section that has
    /// one (`segment`), or the header, with `value` the number of its error-level findings.
    func firstPolicyViolation() -> ConsentError? {
        for section in sections {
            let errors = section.lint().count { $0.severity == .error }
            if errors > 0 {
                return ConsentError(.policyViolation, format: .gpp, segment: section.segmentName, value: Int64(errors))
            }
        }
        let errors = lint().count { $0.severity == .error }
        guard errors > 0 else { return nil }
        return ConsentError(
            .policyViolation,
            format: .gpp,
            segment: "header",
            field: "sectionIds",
            value: Int64(errors)
        )
    }

    /// Decodes a GPP string held in any string type (copied once into a `String`, which the value keeps).
    /// - Throws: as ``init(encoded:options:)-(String,_)``.
    public init(encoded: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(encoded: String(encoded), options: options)
    }

    /// Decodes the header and every section of `view` into `sections`; returns where the header ends.
    private static func decode(
        _ view: TextView,
        source: String,
        options: DecodingOptions,
        into sections: inout [GPPSection]
    ) throws(ConsentError) -> Int {
        let header = try GPPHeader.read(view, options: options)
        sections.reserveCapacity(header.ids.count)
        var position = header.end
        for id in header.ids {
            guard position < view.count else { throw GPPHeader.countMismatch(sections: sections.count) }
            let start = position + 1
            let end = view.firstIndex(of: GPPHeader.tilde, from: start) ?? view.count
            do throws(ConsentError) {
                sections.append(try decodeSection(id, view.slice(start..<end), source: source, options: options))
            } catch {
                let parts = view.count(of: GPPHeader.tilde)
                throw parts == header.ids.count ? error : GPPHeader.countMismatch(sections: parts)
            }
            position = end
        }
        guard position == view.count else { throw GPPHeader.countMismatch(sections: view.count(of: GPPHeader.tilde)) }
        return header.end
    }

    static func decodeSection(
        _ id: Int,
        _ part: TextView,
        source: String,
        options: DecodingOptions
    ) throws(ConsentError) -> GPPSection {
        let declaration = GPPSectionDeclaration.declaration(for: id)
        guard !part.isEmpty else { throw GPPHeader.emptySection(id: id, at: part.offset) }
        if let declaration {
            return .fields(try GPPFieldSection.decode(declaration, part: part, source: source, options: options))
        }
        switch id {
        case 1, 2, 6:
            // The section's text, made only for the sections that keep it (a US Privacy value keeps none).
            var text: Substring { source.utf8Slice(part.offset..<part.offset + part.count) }
            do throws(ConsentError) {
                switch id {
                case 1: return .tcfEuV1(try TCStringV1(encoded: text, options: options))
                case 2: return .tcfEuV2(try TCString.decoding(gppSection: part, original: text, options: options))
                default: return .usPrivacy(try USPrivacyString(view: part, options: options))
                }
            } catch {
                // Reported as this GPP section's error; section 1 counts characters from its own start.
                var shifted = error
                shifted.format = .gpp
                shifted.segment = id == 1 ? "tcfeuv1" : id == 2 ? "tcfeuv2" : "uspv1"
                // Sections 2 and 6 are read in place: their offsets already count from the GPP string's start.
                shifted.characterOffset =
                    id == 1 ? (error.characterOffset ?? 0) + part.offset : error.characterOffset ?? part.offset
                throw shifted
            }
        default: break
        }
        // Unknown: only its structure is checked (non-empty base64url parts), the text is kept.
        try UnknownGPPSection.checkText(part, options: options)
        return .unknown(UnknownGPPSection(id: id, text: source.utf8Slice(part.offset..<part.offset + part.count)))
    }
}
