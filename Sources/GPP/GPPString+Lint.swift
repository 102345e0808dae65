public import ConsentCore
import TCF

extension GPPString {
    /// Findings about the string (never thrown; strict decoding rejects error-level ones): a decoded header padded
    /// irregularly, trailing `=` included (warning `nonCanonicalPadding`, field `header`), every section's
    /// ``GPPFieldSection/lint()``, header ids listed twice (error `duplicateSectionId`) or out of order (warning
    /// `sectionIdsNotAscending`), the header's own id 3 listed as a section (error `headerSectionId`), unknown
    /// sections (info `unknownSection`), and the cross-signal checks when their input is given: `tcString` (the
    /// standalone TC string, `gdpr_consent`) against section 2, `gppSID` (the applicable section ids, `gpp_sid`)
    /// against the header. `now` (deciseconds since 1970) turns on the "timestamp in the future" rule of a TC string
    /// in section 2, as ``TCF/TCString/lint(now:)`` does for a standalone one.
    public func lint(tcString: String? = nil, gppSID: [Int]? = nil, now: Int64? = nil) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        // Only a header that is still written as it was (its ids unchanged) is reported.
        if let header = memory.header?.substring, let padding = GPPHeader.padding(of: header), padding.irregular,
            padding.ids.elementsEqual(sectionIDs.sorted())
        {
            // spec: gpp.md §1.1, a trailing `=` "is accepted, kept for the round trip and reported by lint".
            findings.append(
                Diagnostic(
                    .warning,
                    code: "nonCanonicalPadding",
                    field: "header",
                    message: header.last == "="
                        ? "the header ends with '=', which the reference decoders reject"
                        : "padding is neither 6-bit nor byte-then-6-bit zero bits"
                )
            )
        }
        var seen = Set<Int>()
        var previous = 0
        for section in sections {
            if section.id == GPPHeader.ownID {
                // spec: gpp.md §5, id 3 is "the header itself; never listed in `SectionIds`". Only a built value
                // holds it (the decoder refuses it), and it does not encode.
                findings.append(
                    Diagnostic(
                        .error,
                        code: "headerSectionId",
                        field: "sectionIds",
                        message: "section 3 is the GPP header itself, never listed in SectionIds"
                    )
                )
                continue
            }
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
            findings += section.lint(now: now)
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
