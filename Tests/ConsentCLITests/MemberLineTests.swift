import ConsentCore
import ConsentInput
import Testing

@testable import ConsentCLI

/// One line copied out of a larger dump, a name and its value, is read by its name as the JSON member it is (each was
/// `unknownFormat`: "not a TC string").
@Suite struct MemberLineTests {
    static let tcString = CurlCommandTests.tcString

    @Test func readsAMemberAsEachDumpWritesIt() throws {
        let lines = [
            "tcString: \"\(Self.tcString)\"",  // a console's expanded object
            "  tcString: '\(Self.tcString)',",  // Node, indented
            "\"gppString\": \"DBABTA~1YNN\",",  // a line of JSON
            "IABTCF_TCString = \(Self.tcString);",  // defaults read
            "  \"IABUSPrivacy_String\" => \"1YYN\"",  // plutil -p
            "IABUSPrivacy_String=1YNN",  // a log's key=value
            "gdpr_consent: \(Self.tcString)",  // a consent parameter by its name
        ]
        let result = run(["decode", "--field", "type", "--field", "@source"], input: lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.split(separator: "\n") == [
                "tcf\ttcString", "tcf\ttcString", "gpp\tgppString", "tcf\tIABTCF_TCString",
                "usp\tIABUSPrivacy_String", "usp\tIABUSPrivacy_String", "tcf\tgdpr_consent",
            ],
            "\(result.output)"
        )
        #expect(MemberLine.object("IABTCF_CmpSdkID = 300;") == .object(JSONObject([("IABTCF_CmpSdkID", .int(300))])))
        #expect(MemberLine.object("'it\\'s': 'a b'") == .object(JSONObject([("it's", .string("a b"))])))
    }

    /// Anything else keeps the error it had: a name that says nothing of consent, or a line that is no member.
    @Test func leavesOtherLinesAlone() {
        for line in ["Note: hello world", "a: 'open", "9lives: 1", "a = b c", ": value", "name value", "a: "] {
            let error = run(["decode", line]).error
            #expect(error.contains("unknownFormat"), "\(line): \(error)")
        }
        #expect(MemberLine.object("Note: hello world") == nil)
        #expect(MemberLine.object("9lives: 1") == nil)
        #expect(MemberLine.object("a: ") == nil)
        #expect(MemberLine.object("a: 'x' y") == nil)
    }
}
