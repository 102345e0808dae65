public import ConsentCore

extension AdditionalConsentString {
    /// What is legal but worth reporting (ac.md §3-§5); nothing here stops a string from decoding:
    /// - warning `providerInBothLists` (`disclosedProviders`): ids both consented and disclosed, which Google asks
    ///   CMPs not to repeat;
    /// - warning `duplicateProviders` and info `unsortedProviders` (per list) for the text as written (Google's own
    ///   CMP writes unsorted lists);
    /// - warning `leadingZeros` (per list): ids such as `007`, which strict decoding rejects;
    /// - info `disclosedMarkerWithoutDot`: `~dv` without its dot, tolerated on input only;
    /// - info `versionOne`: version 1 cannot say which providers were disclosed without consent.
    public func lint() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let originalText { diagnostics += Self.lintText(originalText) }
        let both = consentedProviders.intersection(disclosedProviders)
        if !both.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    code: "providerInBothLists",
                    field: "disclosedProviders",
                    message: (both.count == 1
                        ? "provider \(both.foldedDescription) is" : "providers \(both.foldedDescription) are")
                        + " both consented and disclosed; "
                        + "consented providers should not be repeated after dv."
                )
            )
        }
        if version == .v1 {
            diagnostics.append(
                Diagnostic(
                    .info,
                    code: "versionOne",
                    field: "version",
                    message: "version 1 cannot say which providers were disclosed without consent; "
                        + "Google supports version 2 since December 2023"
                )
            )
        }
        return diagnostics
    }

    /// The findings about how `text` (which decodes) was written.
    private static func lintText(_ text: String) -> [Diagnostic] {
        var findings = TextFindings()
        let layout: AdditionalConsentLayout? = withTextView(of: text) { view in
            var parser = AdditionalConsentTextParser(view, rejectsLeadingZeros: false)
            return try? parser.parse(into: &findings)
        }
        guard let layout else { return [] }
        var diagnostics: [Diagnostic] = []
        for list in [AdditionalConsentList.consented, .disclosed] {
            let found = findings[list]
            let field = list.field.description
            if let offset = found.firstDuplicate {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        code: "duplicateProviders",
                        field: field,
                        message: "a provider id is listed more than once (first repeat at character \(offset))"
                    )
                )
            }
            if let offset = found.firstOutOfOrder {
                diagnostics.append(
                    Diagnostic(
                        .info,
                        code: "unsortedProviders",
                        field: field,
                        message: "provider ids are not in ascending order (first at character \(offset))"
                    )
                )
            }
            if let offset = found.firstLeadingZeros {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        code: "leadingZeros",
                        field: field,
                        message: "a provider id is written with leading zeros (at character \(offset))"
                    )
                )
            }
        }
        if !layout.disclosedMarkerHasDot {
            diagnostics.append(
                Diagnostic(
                    .info,
                    code: "disclosedMarkerWithoutDot",
                    field: "disclosedProviders",
                    message: "the string ends in ~dv without the dot; encoders write ~dv."
                )
            )
        }
        return diagnostics
    }
}

/// What lint notices in each list as the parser reads it.
private struct TextFindings: AdditionalConsentIDVisitor {
    struct List: AdditionalConsentIDSink {
        var seen = Set<Int>()
        var previous = 0
        var firstDuplicate: Int?
        var firstOutOfOrder: Int?
        var firstLeadingZeros: Int?

        mutating func note(_ id: Int, at characterOffset: Int, leadingZeros: Bool) {
            if seen.contains(id) {
                if firstDuplicate == nil { firstDuplicate = characterOffset }
            } else if id < previous, firstOutOfOrder == nil {
                firstOutOfOrder = characterOffset
            }
            if leadingZeros && firstLeadingZeros == nil { firstLeadingZeros = characterOffset }
            seen.insert(id)
            previous = id
        }

        mutating func add(_ id: Int, at characterOffset: Int, leadingZeros: Bool) -> Bool {
            note(id, at: characterOffset, leadingZeros: leadingZeros)
            return true
        }
    }

    var consented = List()
    var disclosed = List()

    subscript(list: AdditionalConsentList) -> List { list == .consented ? consented : disclosed }

    mutating func readList(
        _ list: AdditionalConsentList,
        atMost maximumCount: Int,
        with reader: inout AdditionalConsentListReader
    ) throws(ConsentError) {
        // In place: a copy of a list would copy its set on every id.
        switch list {
        case .consented: try Self.read(with: &reader, into: &consented)
        case .disclosed: try Self.read(with: &reader, into: &disclosed)
        }
    }

    private static func read(with reader: inout AdditionalConsentListReader, into list: inout List) throws(ConsentError)
    {
        // The findings take every id.
        switch reader.read(into: &list) {
        case .end, .needsRoom: return
        case .failed(let error): throw error
        }
    }
}
