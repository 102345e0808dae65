public import ConsentCore
import TCF

extension GPPString {
    /// Findings about the string (never thrown; strict decoding rejects error-level ones): every section's
    /// ``GPPFieldSection/lint()``, header ids listed twice (error `duplicateSectionId`) or out of order (warning
    /// `sectionIdsNotAscending`), unknown sections (info `unknownSection`), and the cross-signal checks when their
    /// input is given: `tcString` (the standalone TC string, `gdpr_consent`) against section 2, `gppSID` (the
    /// applicable section ids, `gpp_sid`) against the header.
    public func lint(tcString: String? = nil, gppSID: [Int]? = nil) -> [Diagnostic] {
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
            findings += section.lint()
        }
        if let tcString { findings += lintTCString(tcString) }
        if let gppSID { findings += lintApplicableSections(gppSID) }
        return findings
    }

    /// Section 2 against a standalone TC string: the same text is fine; the same consent written differently is
    /// information (`tcStringEncodedDifferently`); different values are a warning (`tcStringMismatch`, naming the
    /// fields that differ), as are a standalone string without a section 2 (`tcStringWithoutSection`) and one that
    /// does not decode (`tcStringUndecodable`).
    func lintTCString(_ standalone: String) -> [Diagnostic] {
        guard let section = tcfEuV2 else {
            return [
                Diagnostic(
                    .warning,
                    code: "tcStringWithoutSection",
                    field: "tcfeuv2",
                    message: "a TC string is sent beside a GPP string that has no tcfeuv2 section"
                )
            ]
        }
        if let text = try? section.encoded(), text == standalone { return [] }
        guard let other = try? TCString(encoded: standalone) else {
            return [
                Diagnostic(
                    .warning,
                    code: "tcStringUndecodable",
                    field: "tcfeuv2",
                    message: "the standalone TC string does not decode as a TCF v2 TC string"
                )
            ]
        }
        if other == section {
            return [
                Diagnostic(
                    .info,
                    code: "tcStringEncodedDifferently",
                    field: "tcfeuv2",
                    message: "the standalone TC string says the same as section 2 but is written differently"
                )
            ]
        }
        let mine = section.jsonValue(includeType: false, includeEncoding: false).objectValue ?? JSONObject()
        let theirs = other.jsonValue(includeType: false, includeEncoding: false).objectValue ?? JSONObject()
        let differing = mine.keys.filter { mine[$0] != theirs[$0] }
        return [
            Diagnostic(
                .warning,
                code: "tcStringMismatch",
                field: "tcfeuv2",
                message: "section 2 and the standalone TC string differ in " + differing.joined(separator: ", ")
            )
        ]
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
