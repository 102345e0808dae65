import ConsentCore
import ConsentInput
import Testing

@testable import ConsentCLI

/// What a CMP API returned, as JavaScript prints it rather than as JSON: Node's `console.log`, a browser console's
/// preview. Each was `badJSON`.
@Suite struct JavaScriptObjectLiteralTests {
    static let tcString = CurlCommandTests.tcString

    @Test func readsWhatNodePrintsOfTCData() throws {
        let oneLine = """
            { tcString: '\(Self.tcString)', tcfPolicyVersion: 2, cmpId: 31, gdprApplies: true, \
            eventStatus: 'tcloaded', purpose: { consents: {}, legitimateInterests: {} }, outOfBand: [Object], \
            listener: [Function: listener], listenerId: undefined }
            """
        let result = run(["decode", "--field", "type", "--field", "@source"], input: oneLine)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "tcf\ttcString\n", "\(result.output)")
        // Longer objects are printed over several lines, the first `{` alone.
        let lines = """
            {
              gppVersion: '1.1',
              cmpStatus: 'loaded',
              gppString: 'DBABTA~1YNN',
              applicableSections: [ 6 ],
              parsedSections: { uspv1: [Object] },
            }
            1YYN
            """
        let piped = run(["decode", "--field", "type", "--field", "@label"], input: lines)
        #expect(piped.status == 0, "\(piped.error)")
        #expect(piped.output == "gpp\tline 1\nusp\tline 8\n", "\(piped.output)")
    }

    /// Chrome's preview (`{tcString: '...', …}`, `(1) [6]`) and Firefox's (`Object { ... }`), as copied from the
    /// console's line.
    @Test func readsABrowserConsolePreview() throws {
        let chrome = "{gppString: 'DBABTA~1YNN', applicableSections: (1) [6], gppVersion: '1.1', …}"
        let firefox = #"Object { tcString: "\#(Self.tcString)", gdprApplies: true, cmpId: 31, … }"#
        let result = run(["decode", "--field", "type", "--field", "@source"], input: chrome + "\n" + firefox + "\n")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "gpp\tgppString\ntcf\ttcString\n", "\(result.output)")
        // What the object says is checked against the string, as for JSON: applicableSections against the header.
        let lint = run(["lint", "--json", "{gppString: 'DBABTA~1YNN', applicableSections: [2]}"])
        #expect(lint.output.contains("gppSIDNotInString"), "\(lint.output)")
    }

    @Test func readsTheValuesJavaScriptWrites() throws {
        let text = #"""
            <ref *1> TCData { 'quoted-key': "a \"b\"", 'single': 'it\'s', back: `x "y"`, n: -1.5e3, i: 42,
              list: Array(2) [ true, null ], nested: { deep: [ NaN, Infinity ] }, self: [Circular *1], 7: 'seven', }
            """#
        let value = try #require(JavaScriptObjectLiteral.value(text))
        #expect(value["quoted-key"] == .string(#"a "b""#))
        #expect(value["single"] == .string("it's"))
        #expect(value["back"] == .string(#"x "y""#))
        #expect(value["n"] == .double(-1500))
        #expect(value["i"] == .int(42))
        #expect(value["list"] == .array([.bool(true), .null]))
        #expect(value["nested"]?["deep"] == .array([.null, .null]))
        #expect(value["self"] == .null)
        #expect(value["7"] == .string("seven"))
    }

    /// Anything else is no object literal: the input keeps the error it had.
    @Test func refusesWhatIsNoObjectLiteral() {
        for text in [
            "[1, 2]", "{ a: 1 } b", "{ a 1 }", "{ a: 'open }", "{ a: 1, , b: 2 }", "{ a: unknownName }", "{",
            String(repeating: "{a: ", count: 65) + "1" + String(repeating: "}", count: 65),
        ] {
            #expect(JavaScriptObjectLiteral.value(text) == nil, "\(text)")
        }
        let deep = String(repeating: "{a: ", count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(JavaScriptObjectLiteral.value(deep) != nil)
        let result = run(["decode", "--json", "{ tcString: 'CQ' oops }"])
        #expect(result.output.contains(#""code":"badJSON""#), "\(result.output)")
    }
}
