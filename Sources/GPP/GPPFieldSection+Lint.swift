public import ConsentCore

extension GPPFieldSection {
    /// Findings about values that decode but break the specification or the MSPA (gpp-sections.md "Validation
    /// rules"), and about how the section was written. Field paths are `prefix.key` (list items `key[i]`).
    ///
    /// - warning `undefinedValue`: a value the field's value table does not define (3 in a 2-bit field,
    ///   MspaCoveredTransaction 0, restriction type 3). A warning, as gpp-sections.md "Validation rules" recommends
    ///   for rule 3 (such strings are in the wild: LiveRamp's encoder writes MspaCoveredTransaction 0).
    /// - warning `noticeOptOutMismatch`: notice 0 needs opt-out 0, notice 1 needs opt-out 1 or 2, notice 2 needs
    ///   opt-out 1 (the rules iabgpp-es dropped in 3.1.5, its targeted-advertising bug fixed).
    /// - warning `mspaModeConflict`: MspaServiceProviderMode 1 needs MspaOptOutOptionMode 2 and the sale (and, in
    ///   usnat and usca, sharing and sensitive-data-limit) notices 0; mode 2 needs MspaOptOutOptionMode 1.
    /// - info `mspaModeNotApplicable`: the doubtful branch of the same rule, mode 0 with those notices not 0.
    /// - warning `versionLayoutMismatch`, `nonCanonicalPadding`, `unexpectedSubsection`; info
    ///   `restrictionsOmitted`, `fibonacciVendorEncoding`.
    public func lint() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        lintValues(into: &findings)
        lintNotices(into: &findings)
        lintModes(into: &findings)
        lintEncoding(into: &findings)
        return findings
    }

    private func path(_ key: String) -> String { prefix + "." + key }

    private func lintValues(into findings: inout [Diagnostic]) {
        for (segmentIndex, segment) in layout.segments.enumerated() where isPresent(segmentIndex: segmentIndex) {
            for (fieldIndex, field) in segment.fields.enumerated() where field.values.allowed != nil {
                let key = field.key.description
                switch value(segment: segmentIndex, field: fieldIndex) {
                case .integer(let number) where !field.values.allows(number):
                    findings.append(
                        Diagnostic(
                            .warning,
                            code: "undefinedValue",
                            field: path(key),
                            message: "\(field.name) \(number) is not defined"
                        )
                    )
                case .list(let list):
                    for (index, item) in list.enumerated() where !field.values.allows(item) {
                        findings.append(
                            Diagnostic(
                                .warning,
                                code: "undefinedValue",
                                field: path("\(key)[\(index)]"),
                                message: "\(field.name) item \(index + 1) is \(item), which is not defined"
                            )
                        )
                    }
                case .restrictions(let list):
                    // Purpose 0 is no purpose (tcf.md §5 "0 invalid"); decoded faithfully, reported here.
                    for restriction in list where restriction.purposeID == 0 {
                        findings.append(
                            Diagnostic(
                                .warning,
                                code: "undefinedValue",
                                field: path(key),
                                message: "a restriction names purpose 0, which is no purpose"
                            )
                        )
                    }
                    for restriction in list where !field.values.allows(restriction.restrictionType) {
                        findings.append(
                            Diagnostic(
                                .warning,
                                code: "undefinedValue",
                                field: path(key),
                                message:
                                    "restriction type \(restriction.restrictionType) of purpose \(restriction.purposeID) is not defined"
                            )
                        )
                    }
                default: break
                }
            }
        }
    }

    private static let noticePairs: [(notice: String, optOut: String)] = [
        ("saleOptOutNotice", "saleOptOut"), ("sharingOptOutNotice", "sharingOptOut"),
        ("targetedAdvertisingOptOutNotice", "targetedAdvertisingOptOut"), ("sharingNotice", "sharingOptOut"),
    ]

    private func lintNotices(into findings: inout [Diagnostic]) {
        for pair in Self.noticePairs {
            guard let notice = integer(pair.notice), let optOut = integer(pair.optOut), notice <= 2, optOut <= 2
            else { continue }
            let allowed: Set<Int> =
                switch notice {
                case 0: [0]
                case 1: [1, 2]
                default: [1]
                }
            guard !allowed.contains(optOut) else { continue }
            findings.append(
                Diagnostic(
                    .warning,
                    code: "noticeOptOutMismatch",
                    field: path(pair.optOut),
                    message: "\(pair.optOut) is \(optOut) but \(pair.notice) is \(notice)"
                )
            )
        }
    }

    private func lintModes(into findings: inout [Diagnostic]) {
        guard let provider = integer("mspaServiceProviderMode"), let optOutMode = integer("mspaOptOutOptionMode")
        else { return }
        if (provider == 1 && optOutMode != 2) || (provider == 2 && optOutMode != 1) {
            findings.append(
                Diagnostic(
                    .warning,
                    code: "mspaModeConflict",
                    field: path("mspaOptOutOptionMode"),
                    message: "MspaOptOutOptionMode is \(optOutMode) with MspaServiceProviderMode \(provider)"
                )
            )
        }
        guard provider == 0 || provider == 1 else { return }
        for key in ["saleOptOutNotice", "sharingOptOutNotice", "sensitiveDataLimitUseNotice"] {
            guard let notice = integer(key), notice != 0 else { continue }
            findings.append(
                Diagnostic(
                    provider == 1 ? .warning : .info,
                    code: provider == 1 ? "mspaModeConflict" : "mspaModeNotApplicable",
                    field: path(key),
                    message: "\(key) is \(notice) with MspaServiceProviderMode \(provider)"
                )
            )
        }
    }

    /// What is irregular about the padding, from the section's text when it is kept: a part ending in `=`, or a core
    /// holding more characters than either padding gives it (iabgpp-java once wrote 52-bit usmn
    /// cores, a layout with more fields: read with the section's own layout, such a string says other things).
    private var irregularPaddingMessage: String {
        let general = "padding is neither 6-bit nor byte-then-6-bit zero bits"
        guard let text = memory.text?.string else { return general }
        if text.contains("=") { return "a part of the section ends with '=', which the reference decoders reject" }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let coreBits = layout.coreBitCount, layout.coreIndex < parts.count else { return general }
        // More characters than either padding gives the core (6-bit, or byte then 6-bit) is more than padding.
        let characters = parts[layout.coreIndex].utf8.count
        let padded = GPPSectionMemory.paddedCharacters(usedBits: coreBits)
        guard characters > max(padded.sixBit, padded.byteThenSix) else { return general }
        let extra = characters * 6 - coreBits
        return "the core holds \(extra) bits after its last field (\(coreBits) bits): more than padding, as if a "
            + "layout with more fields had written it"
    }

    private func lintEncoding(into findings: inout [Diagnostic]) {
        if let layoutVersion = layout.version, let version = integer("version"), version != layoutVersion {
            findings.append(
                Diagnostic(
                    .warning,
                    code: "versionLayoutMismatch",
                    field: path("version"),
                    message: declaration.readsEveryVersion
                        ? "Version \(version) is not a version of this section; read with the version \(layoutVersion) layout"
                        : "Version \(version) written with the version \(layoutVersion) layout (read by its length)"
                )
            )
        }
        if memory.irregularPadding {
            findings.append(
                Diagnostic(.warning, code: "nonCanonicalPadding", field: prefix, message: irregularPaddingMessage)
            )
        }
        if memory.extraSegments > 0 {
            findings.append(
                Diagnostic(
                    .warning,
                    code: "unexpectedSubsection",
                    field: prefix,
                    message: "\(memory.extraSegments) subsection(s) after the last one the section can hold"
                )
            )
        }
        if memory.restrictionsCut {
            findings.append(
                Diagnostic(
                    .info,
                    code: "restrictionsOmitted",
                    field: path("pubRestrictions"),
                    message: "the core ends inside the PubRestrictions count; read as no restrictions"
                )
            )
        }
        if memory.fibonacciVendors {
            findings.append(
                Diagnostic(
                    .info,
                    code: "fibonacciVendorEncoding",
                    field: prefix,
                    message: "vendor ids use the Int(16) + Boolean + Fibonacci variant"
                )
            )
        }
    }
}
