import ConsentInput
import ConsentKit
import Testing

@testable import ConsentCLI

/// Requests copied "as fetch" and "as PowerShell" from a browser's network panel: each read as a request, over all
/// its lines, as "Copy as cURL" is (``CurlCommandTests``).
@Suite struct FetchAndPowerShellTests {
    static let tcString = CurlCommandTests.tcString

    /// What Chrome copies "as fetch" for a Prebid call: the options object in JSON, the body a JSON string.
    static let chromeFetch = #"""
        fetch("https://prebid.example/openrtb2/auction?src=pbjs", {
          "headers": {
            "accept": "*/*",
            "content-type": "text/plain;charset=UTF-8",
            "Cookie": "euconsent-v2=\#(tcString); usprivacy=1YNN"
          },
          "referrer": "https://news.example/",
          "body": "{\"id\":\"a1\",\"regs\":{\"gpp\":\"DBABTA~1YNN\",\"gpp_sid\":[6]},\"user\":{\"consent\":\"\#(tcString)\"}}",
          "method": "POST",
          "mode": "cors",
          "credentials": "include"
        });
        """#

    /// What Chrome copies "as PowerShell" for the same call: the cookies in the session, the body with backtick
    /// escapes.
    static let chromePowerShell = #"""
        $session = New-Object Microsoft.PowerShell.Commands.WebRequestSession
        $session.UserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"
        $session.Cookies.Add((New-Object System.Net.Cookie("euconsent-v2", "\#(tcString)", "/", ".prebid.example")))
        $session.Cookies.Add((New-Object System.Net.Cookie("usprivacy", "1YNN", "/", ".prebid.example")))
        Invoke-WebRequest -UseBasicParsing -Uri "https://prebid.example/openrtb2/auction?src=pbjs" `
        -Method "POST" `
        -WebSession $session `
        -Headers @{
        "accept"="*/*"
          "origin"="https://news.example"
        } `
        -ContentType "text/plain;charset=UTF-8" `
        -Body "{`"id`":`"a1`",`"regs`":{`"gpp`":`"DBABTA~1YNN`",`"gpp_sid`":[6]},`"user`":{`"consent`":`"\#(tcString)`"}}"
        """#

    @Test func readsTheRequestOfAFetchCall() throws {
        let request = try #require(FetchCall.request(Self.chromeFetch))
        #expect(request.method == "POST")
        #expect(request.url == "https://prebid.example/openrtb2/auction?src=pbjs")
        #expect(request.cookies == "euconsent-v2=\(Self.tcString); usprivacy=1YNN")
        #expect(request.body?.hasPrefix(#"{"id":"a1","regs":{"gpp":"DBABTA~1YNN""#) == true)
        // Firefox: `await`, trailing commas, no body; a call with no options is a GET of its URL.
        let firefox = """
            await fetch("https://x.example/px?gdpr=1&gdpr_consent=\(Self.tcString)", {
                "credentials": "include",
                "headers": {
                    "Accept": "*/*",
                },
                "method": "GET",
            });
            """
        let read = try #require(FetchCall.request(firefox))
        #expect(read.url == "https://x.example/px?gdpr=1&gdpr_consent=\(Self.tcString)" && read.method == "GET")
        #expect(
            FetchCall.request("fetch('https://x.example/?us_privacy=1YNN')")?.url
                == "https://x.example/?us_privacy=1YNN"
        )
        #expect(FetchCall.request(#"fetch("https://x.example/?a=\"b\"")"#)?.url == #"https://x.example/?a="b""#)
        #expect(FetchCall.request(#"fetch("https://x.example/"#) == nil)
        #expect(FetchCall.request("fetcher('https://x.example/')") == nil)
    }

    @Test func aFetchCallGoesOnWhileABracketOrAStringIsOpen() {
        #expect(FetchCall.continues(#"fetch("https://x.example/", {"#))
        #expect(FetchCall.continues(#"fetch("https://x.example/?a=(", {"headers": {"#))
        #expect(!FetchCall.continues(#"fetch("https://x.example/?a=(")"#))
        #expect(!FetchCall.continues("fetch(\"https://x.example/\", {\n  \"method\": \"GET\"\n});"))
    }

    /// A bracket that never closes joins at most ``CopiedRequest/maximumLines`` lines (each line read checks the whole
    /// text so far: a file of 20,000 such lines took minutes); the lines after them are inputs of their own.
    @Test func aCallThatNeverClosesTakesAtMostItsLimitOfLines() {
        let open = "fetch(\"https://x.example/?us_privacy=1YNN\", {\n" + String(repeating: "  \"a\": 1,\n", count: 600)
        let lines = Array(MultilineInput.Lines(open + "1YYN"))
        #expect(lines.first?.text.split(separator: "\n").count == CopiedRequest.maximumLines)
        #expect(lines.count == 1 + 602 - CopiedRequest.maximumLines)
        #expect(lines.last?.text == "1YYN" && lines.last?.lineNumber == 602)
        let piped = run(["decode", "--field", "type"], input: open + "1YYN\n")
        #expect(piped.output.hasSuffix("\nusp\n"), "\(piped.output.suffix(20))")
    }

    @Test func readsTheRequestOfAPowerShellCommand() throws {
        let request = try #require(PowerShellRequest.request(Self.chromePowerShell))
        #expect(request.method == "POST")
        #expect(request.url == "https://prebid.example/openrtb2/auction?src=pbjs")
        #expect(request.cookies == "euconsent-v2=\(Self.tcString); usprivacy=1YNN")
        #expect(
            request.body
                == #"{"id":"a1","regs":{"gpp":"DBABTA~1YNN","gpp_sid":[6]},"user":{"consent":"\#(Self.tcString)"}}"#
        )
        // A cookie header in the table, single quotes, and no session: still the request.
        let bare = "Invoke-WebRequest -Uri 'https://x.example/?it''s=1' -Headers @{ \"Cookie\"=\"usprivacy=1YNN\" }"
        let read = try #require(PowerShellRequest.request(bare))
        #expect(read.url == "https://x.example/?it's=1" && read.cookies == "usprivacy=1YNN" && read.method == "GET")
        #expect(PowerShellRequest.request("Invoke-WebRequest -UseBasicParsing") == nil)
    }

    @Test func aPowerShellCommandGoesOnOverItsSessionBackticksAndTable() {
        let lines = Self.chromePowerShell.split(separator: "\n").map(String.init)
        // Every line but the last leaves the command open.
        for count in 1..<lines.count {
            #expect(PowerShellRequest.continues(lines.prefix(count).joined(separator: "\n")), "\(count)")
        }
        #expect(!PowerShellRequest.continues(Self.chromePowerShell))
        // A session that no Invoke-WebRequest follows ends at the first other line.
        #expect(
            !PowerShellRequest.continues("$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\nCQ")
        )
    }

    /// Each is one input, wherever it stands in a file or on standard input, and its places are named by it.
    @Test func eachIsOneInputInAFileAndOnStandardInput() throws {
        let file = "1YNN\n" + Self.chromeFetch + "\n" + Self.chromePowerShell + "\n1YYN\n"
        let fields = ["--field", "@label", "--field", "@source", "--field", "type"]
        let expected = """
            line 1\tnull\tusp
            line 2: fetch POST prebid.example/openrtb2/auction\tuser.consent\ttcf
            line 2: fetch POST prebid.example/openrtb2/auction\tregs.gpp\tgpp
            line 2: fetch POST prebid.example/openrtb2/auction\teuconsent-v2\ttcf
            line 2: fetch POST prebid.example/openrtb2/auction\tusprivacy\tusp
            line 14: PowerShell POST prebid.example/openrtb2/auction\tuser.consent\ttcf
            line 14: PowerShell POST prebid.example/openrtb2/auction\tregs.gpp\tgpp
            line 14: PowerShell POST prebid.example/openrtb2/auction\teuconsent-v2\ttcf
            line 14: PowerShell POST prebid.example/openrtb2/auction\tusprivacy\tusp
            line 27\tnull\tusp

            """
        let piped = run(["decode"] + fields, input: file)
        #expect(piped.output == expected, "\(piped.error)")
        #expect(piped.status == 0)
        #expect(CopiedRequest.requests(in: file).map(\.notation) == [.fetch, .powerShell])
        #expect(CopiedRequest.requests(in: file).map(\.lineNumber) == [2, 14])
    }

    @Test func oneThatCannotBeReadSaysSo() {
        let noURL = InputExtractor.extract(inline: "Invoke-WebRequest -Method GET", label: nil)
        #expect(throws: InputError("unknownFormat", "a PowerShell command without -Uri, or whose quotes do not close"))
        {
            try noURL.first?.result.get()
        }
        let quiet = InputExtractor.extract(inline: #"fetch("https://cdn.example/app.js")"#, label: nil)
        #expect(
            throws: InputError(
                "unknownFormat",
                "the fetch call's request carries no consent (URL parameters, body and cookies looked at)"
            )
        ) { try quiet.first?.result.get() }
    }
}
