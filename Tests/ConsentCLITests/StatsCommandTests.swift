import ConsentKit
import Testing

@testable import ConsentCLI

/// `consent stats`: counts over strings built here with known contents, so that every expected count follows
/// from how the strings were made.
@Suite struct StatsCommandTests {
    /// TC string *i* (0-based) consents to purposes 1...i+1 and to vendors 755 and 10 + i, with legitimate
    /// interest for purpose 2 and vendor 755 when i is even; CMP id 7 for the first two, 10 for the third.
    static func tcString(_ index: Int) throws -> String {
        try TCString(
            cmpId: index < 2 ? 7 : 10,
            purposeConsents: IDSet(1...(index + 1)),
            purposeLegitimateInterests: index % 2 == 0 ? [2] : [],
            vendorConsents: [755, 10 + index],
            vendorLegitimateInterests: index % 2 == 0 ? [755] : [],
            disclosedVendors: index == 0 ? [1, 755] : nil
        ).encoded()
    }

    /// Three TC strings, a GPP string carrying the first of them and a usnat section that opted out of sale, two
    /// US Privacy strings, an AC string, a TC string that does not decode, and a line that holds no string.
    static func input() throws -> String {
        var usnat = GPPFieldSection(.usNational)
        try usnat.set("saleOptOut", to: .integer(1))
        usnat.gpc = true
        let gpp = try GPPString(sections: [.tcfEuV2(TCString(encoded: tcString(0))), .fields(usnat)]).encoded()
        let lines = try [tcString(0), tcString(1), tcString(2), gpp, "1YYN", "1YNN", "2~1.35~dv.9", "CPXx!", "a b c"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func jsonCountsEveryKindPurposeVendorAndOptOut() throws {
        let result = run(["stats", "--json"], input: try Self.input())
        #expect(result.status == 0, "\(result.error)")
        let stats = try JSONValue(parsing: result.output)
        #expect(stats["type"] == .string("stats"))
        #expect(stats["inputs"] == .int(9))
        #expect(stats["strings"] == .int(9))
        #expect(stats["decoded"] == .int(7))
        #expect(stats["failed"] == .int(2))
        #expect(stats["failures"] == .object(JSONObject([("badBase64", .int(1)), ("unknownFormat", .int(1))])))
        #expect(stats["kinds"]?["tcf"] == .int(3))
        #expect(stats["kinds"]?["gpp"] == .int(1))

        let tcf = try #require(stats["tcf"])
        #expect(tcf["strings"] == .int(4))  // three, and the GPP string's section 2
        #expect(tcf["inGPP"] == .int(1))
        // Strings 0, 1, 2 and 0 again: purpose 1 in all four, purpose 2 in two, purpose 3 in one.
        #expect(tcf["purposeConsents"]?["1"] == .int(4))
        #expect(tcf["purposeConsents"]?["2"] == .int(2))
        #expect(tcf["purposeConsents"]?["3"] == .int(1))
        #expect(tcf["purposeConsents"]?["11"] == .int(0))
        #expect(tcf["purposeLegitimateInterests"]?["2"] == .int(3))
        #expect(
            tcf["vendorConsents"]
                == .object(JSONObject([("10", .int(2)), ("11", .int(1)), ("12", .int(1)), ("755", .int(4))]))
        )
        #expect(tcf["vendorLegitimateInterests"] == .object(JSONObject([("755", .int(3))])))
        #expect(tcf["withDisclosedVendors"] == .int(2))
        #expect(tcf["withoutVendorConsent"] == .int(0))
        #expect(tcf["cmpIds"] == .object(JSONObject([("7", .int(3)), ("10", .int(1))])))

        let gpp = try #require(stats["gpp"])
        #expect(gpp["sections"] == .object(JSONObject([("tcfeuv2", .int(1)), ("usnat", .int(1))])))
        #expect(gpp["usSections"]?["usnat"]?["saleOptOut"] == .int(1))
        #expect(gpp["usSections"]?["usnat"]?["sharingOptOut"] == .int(0))
        #expect(gpp["usSections"]?["usnat"]?["gpc"] == .int(1))

        #expect(stats["usp"]?["optOutSale"] == .object(JSONObject([("N", .int(1)), ("Y", .int(1))])))
        #expect(stats["ac"]?["consentedProviders"] == .object(JSONObject([("1", .int(1)), ("35", .int(1))])))
    }

    /// A GPP string's uspv1 section is counted as a US Privacy string, as its section 2 is as a TC string: the
    /// opt-outs of a GPP stream were left out of the US Privacy counts (only the section itself was counted).
    @Test func aGPPStringsUSPrivacySectionCountsAsAUSPrivacyString() throws {
        let result = run(["stats", "--json"], input: "DBABTA~1YYN\n1YNN\n")
        let usp = try #require(try JSONValue(parsing: result.output)["usp"])
        #expect(usp["strings"] == .int(2))
        #expect(usp["inGPP"] == .int(1))
        #expect(usp["optOutSale"] == .object(JSONObject([("N", .int(1)), ("Y", .int(1))])))
        let text = run(["stats", "--color", "never"], input: "DBABTA~1YYN\n1YNN\n").output
        #expect(text.contains("US Privacy strings: 2 (1 of them GPP section 6)"), "\(text)")
    }

    /// A GPP string's section 1 (`tcfeuv1`, the TCF v1.1 layout) counts as a legacy TC string, as a standalone one
    /// does (it was in no count).
    @Test func aGPPStringsTCFv1SectionCountsAsALegacyString() throws {
        let input = "DBABYA~BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA\nBOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA\n"
        let tcf = try #require(try JSONValue(parsing: run(["stats", "--json"], input: input).output)["tcf"])
        #expect(tcf["legacy"] == .int(2))
        #expect(tcf["strings"] == .int(0))
    }

    /// Provider ids past 16 bits (Google's list has 66531) are counted, ranked and printed like the others.
    @Test func countsProviderIdsPastSixteenBits() throws {
        let input = "2~35.66531~dv.70000\n2~66531~dv.\n1~2147483647\n"
        let json = try JSONValue(parsing: run(["stats", "--json"], input: input).output)
        #expect(
            json["ac"]?["consentedProviders"]
                == .object(JSONObject([("35", .int(1)), ("66531", .int(2)), ("2147483647", .int(1))]))
        )
        let text = run(["stats"], input: input).output
        #expect(text.contains("66531"), "\(text)")
        let tree = run(["decode", "--color", "never", "2~35.66531~dv.70000"]).output
        #expect(tree.contains("35, 66531"), "\(tree)")
        #expect(tree.contains("70000"), "\(tree)")
    }

    @Test func textNamesPurposesAndShowsTheVendorsAsked() throws {
        let result = run(["stats", "--vendor", "755", "--vendor", "11"], input: try Self.input())
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "9 strings in 9 inputs: 7 decoded, 2 failed")
        #expect(lines.contains("  failed: badBase64 1, unknownFormat 1"))
        #expect(lines.contains("TC strings: 4 (1 of them GPP section 2)"))
        #expect(
            lines.contains {
                $0.hasPrefix("   1 Store and/or access information on a device") && $0.contains("4 (100.0%)")
            }
        )
        #expect(lines.contains("  vendor 755: consent 4 (100.0%), legitimate interest 3 (75.0%)"))
        #expect(lines.contains("  vendor 11: consent 1 (25.0%), legitimate interest 0 (0.0%)"))
        #expect(lines.contains("  CMP ids (id: strings): 7: 3, 10: 1"))
        #expect(lines.contains("  policy versions (version: strings): 5: 4"))
        #expect(
            lines.contains("  opted out of sale (Y): 1 (50.0%), did not (N): 1 (50.0%), not applicable (-): 0 (0.0%)")
        )
        // A vendor asked twice is reported once.
        let twice = run(["stats", "--vendor", "11", "--vendor", "11"], input: try Self.input()).output
        #expect(twice.split(separator: "\n").filter { $0.hasPrefix("  vendor 11:") }.count == 1)
    }

    @Test func kindLimitsAURLToItsStringsAndReadsBareStringsAsIt() throws {
        let url = "gdpr=1&gdpr_consent=\(try Self.tcString(1))&us_privacy=1YYN"
        let stats = try JSONValue(parsing: run(["stats", "--json", "--kind", "usp", url, "1NNN"]).output)
        #expect(stats["inputs"] == .int(2))
        #expect(stats["kinds"] == .object(JSONObject([("usp", .int(2))])))
        #expect(stats["usp"]?["optOutSale"] == .object(JSONObject([("N", .int(1)), ("Y", .int(1))])))
    }

    /// usva has no SharingOptOut and no GPC subsection: its counts of them are null (n/a), not 0 (nobody opted out).
    @Test func aSectionWithoutAFieldHasNoCountOfIt() throws {
        let string = "DBACLMA~BAAAAAAAAAA.QA~BaAAAAA"  // usnat with GPC, then usva
        let stats = try JSONValue(parsing: run(["stats", "--json", string]).output)
        let usva = try #require(stats["gpp"]?["usSections"]?["usva"])
        #expect(usva["strings"] == .int(1))
        #expect(usva["sharingOptOut"] == .null)
        #expect(usva["gpc"] == .null)
        #expect(usva["targetedAdvertisingOptOut"] == .int(0))
        #expect(stats["gpp"]?["usSections"]?["usnat"]?["gpc"] == .int(0))
        let text = run(["stats", string]).output.split(separator: "\n")
        let row = try #require(text.first { $0.hasPrefix("  usva") })
        #expect(
            row.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == [
                "usva", "1", "0", "(0.0%)", "n/a", "0", "(0.0%)", "n/a",
            ]
        )
    }

    /// usin's standard layout has no GPC subsection (gpp-sections.md §24-27): no count of it, where it said 0; the
    /// layout later reference libraries write (sensitive data in the core, then GPC) has one, and is counted.
    @Test func gpcIsCountedOnlyWhereALayoutHasIt() throws {
        let standard = try JSONValue(parsing: run(["stats", "--json", "DBABUY~BVVV"]).output)
        #expect(standard["gpp"]?["usSections"]?["usin"]?["gpc"] == .null)
        #expect(standard["gpp"]?["usSections"]?["usin"]?["saleOptOut"] == .int(1))
        let row = try #require(
            run(["stats", "DBABUY~BVVV"]).output.split(separator: "\n").first { $0.hasPrefix("  usin") }
        )
        #expect(row.hasSuffix("n/a"), "\(row)")
        let later = try JSONValue(parsing: run(["stats", "--json", "DBABUY~BVVV", "DBABUY~BVVVkkk.YA"]).output)
        #expect(later["gpp"]?["usSections"]?["usin"]?["gpc"] == .int(1))
        #expect(later["gpp"]?["usSections"]?["usin"]?["strings"] == .int(2))
    }

    /// A curl command, an HTTP request or a HAR entry that carries consent in its URL, its body and its cookies is
    /// one input, however many places hold strings (it counted each place).
    @Test func aRequestIsOneInputWhereverItsStringsAre() throws {
        let curl =
            "curl 'https://ads.example/bid?us_privacy=1NNN' -H 'Cookie: usprivacy=1YNY; addtl_consent=2~1.35~dv.9'"
        for arguments in [["stats", "--json", curl], ["stats", "--json"]] {
            let stats = try JSONValue(parsing: run(arguments, input: curl + "\n1YNN\n").output)
            #expect(stats["inputs"] == .int(arguments.count == 3 ? 1 : 2), "\(arguments)")
            #expect(stats["strings"] == .int(arguments.count == 3 ? 3 : 4), "\(arguments)")
        }
    }

    /// A misspelt @FILE is not a clean run of zero strings: the counts are printed, and the file is an error.
    @Test func aFileThatCannotBeReadFailsTheRun() throws {
        let result = run(["stats", "--json", "@/nonexistent/typo.txt", "1YNN"])
        #expect(result.status == 1)
        #expect(result.error.contains("error: @/nonexistent/typo.txt: unreadableFile: cannot read"), "\(result.error)")
        let stats = try JSONValue(parsing: result.output)
        #expect(stats["kinds"] == .object(JSONObject([("usp", .int(1))])))
        #expect(run(["stats", "1YNN", "garbage"]).status == 0)
    }

    /// What decode's checks say of the inputs is counted by code: a log's requests with `gdpr=1` and an empty
    /// `gdpr_consent` were in no count at all (they hold no string, and are no unreadable input either).
    @Test func countsWhatTheChecksSayOfTheInputs() throws {
        let tc = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"
        let lines = [
            "https://x.example/px?gdpr=1&gdpr_consent=", "https://x.example/px?gdpr=1&gdpr_consent=\(tc)",
            "https://x.example/px?gdpr=1&gpp=DBABMA~\(tc)&gpp_sid=2", "https://x.example/px?gdpr=1&us_privacy=1YNN",
            "https://x.example/px?gdpr_consent=${GDPR_CONSENT_755}", "1YNN",
            // Every check of decode's: gpp_sid against the header, the US Privacy string against section 6.
            "https://x.example/px?gpp=DBABTA~1YNN&gpp_sid=7", "https://x.example/px?gpp=DBABTA~1YNN&us_privacy=1YYN",
        ]
        let stats = try JSONValue(parsing: run(["stats", "--json"], input: lines.joined(separator: "\n")).output)
        let checks = JSONObject([
            ("emptyParameter", .int(1)), ("gdprWithoutTCString", .int(2)), ("gppSIDNotInString", .int(1)),
            ("gppWithoutSectionIDs", .int(1)), ("unexpandedMacro", .int(1)), ("uspMismatch", .int(1)),
        ])
        #expect(stats["checks"] == .object(checks))
        // As many of each as lint reports (which reports the strings' own findings too).
        let reported = run(["lint", "--json"], input: lines.joined(separator: "\n")).output
        for (code, count) in checks {
            #expect(reported.split(separator: "\n").filter { $0.contains("\"\(code)\"") }.count == count.intValue)
        }
        let text = run(["stats"], input: lines.joined(separator: "\n")).output
        #expect(text.contains("  checks: gdprWithoutTCString 2, emptyParameter 1, gppSIDNotInString 1,"), "\(text)")
        // --kind leaves strings undecoded, not missing.
        let usp = try JSONValue(parsing: run(["stats", "--json", "--kind", "usp", lines[1]]).output)
        #expect(usp["checks"] == .object(JSONObject()))
    }

    @Test func aVendorAskedForWithoutATCStringIsSaidToHaveNoneToCount() {
        let lines = run(["stats", "--vendor", "755", "1YNN"]).output.split(separator: "\n").map(String.init)
        #expect(lines.contains("TC strings: 0"), "\(lines)")
        #expect(lines.contains("  vendor 755: no TCF v2 string to count"), "\(lines)")
        // Without --vendor a run with no TC string has no TC section.
        #expect(!run(["stats", "1YNN"]).output.contains("TC strings"))
    }

    @Test func aVendorOutsideTheIdsIsAUsageError() {
        for argument in ["0", "65536", "x"] {
            let result = run(["stats", "--vendor", argument, "1YNN"])
            #expect(result.status == 64, "\(argument)")
            #expect(result.error.contains("vendor id from 1 to 65535"), "\(argument)")
        }
    }

    @Test func noInputPrintsZeroCounts() throws {
        let result = run(["stats"], input: "")
        #expect(result.status == 0)
        #expect(result.output == "0 strings in 0 inputs: 0 decoded, 0 failed\n")
    }
}
