import ConsentCore

/// A lint finding while it is made: the field as static strings, so that strict decoding can throw it as a
/// ``ConsentError`` and ``Diagnostic`` can print it as a path.
struct LintFinding {
    var severity: Diagnostic.Severity
    var code: StaticString
    var segment: StaticString
    var field: StaticString
    var message: String

    var diagnostic: Diagnostic {
        let segment = segment.description
        let field = field.description
        let path = segment.isEmpty ? field : field.isEmpty ? segment : segment + "." + field
        return Diagnostic(severity, code: code.description, field: path, message: message)
    }

    var error: ConsentError {
        ConsentError(.policyViolation, format: .tcf, segment: segment, field: field)
    }
}

/// Collects findings; each rule adds at most a few.
struct LintFindings {
    var all: [LintFinding] = []

    /// `noun` and the ids, singular or plural as their count is, with the verb that agrees (`Vendor 7 has`,
    /// `Vendors 1-3 have`), or without a verb when none is given.
    static func ids(_ noun: String, _ ids: IDSet, _ singularVerb: String = "", _ pluralVerb: String = "") -> String {
        let one = ids.count == 1
        let verb = one ? singularVerb : pluralVerb
        return noun + (one ? " " : "s ") + ids.foldedDescription + (verb.isEmpty ? "" : " " + verb)
    }

    /// A `purposeNotDefined` warning on `field` when `purposes` holds any beyond 1-11 (tcf.md §9), named by the
    /// field that has them.
    mutating func checkPurposesDefined(_ purposes: IDSet, _ segment: StaticString, _ field: StaticString) {
        let undefined = purposes.subtracting(IDSet(1...11))
        guard !undefined.isEmpty else { return }
        add(
            .warning,
            "purposeNotDefined",
            segment,
            field,
            LintFindings.ids("Purpose", undefined, "is", "are") + " not defined by the current vendor list (1-11)."
        )
    }

    mutating func add(
        _ severity: Diagnostic.Severity,
        _ code: StaticString,
        _ segment: StaticString,
        _ field: StaticString,
        _ message: String
    ) {
        all.append(LintFinding(severity: severity, code: code, segment: segment, field: field, message: message))
    }

    /// Timestamp rules shared by v2 and v1.1: LastUpdated not before Created; neither after `now`, nor before the
    /// framework was published (`earliest`, deciseconds, `framework` its name): a CMP's clock not set, or a value
    /// never filled in (`1970-01-01`, what a blank value holds).
    mutating func checkTimestamps(created: Int64, lastUpdated: Int64, now: Int64?, earliest: Int64, framework: String) {
        if created > lastUpdated {
            add(.warning, "createdAfterLastUpdated", "core", "created", "Created is later than LastUpdated.")
        }
        if min(created, lastUpdated) < earliest {
            let isCreated = created < earliest
            add(
                .warning,
                "timestampBeforeTCF",
                "core",
                isCreated ? "created" : "lastUpdated",
                "\(isCreated ? "Created" : "LastUpdated") \(Timestamp.iso8601(deciseconds: isCreated ? created : lastUpdated))"
                    + " is before \(framework) was published: a clock not set, or a value never filled in."
            )
        }
        if let now, created > now || lastUpdated > now {
            add(
                .warning,
                "timestampInFuture",
                "core",
                created > now ? "created" : "lastUpdated",
                "A timestamp is later than the current time."
            )
        }
    }

    /// CMP id and consent language rules shared by v2 and v1.1.
    mutating func checkCmpAndLanguage(cmpId: Int, consentLanguage: TwoLetterCode) {
        // tcf.md §9: 0 is never assigned; iabtcf-es rejects any CmpId up to 1 (and so fails to decode the string).
        if cmpId == 0 {
            add(.warning, "cmpIdNotAssigned", "core", "cmpId", "CmpId 0 is never assigned to a registered CMP.")
        } else if cmpId == 1 {
            add(
                .warning,
                "cmpIdNotAssigned",
                "core",
                "cmpId",
                "CmpId 1: iabtcf-es rejects any CmpId up to 1, so it fails to decode this string."
            )
        }
        if !ISOCodes.list(ISOCodes.languages, contains: consentLanguage) {
            add(
                .warning,
                "unknownLanguageCode",
                "core",
                "consentLanguage",
                "ConsentLanguage \(consentLanguage) is not an ISO 639-1 code."
            )
        }
    }

    /// The vendor list rule shared by v2 and v1.1 (tcf.md §9): version 0 means the string was made without one.
    mutating func checkVendorListVersion(_ vendorListVersion: Int) {
        if vendorListVersion == 0 {
            add(
                .warning,
                "vendorListVersionZero",
                "core",
                "vendorListVersion",
                "VendorListVersion 0: the string was made without a vendor list."
            )
        }
    }

    /// A vendor section's encoding: ids above MaxVendorId, overlapping or unsorted range entries.
    mutating func checkVendorSection(_ scan: VendorSectionScan, segment: StaticString, field: StaticString) {
        if scan.hasIDsAboveMaxVendorId {
            add(
                .warning,
                "vendorIdAboveMaxVendorId",
                segment,
                field,
                "A range entry names ids above MaxVendorId \(scan.maxVendorId); they are not in the set."
            )
        }
        if scan.hasOverlappingEntries {
            add(.warning, "overlappingRanges", segment, field, "Range entries overlap or are not in ascending order.")
        }
    }

    /// Padding and trailing `=` of each segment.
    mutating func checkPadding(_ segment: TCStringLayout.Segment) {
        let name = segment.kind.name
        if !segment.paddingIsZero {
            add(.warning, "nonCanonicalPadding", name, "", "The bits after the last field are not all zero.")
        } else if !TCStringLayout.isConventionalPadding(usedBits: segment.usedBits, characters: segment.characters) {
            add(
                .warning,
                "nonCanonicalPadding",
                name,
                "",
                "\(segment.paddingBits) padding bits: more than any known encoder writes."
            )
        }
        if segment.trailingEquals > 0 {
            add(
                .warning,
                "trailingEquals",
                name,
                "",
                "The segment ends with \(segment.trailingEquals) '=' character\(segment.trailingEquals == 1 ? "" : "s"), "
                    + "which some decoders reject."
            )
        }
    }
}
