import ConsentInput
import ConsentKit
import Testing

@testable import ConsentCLI

/// Requests copied as curl commands ("Copy as cURL" in a browser's developer tools).
@Suite struct CurlCommandTests {
    static let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"

    /// What Chrome copies for a Prebid call (bash form): lines continued with `\`, the body in `$'...'` because it
    /// holds a `'`, cookies in `-b`.
    static let prebidCall = """
        curl 'https://prebid.example/openrtb2/auction' \\
          -H 'accept: */*' \\
          -H 'content-type: text/plain;charset=UTF-8' \\
          -b 'euconsent-v2=\(tcString); _ga=GA1.2.3; usprivacy=1YNN' \\
          --data-raw $'{"id":"a1","imp":[{"id":"1"}],"regs":{"gdpr":1,"gpp":"DBABTA~1YNN","gpp_sid":[6]},\
        "user":{"consent":"\(tcString)"},"site":{"name":"it\\'s"}}' \\
          --compressed
        """

    @Test func splitsWordsAsAShellDoes() {
        #expect(ShellWords.split(#"a 'b c' "d \"e\" \$f \\ g" h\ i"#) == ["a", "b c", #"d "e" $f \ g"#, "h i"])
        // C escapes; one it does not know (`\q`) stays as written, as bash keeps it.
        #expect(ShellWords.split(#"$'x\'y\n\x41\u00e9\q\\' z"#) == ["x'y\nAé\\q\\", "z"])
        #expect(ShellWords.split("one \\\n two \\\r\n three ^\n four") == ["one", "two", "three", "four"])
        #expect(ShellWords.split("it''s \"\"") == ["its", ""])
        #expect(ShellWords.split("'open") == nil)
        #expect(ShellWords.split("\"open") == nil)
        #expect(ShellWords.split("$'open") == nil)
    }

    /// What a browser copies "as cURL (cmd)": `^` escapes for cmd.exe, `^"` around words, `\^"` inside them.
    @Test func readsTheCmdForm() throws {
        let command = #"""
            curl ^"https://prebid.example/openrtb2/auction?gdpr=1^&x=2^" ^
              -H ^"accept: */*^" ^
              -b ^"euconsent-v2=\#(Self.tcString); usprivacy=1YNN^" ^
              --data-raw ^"^{^\^"user^\^":^{^\^"consent^\^":^\^"\#(Self.tcString)^\^"^}^}^"
            """#
        let request = try #require(CurlCommand.request(command))
        #expect(request.url == "https://prebid.example/openrtb2/auction?gdpr=1&x=2")
        #expect(request.cookies == "euconsent-v2=\(Self.tcString); usprivacy=1YNN")
        #expect(request.body == #"{"user":{"consent":"\#(Self.tcString)"}}"#)
        #expect(request.method == "POST")
        // In the bash form a `^` is a character like any other.
        #expect(ShellWords.split("a^b 'c^'") == ["a^b", "c^"])
    }

    @Test func readsTheRequestOfACopiedCommand() throws {
        let request = try #require(CurlCommand.request(Self.prebidCall))
        #expect(request.method == "POST")
        #expect(request.url == "https://prebid.example/openrtb2/auction")
        #expect(request.cookies == "euconsent-v2=\(Self.tcString); _ga=GA1.2.3; usprivacy=1YNN")
        #expect(request.body?.hasSuffix(#""site":{"name":"it's"}}"#) == true)
        #expect(request.summary == "POST prebid.example/openrtb2/auction")
    }

    @Test func readsEveryFormOfItsOptions() throws {
        let command = """
            curl -A 'Agent/1.0' -X PUT -H 'Cookie: usprivacy=1YNN' --cookie 'addtl_consent=2~1' -d 'a=1' \
            --data-urlencode 'b=2' "https://x.example/?gpp=DBABTA~1YNN" 'https://y.example/' ;
            """
        let request = try #require(CurlCommand.request(command))
        #expect(request.method == "PUT")
        #expect(request.url == "https://x.example/?gpp=DBABTA~1YNN")
        #expect(request.body == "a=1&b=2")
        #expect(request.cookies == "usprivacy=1YNN; addtl_consent=2~1")
        #expect(try #require(CurlCommand.request("curl --url https://z.example/ -d x")).url == "https://z.example/")
        #expect(CurlCommand.request("curl 'https://x.example/") == nil)
        #expect(CurlCommand.request("curly 'https://x.example/'") == nil)
        #expect(CurlCommand.looks(like: "  curl.exe \"https://x.example/\""))
    }

    /// Each place of the request that carries consent is an input of its own, labelled with the request.
    @Test func eachPlaceThatCarriesConsentIsAnInput() throws {
        let extractions = InputExtractor.extract(inline: Self.prebidCall, label: nil)
        #expect(extractions.map(\.label) == Array(repeating: "curl POST prebid.example/openrtb2/auction", count: 2))
        let inputs = try extractions.map { try $0.result.get() }
        #expect(inputs.map(\.form) == [.openRTB, .cookies])
        #expect(
            inputs.map(signalSummary) == [
                ["user.consent=tcf:\(Self.tcString)", "regs.gpp=gpp:DBABTA~1YNN"],
                ["euconsent-v2=tcf:\(Self.tcString)", "usprivacy=usp:1YNN"],
            ]
        )
        // A URL with `gdpr=1` but no string is left out when another place has the strings; alone, it is kept.
        let flagged = InputExtractor.extract(
            inline: "curl 'https://x.example/?gdpr=1' -b 'usprivacy=1YNN'",
            label: "line 2"
        )
        #expect(flagged.map(\.label) == ["line 2: curl GET x.example/"])
        #expect(try flagged.map { try $0.result.get().form } == [.cookies])
        let alone = InputExtractor.extract(inline: "curl 'https://x.example/?gdpr=1'", label: nil)
        #expect(try alone.first?.result.get().gdprApplies?.text == "1")
    }

    @Test func aCommandWithoutConsentOrWithAnOpenQuoteFails() {
        let quiet = InputExtractor.extract(inline: "curl 'https://cdn.example/app.js' -H 'x: y'", label: nil)
        #expect(
            throws: InputError(
                "unknownFormat",
                "the curl command's request carries no consent (URL parameters, body and cookies looked at)"
            )
        ) { try quiet.first?.result.get() }
        let open = InputExtractor.extract(inline: "curl 'https://x.example/?us_privacy=1YNN", label: nil)
        #expect(throws: InputError("unknownFormat", "a curl command whose quotes do not close")) {
            try open.first?.result.get()
        }
    }

    /// A file of commands ("Copy all as cURL"): each from its `curl` line to the next, by its first line.
    @Test func aFileOfCommandsIsReadCommandByCommand() throws {
        let file = Self.prebidCall + " ;\ncurl 'https://sync.example/px?us_privacy=1YYN' --compressed\n\n"
        let extractions = InputExtractor.extract(file: "calls.sh", content: Array(file.utf8))
        #expect(
            extractions.map(\.label) == [
                "@calls.sh:1: curl POST prebid.example/openrtb2/auction",
                "@calls.sh:1: curl POST prebid.example/openrtb2/auction", "@calls.sh:7: curl GET sync.example/px",
            ]
        )
        #expect(try extractions.last?.result.get().signals.map(\.text) == ["1YYN"])
    }

    /// A file's curl commands are inputs among its other lines: a file that started with one took every later line
    /// that was no command for part of it (`1YYN` and `garbage` went unread, exit 0), and a command later in a file
    /// had its continuation lines read as inputs of their own.
    @Test func curlCommandsAndOtherLinesShareAFile() throws {
        let file =
            "curl 'https://x.example/?us_privacy=1YNN'\n1YYN\ngarbage\ncurl 'https://y.example/' \\\n"
            + "  -H 'Cookie: usprivacy=1NNN'\n1NYN\n"
        let extractions = InputExtractor.extract(file: "mixed.txt", content: Array(file.utf8))
        #expect(
            extractions.map(\.label) == [
                "@mixed.txt:1: curl GET x.example/", "@mixed.txt:2", "@mixed.txt:3",
                "@mixed.txt:4: curl GET y.example/",
                "@mixed.txt:6",
            ]
        )
        #expect(
            extractions.map { try? $0.result.get().signals.map(\.text) } == [
                ["1YNN"], ["1YYN"], ["garbage"], ["1NNN"], ["1NYN"],
            ]
        )
        #expect(CopiedRequest.requests(in: file).map(\.lineNumber) == [1, 4])
        #expect(
            CurlCommand.continues("curl 'a' \\") && CurlCommand.continues("curl 'a")
                && !CurlCommand.continues("curl 'a' ;")
        )
    }

    @Test func decodeReadsACurlCommand() throws {
        let result = run(["decode", "--json", Self.prebidCall])
        #expect(result.status == 0, "\(result.error)")
        let types = try result.output.split(separator: "\n").map { try JSONValue(parsing: $0)["type"]?.stringValue }
        #expect(types == ["tcf", "gpp", "tcf", "usp"])
        let streamed = run(["decode", "--json"], input: "curl 'https://x.example/?us_privacy=1YNN'\n1YYN\n")
        #expect(streamed.output.split(separator: "\n").count == 2)
    }
}
