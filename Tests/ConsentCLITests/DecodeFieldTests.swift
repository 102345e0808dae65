import ConsentKit
import Testing

@testable import ConsentCLI

/// `decode --field`: members of the JSON form, one line a string, for scripts without jq.
@Suite struct DecodeFieldTests {
    static let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    static let gppString = "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"

    /// Each value is the one the JSON form holds at that path (read here from `decode --json`).
    @Test func printsTheMembersOfEachStringTabSeparated() throws {
        let fields = [
            "cmpId", "consentLanguage", "vendorConsents", "publisherTC.numCustomPurposes", "isServiceSpecific",
        ]
        let result = run(["decode"] + fields.flatMap { ["--field", $0] } + [Self.tcString, "1YNN"])
        #expect(result.status == 0)
        let json = try JSONValue(parsing: run(["decode", "--json", Self.tcString]).output)
        let expected = fields.map { field in
            var value: JSONValue? = json
            for key in field.split(separator: ".") { value = value?[String(key)] }
            return value?.stringValue ?? value.map(\.description) ?? "?"
        }
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == [expected.joined(separator: "\t"), "null\tnull\tnull\tnull\tnull", ""].map { Substring($0) })
        #expect(expected[1] == "EN" && expected[2].hasPrefix("["))
        // Every field was found in some string: no warning.
        #expect(result.error.isEmpty)
    }

    /// In a GPP string a section is found by its prefix, its id, or under `sections`; items of a list by number.
    @Test func findsGPPSectionsAndListItems() {
        let paths = ["uspv1.optOutSale", "6.optOutSale", "sections.uspv1.optOutSale", "tcfeuv2.cmpId", "sectionIds.1"]
        let result = run(["decode"] + paths.flatMap { ["--field", $0] } + [Self.gppString])
        #expect(result.output == "N\tN\tN\t31\t6\n")
        #expect(run(["decode", "--field", "sectionIds.9", Self.gppString]).output == "null\n")
        #expect(run(["decode", "--field", "cmpId.x", Self.tcString]).output == "null\n")
    }

    /// A path as lint and diff name a field, an item's index in brackets, is read as the same path with dots: a field
    /// copied out of a finding works (it printed null).
    @Test func takesAnItemInBracketsAsLintAndDiffWriteIt() {
        let usnat = "DBABLA~BVVVVVVVVWA.YA"
        let dotted = run(["decode", "--field", "usnat.sensitiveDataProcessing.1", usnat])
        #expect(dotted.output == "1\n")
        #expect(run(["decode", "--field", "usnat.sensitiveDataProcessing[1]", usnat]).output == dotted.output)
        #expect(run(["decode", "--field", "sections.usnat.sensitiveDataProcessing[1]", usnat]).output == "1\n")
        #expect(run(["decode", "--field", "sectionIds[0]", Self.gppString]).output == "2\n")
        // Brackets around anything but a number are a key as written.
        #expect(run(["decode", "--field", "usnat.sensitiveDataProcessing[x]", usnat]).output == "null\n")
    }

    /// `@input`, `@label` and `@source` say where each line's string came from, which the JSON form does not: a line
    /// of output can be joined to its input (an input with two strings gives two lines, a failing string a line of its `@` members).
    @Test func originFieldsJoinEachLineToItsInput() {
        let url = "https://x.example/?gdpr=1&gdpr_consent=\(Self.tcString)&us_privacy=1YNN"
        let lines = [url, "1YNN", #"{"ts":1,"request":{"user":{"consent":"\#(Self.tcString)"}}}"#]
        let result = run(
            ["decode", "--field", "@label", "--field", "@source", "--field", "type"],
            input: lines.joined(separator: "\n")
        )
        #expect(
            result.output == """
                line 1\tgdpr_consent\ttcf
                line 1\tus_privacy\tusp
                line 2\tnull\tusp
                line 3\trequest.user.consent\ttcf

                """
        )
        let json = run(["decode", "--json", "--field", "@input", "--field", "@source", "--field", "version", "1YNN"])
        #expect(json.output == #"["1YNN",null,1]"# + "\n")
        // A bare string has no source: no warning of a misspelt key for it.
        #expect(json.error.isEmpty)
        let unknown = run(["decode", "--field", "@line", "1YNN"])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("a field that starts with @ is one of @input, @label, @source"))
    }

    @Test func withJSONEachLineIsAnArray() throws {
        let result = run(["decode", "--json", "--field", "notice", "--field", "version", "--field", "nope", "1YNN"])
        #expect(result.output == #"["Y",1,null]"# + "\n")
        #expect(
            result.error == "warning: --field nope: no string had it (the keys are those of consent decode --json)\n"
        )
    }

    /// A misspelt key would print `null` on every line: the run ends with a warning naming it.
    @Test func aFieldNoStringHasIsWarnedAbout() {
        let result = run(["decode", "--field", "cmpID", "--field", "cmpId"], input: "\(Self.tcString)\n1YNN\n")
        #expect(result.status == 0)
        #expect(result.output == "null\t880\nnull\tnull\n")
        #expect(result.error.contains("--field cmpID: no string had it"))
        #expect(!result.error.contains("--field cmpId:"))
    }

    /// A failing string keeps its line (empty but for the `@` members), so that the output lines up with the input
    /// (`paste strings.txt <(consent decode --field cmpId < strings.txt)`); its error goes to standard error.
    @Test func aStringThatFailsIsReportedAndKeepsItsLine() {
        let result = run(["decode", "--field", "version"], input: "1YNN\nCPc3\n1YYN\n")
        #expect(result.status == 1)
        #expect(result.output == "1\n\n1\n")
        #expect(result.error.contains("truncated"), "\(result.error)")
        // An input with no consent string at all, and a failing string among others of a URL, each keep theirs.
        let url = "https://x.example/?gdpr_consent=CPc3&us_privacy=1YNN"
        let mixed = run(
            ["decode", "--field", "@label", "--field", "@source", "--field", "version"],
            input: "hello\n\(url)\n1YNN\n"
        )
        #expect(mixed.status == 1)
        #expect(mixed.output == "line 1\tnull\t\nline 2\tgdpr_consent\t\nline 2\tus_privacy\t1\nline 3\tnull\t1\n")
        // With --json the error object is the line, as without --field.
        let json = run(["decode", "--json", "--field", "version"], input: "1YNN\nCPc3\n")
        let lines = json.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == "[1]" && lines[1].contains(#""type":"error""#), "\(json.output)")
    }

    @Test func textWithATabOrLineBreakIsQuoted() {
        #expect(FieldPath.text(of: .string("a\tb")) == #""a\tb""#)
        #expect(FieldPath.text(of: .string("EN")) == "EN")
        #expect(FieldPath.text(of: nil) == "null")
        #expect(FieldPath.text(of: .array([.int(1), .int(2)])) == "[1,2]")
    }

    @Test func aPathWithAnEmptyKeyIsAUsageError() {
        for path in ["", "a..b", ".a", "a."] {
            let result = run(["decode", "--field", path, "1YNN"])
            #expect(result.status == 64, "\(path)")
            #expect(result.error.contains("'--field' must be keys separated by dots"), "\(path)")
        }
    }
}
