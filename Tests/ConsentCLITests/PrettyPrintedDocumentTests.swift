import ConsentInput
import ConsentKit
import Testing

@testable import ConsentCLI

/// A document printed over several lines with its `{` alone on the first (`jq .`, `JSON.stringify(value, null, 2)`,
/// a browser's "Copy object", `defaults read`, `plutil -p`), or app preferences as XML, is one input on standard input
/// and among the lines of a text file, as a copied request is (``FetchAndPowerShellTests``); it used to be an error a
/// line.
@Suite struct PrettyPrintedDocumentTests {
    static let tcString = CurlCommandTests.tcString

    /// What a browser's "Copy object" gives of the `TCData` that `__tcfapi('getTCData', 2, console.log)` printed.
    static let tcData = """
        {
          "tcString": "\(tcString)",
          "tcfPolicyVersion": 2,
          "cmpId": 31,
          "gdprApplies": true,
          "eventStatus": "tcloaded",
          "purpose": {
            "consents": {},
            "legitimateInterests": {}
          },
          "publisher": {
            "restrictions": {}
          }
        }
        """

    /// `jq .` of a bid request: a brace in a string does not close the document.
    static let bidRequest = """
        {
          "id": "a1",
          "site": {
            "page": "https://news.example/?q={}"
          },
          "regs": {
            "gpp": "DBABTA~1YNN",
            "gpp_sid": [
              6
            ]
          }
        }
        """

    @Test func aDocumentOnStandardInputIsOneInput() throws {
        let result = run(["decode", "--field", "type", "--field", "@label"], input: Self.tcData + "\n1YYN\n")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "tcf\tline 1\nusp\tline 15\n", "\(result.output)")
        let sections = run(["decode", "--field", "sectionIds", "--field", "@source"], input: Self.bidRequest + "\n")
        #expect(sections.status == 0, "\(sections.error)")
        #expect(sections.output == "[6]\tregs.gpp\n", "\(sections.output)")
    }

    /// App preferences pasted as `defaults read` and `plutil -p` print them (each was an error a line without `@-`).
    @Test func preferencesPrintedByDefaultsOrPlutilAreOneInput() throws {
        let defaults = """
            {
                AppleLanguages =     (
                    en,
                    "de-DE"
                );
                IABTCF_gdprApplies = 1;
                Nested = { inner = "}"; };
                IABUSPrivacy_String = 1YNN;
            }
            """
        let plutil = """
            {
              "AppleLanguages" => [
                0 => "en"
              ]
              "IABUSPrivacy_String" => "1YYN"
            }
            """
        let result = run(["decode", "--field", "optOutSale", "--field", "@label"], input: defaults + "\n" + plutil)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "N\tline 1\nY\tline 10\n", "\(result.output)")
    }

    /// A file of documents one after another (`jq . requests.jsonl`) is read a document at a time, each named by its
    /// first line; a file that holds one document is read whole, as before.
    @Test func aFileOfDocumentsIsReadADocumentAtATime() throws {
        let several = Self.bidRequest + "\n" + Self.tcData + "\n"
        let extractions = InputExtractor.extract(file: "pretty.json", content: Array(several.utf8))
        #expect(extractions.map(\.label) == ["@pretty.json:1", "@pretty.json:13"])
        #expect(extractions.allSatisfy { $0.line == nil })
        let kinds = extractions.map { (try? $0.result.get())?.signals.map(\.kind) }
        #expect(kinds == [[.gpp], [.tcf]], "\(extractions)")
        let one = InputExtractor.extract(file: "one.json", content: Array(Self.tcData.utf8))
        #expect(one.map(\.label) == ["@one.json"])
        #expect(!PrettyPrintedDocument.isFollowedByMore(in: Self.tcData + "\n\n  \n"))
        #expect(PrettyPrintedDocument.isFollowedByMore(in: several))
    }

    /// A brace that never closes takes at most ``PrettyPrintedDocument/maximumLines`` lines; a document cut short
    /// fails with `badJSON` and says so.
    @Test func aDocumentThatDoesNotCloseIsHeldToItsLines() throws {
        let lines = PrettyPrintedDocument.maximumLines + 5
        let input = "{\n" + String(repeating: "  \"a\": [\n", count: lines - 1)
        var joined = try #require(MultilineInput(firstLine: "{"))
        var count = 1
        for line in TextLines(input).dropFirst() {
            count += 1
            if !joined.append(line) { break }
        }
        #expect(count == PrettyPrintedDocument.maximumLines)
        let cut = run(["decode", "--json"], input: "{\n  \"regs\": {\"gdpr\": 1}\n\n1YNN\n")
        let outputs = try jsonLines(cut.output)
        #expect(outputs.count == 1, "the cut document takes the lines after it: \(cut.output)")
        #expect(outputs.first?["error"]?["code"] == .string("badJSON"))
        #expect(outputs.first?["error"]?["message"]?.stringValue?.contains("is never closed") == true, "\(outputs)")
        let cutAtTheEnd = run(["decode", "--json"], input: "{\n  \"regs\": {\"gdpr\": 1}\n")
        let message = try jsonLines(cutAtTheEnd.output).first?["error"]?["message"]?.stringValue
        #expect(message?.contains("is never closed") == true, "\(cutAtTheEnd.output)")
    }

    /// Only a line that is `{` alone starts a document: a JSON Lines log keeps a record a line, and a line that opens
    /// more than the brace is an input of its own, whose error says how a document over several lines is read.
    @Test func onlyABraceAloneStartsADocument() throws {
        #expect(PrettyPrintedDocument(firstLine: "{") != nil)
        #expect(PrettyPrintedDocument(firstLine: "{ \t\r") != nil)
        #expect(PrettyPrintedDocument(firstLine: " {") == nil)
        #expect(PrettyPrintedDocument(firstLine: #"{"a": 1}"#) == nil)
        #expect(PrettyPrintedDocument(firstLine: "{{") == nil)
        let records = "{\"tcString\": \"\(Self.tcString)\"}\n{\"uspString\": \"1YNN\"}\n"
        let logged = run(["decode", "--field", "@label"], input: records)
        #expect(logged.output == "line 1\nline 2\n", "\(logged.output)")
        let opened = run(["decode", "--json"], input: "{\"regs\": {\n  \"gdpr\": 1}}\n")
        let first = try #require(try jsonLines(opened.output).first)
        #expect(first["error"]?["code"] == .string("badJSON"))
        #expect(first["error"]?["message"]?.stringValue?.contains("its first line is its { alone") == true, "\(first)")
        let wrong = run(["decode", #"{"regs":}"#]).error
        #expect(!wrong.contains("@FILE"), "\(wrong)")
    }

    /// Preferences as XML through a pipe: `adb shell cat .../shared_prefs/NAME.xml` (Android) and `plutil -convert
    /// xml1 -o - FILE.plist` (iOS), each up to the line that closes its root element; a document on one line, and
    /// `<map />`, stay one line.
    @Test func preferencesAsXMLThroughAPipeAreOneInput() throws {
        let android = """
            <?xml version='1.0' encoding='utf-8' standalone='yes' ?>
            <map>
                <string name="IABTCF_TCString">\(Self.tcString)</string>
                <int name="IABTCF_gdprApplies" value="1" />
                <string name="note">&lt;/map&gt; is no end</string>
            </map>
            """
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>IABUSPrivacy_String</key>
            \t<string>1YYN</string>
            </dict>
            </plist>
            """
        let oneLine = #"<map><string name="IABUSPrivacy_String">1YNN</string></map>"#
        let input = [android, plist, oneLine, "<map />", "1YNY"].joined(separator: "\n")
        let result = run(["decode", "--field", "type", "--field", "@label"], input: input)
        #expect(result.output == "tcf\tline 1\nusp\tline 7\nusp\tline 15\n\tline 16\nusp\tline 17\n", "\(result)")
        #expect(PrintedXMLDocument(firstLine: oneLine) == nil)
        #expect(PrintedXMLDocument(firstLine: "<map />") == nil)
        #expect(PrintedXMLDocument(firstLine: " <map>") == nil)
        var document = try #require(PrintedXMLDocument(firstLine: "<?xml version='1.0' ?>"))
        document.read("<!-- <other> --> <map>")
        #expect(document.isOpen)
        document.read("</map>")
        #expect(!document.isOpen)
    }
}
