public import ConsentCore

extension GPPString {
    /// Findings about the string (never thrown; strict decoding rejects error-level ones): every section's
    /// ``GPPFieldSection/lint()``, header ids listed twice (error `duplicateSectionId`) or out of order (warning
    /// `sectionIdsNotAscending`), unknown sections (info `unknownSection`), and the cross-signal checks when their
    /// input is given: ``lint(gppSID:)``.
    public func lint(gppSID: [Int]? = nil) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var seen = Set<Int>()
        var previous = 0
        for section in sections {
            if !seen.insert(section.id).inserted {
                findings.append(
                    Diagnostic(
                        .error,
                        code: "duplicateSectionId",
                        field: "sectionIds",
                        message: "section \(section.id) is listed twice"
                    )
                )
            } else if section.id < previous {
                findings.append(
                    Diagnostic(
                        .warning,
                        code: "sectionIdsNotAscending",
                        field: "sectionIds",
                        message: "section \(section.id) comes after section \(previous)"
                    )
                )
            }
            previous = Swift.max(previous, section.id)
            switch section {
            case .fields(let fields): findings += fields.lint()
            case .unknown(let unknown):
                findings.append(
                    Diagnostic(
                        .info,
                        code: "unknownSection",
                        field: String(unknown.id),
                        message: "section \(unknown.id) is not one this package knows; kept verbatim"
                    )
                )
            }
        }
        if let gppSID { findings += lintApplicableSections(gppSID) }
        return findings
    }

    /// `gpp_sid` (the applicable section ids sent beside the string) against the header: an applicable id the
    /// string does not carry is a warning (`gppSIDNotInString`).
    func lintApplicableSections(_ gppSID: [Int]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let ids = Set(sectionIDs)
        for sid in gppSID where !ids.contains(sid) {
            findings.append(
                Diagnostic(
                    .warning,
                    code: "gppSIDNotInString",
                    field: "gpp_sid",
                    message: "gpp_sid lists section \(sid), which the GPP string does not carry"
                )
            )
        }
        if Set(gppSID).count != gppSID.count {
            findings.append(
                Diagnostic(.info, code: "gppSIDDuplicate", field: "gpp_sid", message: "gpp_sid lists an id twice")
            )
        }
        return findings
    }
}
