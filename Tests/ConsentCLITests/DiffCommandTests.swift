import ConsentKit
import Testing

@testable import ConsentCLI

/// `consent diff`: what two strings say differently, and how they were written differently.
@Suite struct DiffCommandTests {
    /// A TC string with the vendor consents given; everything else the same.
    static func tcString(vendors: IDSet, cmpId: Int = 7) throws -> String {
        try TCString(cmpId: cmpId, purposeConsents: [1], vendorConsents: vendors).encoded()
    }

    @Test func aChangedLetterIsOneDifferenceAndExitsOne() throws {
        let result = run(["diff", "1YNN", "1YYN"])
        #expect(result.status == 1)
        #expect(result.output == "1 difference in what they say:\n  optOutSale: \"N\" → \"Y\"\n")
        let json = try JSONValue(parsing: run(["diff", "--json", "1YNN", "1YYN"]).output)
        #expect(json["same"] == .bool(false))
        #expect(
            json["differences"]
                == .array([
                    .object(
                        JSONObject([
                            ("path", .string("optOutSale")), ("first", .string("N")), ("second", .string("Y")),
                        ])
                    )
                ])
        )
    }

    /// Restrictions are paired by purpose and type: taking out the first is one difference, not a change of the
    /// restriction that moved into its place.
    @Test func restrictionsArePairedByPurposeAndType() throws {
        func string(_ restrictions: [PublisherRestriction]) throws -> String {
            try TCString(cmpId: 7, purposeConsents: [1], vendorConsents: [1], publisherRestrictions: restrictions)
                .encoded()
        }
        let kept = PublisherRestriction(purposeId: 4, restrictionType: .requireConsent, vendorIds: [3])
        let removed = PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: [1, 2])
        let result = run(["diff", try string([removed, kept]), try string([kept])])
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                """
                1 difference in what they say:
                  publisherRestrictions[purposeId=2,restrictionType=1]: \
                {"purposeId":2,"restrictionType":1,"vendorIds":[1,2]} → (none)
                and in how they were written:

                """
            ),
            "\(result.output)"
        )
        var changed = kept
        changed.vendorIds = [3, 4]
        let other = run(["diff", try string([removed, kept]), try string([removed, changed])]).output
        #expect(
            other.contains(
                "publisherRestrictions[purposeId=4,restrictionType=1].vendorIds: only in the second 4 (1 id)"
            ),
            "\(other)"
        )
    }

    /// Strings of two kinds differ in their kind, in the JSON as in the text (the JSON paired a TC string's fields
    /// with a GPP string's: 25 differences that meant nothing).
    @Test func stringsOfTwoKindsDifferInTheirKind() throws {
        let tcString = try Self.tcString(vendors: [1])
        let text = run(["diff", tcString, "DBABMA~" + tcString])
        #expect(text.status == 1)
        #expect(text.output == "Strings of two kinds: tcf and gpp.\n")
        let json = try JSONValue(parsing: run(["diff", "--json", tcString, "DBABMA~" + tcString]).output)
        #expect(
            json["differences"]
                == .array([
                    .object(
                        JSONObject([("path", .string("type")), ("first", .string("tcf")), ("second", .string("gpp"))])
                    )
                ])
        )
        #expect(json["encodingDifferences"] == .array([]))
    }

    @Test func setsOfIdsShowTheIdsOnlyOneHas() throws {
        let first = try Self.tcString(vendors: [1, 2, 3, 10, 11, 12])
        let second = try Self.tcString(vendors: [2, 3, 755], cmpId: 10)
        let result = run(["diff", first, second])
        #expect(result.status == 1)
        #expect(result.output.contains("  cmpId: 7 → 10\n"))
        #expect(
            result.output.contains(
                "  vendorConsents: only in the first 1, 10-12 (4 ids); only in the second 755 (1 id)\n"
            )
        )
        let json = try JSONValue(parsing: run(["diff", "--json", first, second]).output)
        let vendors = try #require(json["differences"]?.arrayValue?.first { $0["path"] == .string("vendorConsents") })
        #expect(vendors["onlyInFirst"] == .ids([1, 10, 11, 12]))
        #expect(vendors["onlyInSecond"] == .ids([755]))
    }

    /// The same vendors in range form and as a bit field (the second is the canonical re-encoding of the first).
    @Test func theSameValuesWrittenDifferentlyExitZeroAndSayHow() throws {
        let ranges = "COvzTO5OvzTO5BRAAAENAPCoALIAADgAAAAAAewAwABAAlAB6ABBFAAA"
        let bitField = "COvzTO5OvzTO5BRAAAENAPCoALIAADgAAAAAAekAAAAAIAAAIAEEUAA"
        let result = run(["diff", ranges, bitField])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "The same values, written differently:")
        #expect(lines.contains("  encoding.vendorConsents.form: \"range\" → \"bitField\""))
        let json = try JSONValue(parsing: run(["diff", "--json", ranges, bitField]).output)
        #expect(json["same"] == .bool(true))
        #expect(json["sameText"] == .bool(false))
        #expect(json["differences"] == .array([]))
    }

    @Test func theSameStringAndStringsOfTwoKinds() {
        #expect(run(["diff", "1YNN", "1YNN"]) == RunResult(status: 0, output: "The same string.\n", error: ""))
        let kinds = run(["diff", "1YNN", "2~1~dv."])
        #expect(kinds.status == 1)
        #expect(kinds.output == "Strings of two kinds: usp and ac.\n")
    }

    /// A section only one GPP string has is one difference, and so are the section ids.
    @Test func gppSectionsAreComparedByPrefix() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let result = run(["diff", "DBABMA~" + tc, "DBACNYA~\(tc)~1YNN"])
        #expect(result.status == 1)
        #expect(result.output.contains("  sectionIds: only in the second 6 (1 id)\n"))
        #expect(result.output.contains("  sections.uspv1: (none) → {"))
    }

    @Test func eachInputMustHoldOneStringThatDecodes() {
        #expect(run(["diff", "1YNN"]).status == 64)
        #expect(run(["diff", "1YNN", "1YNN", "1YNN"]).status == 64)
        let url = "gdpr_consent=CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA&us_privacy=1YNN"
        let two = run(["diff", url, "1YNN"])
        #expect(two.status == 1)
        let choose = "holds 2 strings (gdpr_consent, us_privacy), not one: choose one with --kind, or give the one"
        #expect(two.error.contains("notOneString: " + choose), "\(two.error)")
        #expect(run(["diff", "--kind", "usp", url, "1YNN"]).output == "The same string.\n")
        // The same string in two places of a request is one string; two different ones of a kind cannot be chosen.
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let request = "curl 'https://x.example/a?gdpr=1&gdpr_consent=\(tc)' -b 'euconsent-v2=\(tc)'"
        #expect(run(["diff", "--kind", "tcf", request, tc]).output == "The same string.\n")
        let other = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"
        let twoStrings = "curl 'https://x.example/a?gdpr=1&gdpr_consent=\(tc)' -b 'euconsent-v2=\(other)'"
        let differing = run(["diff", "--kind", "tcf", twoStrings, tc]).error
        let named = "holds 2 strings (gdpr_consent, euconsent-v2), not one: give the one"
        #expect(differing.contains(named), "\(differing)")
        let broken = run(["diff", "1YNN", "1YNX"])
        #expect(broken.status == 1)
        #expect(broken.output == "")
        #expect(broken.error.contains("usp badValue"))
    }

    /// The same two restrictions written in the other order: the values are the same (paired by purpose and type),
    /// the `encoding` record lists them as written, and diff says so (it said the record did not show how).
    @Test func restrictionsWrittenInAnotherOrderAreAnEncodingDifference() {
        let first = "CAAAAAAAAAAAAAKAAAENAAFgAAAAAAAAAAAAAAAAAABBIAIABwwAEABI.IAAA"
        let second = "CAAAAAAAAAAAAAKAAAENAAFgAAAAAAAAAAAAAAAAAABBgAIACQkAEAA4.IAAA"
        let result = run(["diff", first, second])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("  encoding.publisherRestrictions[0].purposeId: 2 → 3\n"), "\(result.output)")
        #expect(!result.output.contains("does not show"), "\(result.output)")
    }

    /// In the JSON a side is left out where its string has no such member, so that it stays apart from a `null`
    /// one: a v1.1 TC string has no `allowedVendors`, a v2 string without the segment has `null` (both were `null`).
    @Test func aMissingMemberIsLeftOutWhereANullOneIsKept() throws {
        let legacy = "BAAAAAAAAAAAAAKAAAENAAAAAAAvOABAXmA"
        let current = "CP-S4UAP-S4UAAKACBSVBMEgAAAAAEPgAAqIAAAAAAAA"
        let json = try JSONValue(parsing: run(["diff", "--json", legacy, current]).output)
        let allowed = try #require(json["differences"]?.arrayValue?.first { $0["path"] == .string("allowedVendors") })
        #expect(allowed.objectValue?.keys == ["path", "second"])
        #expect(allowed["second"] == .null)
        let purposes = try #require(json["differences"]?.arrayValue?.first { $0["path"] == .string("purposesAllowed") })
        #expect(purposes.objectValue?.keys == ["path", "first"])
    }

    /// A GPP section's record keeps its place (`sections.tcfeuv2.encoding`, as decode prints it); a section whose
    /// record is only its text (`uspv1`) and the header's text add nothing to how the strings were written.
    @Test func gppEncodingRecordsKeepTheirPlacesAndLeaveTextsOut() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let padded = run(["diff", "DBABMA~" + tc, "DBABMA~\(tc)A"])
        #expect(padded.status == 0)
        #expect(padded.output.contains("  sections.tcfeuv2.encoding.segments[0].paddingBits: 5 → 11\n"))
        let json = try JSONValue(parsing: run(["diff", "--json", "DBABMA~" + tc, "DBACNYA~\(tc)~1YNN"]).output)
        #expect(json["encodingDifferences"] == .array([]), "\(json)")
    }

    /// With `--kind tcf` or `usp` a GPP string stands for the string of that kind it carries (it was read as one,
    /// and failed: `tcf badVersion ... value 3`).
    @Test func aGPPStringStandsForItsSectionOfTheKindAskedFor() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let same = run(["diff", "--kind", "tcf", "DBABMA~" + tc, tc])
        #expect(same.status == 0, "\(same.error)")
        #expect(same.output.hasPrefix("The same values"))
        let usp = try JSONValue(parsing: run(["diff", "--json", "--kind", "usp", "DBACNY~\(tc)~1YNN", "1YYN"]).output)
        #expect(usp["differences"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["optOutSale"])
        let none = run(["diff", "--kind", "usp", "DBABMA~" + tc, "1YYN"])
        #expect(none.status == 1)
        #expect(none.error.contains("usp unknownFormat: a GPP string without a uspv1 section: no US Privacy string"))
        // Section 1, a v1.1 TC string, when the string has no section 2.
        let legacy = "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"
        #expect(run(["diff", "--kind", "tcf", "DBABYA~" + legacy, legacy]).status == 0)
        // Without --kind, the kinds differ.
        #expect(run(["diff", "DBABMA~" + tc, tc]).output.contains("Strings of two kinds: gpp and tcf."))
        // A URL with only a gpp= parameter gives its GPP string's section (it held "no string").
        let url = "https://x.example/?gpp=DBACNY~\(tc)~1YNN&gpp_sid=2,6"
        let fromURL = run(["diff", "--kind", "usp", url, "1YYN"])
        #expect(fromURL.status == 1, "\(fromURL.error)")
        #expect(fromURL.output.contains("optOutSale: \"N\" → \"Y\""), "\(fromURL.output)")
        #expect(run(["diff", "--kind", "tcf", url, tc]).status == 0)
        // A string of the kind asked for still comes first: the URL's us_privacy, not its GPP string's section.
        #expect(run(["diff", "--kind", "usp", url + "&us_privacy=1YYN", "1YYN"]).output == "The same string.\n")
    }

    @Test func arraysThatAreNoSetsAreComparedItemByItem() {
        let first = JSONValue.object(JSONObject([("list", .array([.int(0), .int(2), .int(1)])), ("n", .int(1))]))
        let second = JSONValue.object(JSONObject([("list", .array([.int(0), .int(1)])), ("n", .double(1))]))
        let differences = JSONDifference.between(first, second)
        #expect(differences.map(\.path) == ["list[1]", "list[2]"])
        #expect(differences.map(\.line) == ["list[1]: 2 → 1", "list[2]: 1 → (none)"])
    }
}

extension RunResult: Equatable {
    static func == (lhs: RunResult, rhs: RunResult) -> Bool {
        lhs.status == rhs.status && lhs.output == rhs.output && lhs.error == rhs.error
    }
}
