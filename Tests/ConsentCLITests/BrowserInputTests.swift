import ConsentInput
import ConsentKit
import Foundation
import Testing

@testable import ConsentCLI

/// What people copy out of a browser: cookies, URLs with the parameters in the fragment, URLs out of HTML, and
/// the network log its developer tools save (a HAR file).
@Suite struct BrowserInputTests {
    static let tcString = InputExtractorTests.tcString
    static let gppString = InputExtractorTests.gppString

    @Test func readsTheParametersOfAFragment() throws {
        let input = try extractOne("https://news.example/article#gdpr=1&gdpr_consent=\(Self.tcString)")
        #expect(input.form == .url)
        #expect(signalSummary(input) == ["gdpr_consent=tcf:\(Self.tcString)"])
        #expect(input.gdprApplies?.text == "1")
        // A single-page app's route with its own query.
        let route = try extractOne("https://app.example/#/home?gpp=DBABTA%7E1YNN&gpp_sid=6")
        #expect(signalSummary(route) == ["gpp=gpp:DBABTA~1YNN"])
        #expect(route.gppSectionIDs?.text == "6")
    }

    @Test func theQueryWinsOverTheFragment() throws {
        let input = try extractOne("https://x.example/?us_privacy=1YNN#us_privacy=1YYN")
        #expect(signalSummary(input) == ["us_privacy=usp:1YNN"])
        #expect(input.findings.map(\.code) == ["repeatedParameter"])
        // A fragment that is an anchor, not parameters, changes nothing; a URL with neither fails as before.
        #expect(signalSummary(try extractOne("https://x.example/?us_privacy=1YNN#comments")) == ["us_privacy=usp:1YNN"])
        let bare = InputExtractor.extract("https://x.example/page#comments", io: .memory())
        #expect(throws: InputError("unknownFormat", "the URL has no query string (looked for \(Self.names))")) {
            try bare.first?.result.get()
        }
    }

    static let names = "gdpr, gdpr_consent, gpp, gpp_sid, us_privacy, addtl_consent"

    /// A line of an access log: the URL is one word among others, its last parameter followed by ` HTTP/1.1"`.
    @Test func readsTheRequestOfAnAccessLogLine() throws {
        let line =
            #"203.0.113.7 - - [30/Nov/2026:10:00:00 +0000] "GET /px?gdpr=1&gdpr_consent=\#(Self.tcString)&us_privacy=1YNN"#
            + #" HTTP/1.1" 200 43 "https://news.example/?a=b" "Mozilla/5.0 (X11; Linux x86_64)""#
        let input = try extractOne(line)
        #expect(input.form == .queryString)
        #expect(signalSummary(input) == ["gdpr_consent=tcf:\(Self.tcString)", "us_privacy=usp:1YNN"])
        #expect(input.gdprApplies?.text == "1")
        // One parameter alone, no referrer: still read as a request, not as a bare string.
        let short = try extractOne(#""GET /px?us_privacy=1YNN HTTP/1.1" 204 0 "-""#)
        #expect(signalSummary(short) == ["us_privacy=usp:1YNN"])
        #expect(QueryString.urlText(in: "https://x.example/?us_privacy=1YNN") == "https://x.example/?us_privacy=1YNN")
        #expect(QueryString.urlText(in: "<img src='/px?gdpr=0'>") == "/px?gdpr=0")
    }

    @Test func readsAQueryEscapedForHTML() throws {
        let input = try extractOne(
            "https://sync.example/px?gdpr=1&amp;gdpr_consent=\(Self.tcString)&amp;addtl_consent=2~1.35~dv.9"
        )
        #expect(signalSummary(input) == ["gdpr_consent=tcf:\(Self.tcString)", "addtl_consent=ac:2~1.35~dv.9"])
        #expect(input.gdprApplies?.text == "1")
        // Without `&amp;` anywhere, a parameter whose name starts with `amp;` is somebody else's.
        #expect(try extractOne("?amp;gdpr=1&us_privacy=1YNN").gdprApplies == nil)
    }

    @Test func readsACookieHeader() throws {
        let input = try extractOne(
            "Cookie: _ga=GA1.2.1234.5678; euconsent-v2=\(Self.tcString); usprivacy=1YNN; session=CQ12;"
                + " __gpp=DBABTA%7E1YN-; addtl_consent=\"2~1.35~dv.9\""
        )
        #expect(input.form == .cookies)
        #expect(
            signalSummary(input) == [
                "euconsent-v2=tcf:\(Self.tcString)", "usprivacy=usp:1YNN", "__gpp=gpp:DBABTA~1YN-",
                "addtl_consent=ac:2~1.35~dv.9",
            ]
        )
        #expect(input.findings.isEmpty)
        #expect(input.gdprApplies == nil && input.gppSectionIDs == nil)
    }

    /// A cookie named for a consent string is read whatever it holds, so that a broken one is reported; another
    /// cookie counts only when it decodes (`session=CQ12` above starts as a TC string does and is passed over).
    @Test func aConsentCookieThatDoesNotDecodeIsStillRead() throws {
        let input = try extractOne("usprivacy=1XNN; other=1YNN")
        #expect(signalSummary(input) == ["usprivacy=usp:1XNN", "other=usp:1YNN"])
        #expect(throws: ConsentError.self) { try ConsentString(encoded: "1XNN") }
        // `__gpp` too: a GPP string whose usmt section has Version 3 was passed over without a word.
        let gpp = try extractOne("Cookie: usprivacy=1YNN; __gpp=DBABQw~DVVqAAEABA")
        #expect(signalSummary(gpp) == ["usprivacy=usp:1YNN", "__gpp=gpp:DBABQw~DVVqAAEABA"])
        let decoded = run(["decode", "--json", "Cookie: usprivacy=1YNN; __gpp=DBABQw~DVVqAAEABA"])
        #expect(decoded.status == 1)
        #expect(decoded.output.contains(#""code":"badVersion""#), "\(decoded.output)")
    }

    @Test func readsDocumentCookieAndSetCookie() throws {
        #expect(signalSummary(try extractOne("theme=dark; usprivacy=1NYN")) == ["usprivacy=usp:1NYN"])
        #expect(signalSummary(try extractOne("euconsent-v2=\(Self.tcString)")) == ["euconsent-v2=tcf:\(Self.tcString)"])
        // A `Set-Cookie:` line sets its first pair; the rest are attributes.
        let set = try extractOne("set-cookie : usprivacy=1YNN; Path=/; Domain=.x.example; Secure; euconsent-v2=CO")
        #expect(signalSummary(set) == ["usprivacy=usp:1YNN"])
        // White space before the header name changes nothing: the line's attributes are still no cookies.
        let indented = try extractOne("  Set-Cookie: usprivacy=1YNN; Domain=1YYN")
        #expect(signalSummary(indented) == ["usprivacy=usp:1YNN"])
        let repeated = try extractOne("usprivacy=1YNN; usprivacy=1YYN")
        #expect(signalSummary(repeated) == ["usprivacy=usp:1YNN"])
        #expect(repeated.findings.map(\.code) == ["repeatedParameter"])
    }

    /// A line of a Netscape cookie file (`curl -c`) and a row of a browser's cookie table, fields separated by
    /// tabs: their consent cookie is read; both failed as strings that are no consent string.
    @Test func readsARowOfACookieTable() throws {
        let jar = ".example.com\tTRUE\t/\tTRUE\t1798000000\teuconsent-v2\t\(Self.tcString)"
        let fromJar = try extractOne(jar)
        #expect(fromJar.form == .cookies)
        #expect(signalSummary(fromJar) == ["euconsent-v2=tcf:\(Self.tcString)"])
        let row = "usprivacy\t1YNN\t.example.com\t/\t2026-07-01T10:00:00.000Z\t13\t\t\u{2713}\tLax"
        #expect(signalSummary(try extractOne(row)) == ["usprivacy=usp:1YNN"])
        // Another cookie of a jar holds no consent; tabs in other text make no table row.
        #expect((try? extractOne(".x.example\tFALSE\t/\tFALSE\t0\tsession\tabc")) == nil)
        #expect(Cookies.tableRow("\(Self.tcString)\t1YNN") == nil)
        #expect(Cookies.tableRow("usprivacy=1YNN") == nil)
    }

    @Test func cookiesWithoutAConsentStringFail() {
        let result = InputExtractor.extract("session=abc; theme=dark", io: .memory())
        #expect(throws: InputError.self) { try result.first?.result.get() }
        #expect((try? result.first?.result.get()) == nil)
        if case .failure(let error) = result.first?.result {
            #expect(error.code == "unknownFormat")
            #expect(error.message.hasPrefix("no consent string in the cookies (looked for euconsent-v2,"))
        }
    }

    /// What is not cookies stays what it was: URLs, query strings, bare strings, one query parameter.
    @Test func onlyCookiesAreReadAsCookies() throws {
        for text in [
            "https://x.example/?gdpr_consent=CO; a=b", "?a=b; c=d", "gdpr=1&us_privacy=1YNN", "us_privacy=1YNN",
            Self.tcString, "2~1.35~dv.9", "a=b", "my note; it=says things",
        ] {
            #expect(!Cookies.looks(like: text), "\(text)")
        }
        for text in ["Cookie: a=b", "a=b; c=d", "usprivacy=", "addtl_consent=2~1", "Set-Cookie:x=1"] {
            #expect(Cookies.looks(like: text), "\(text)")
        }
        #expect(try extractOne("us_privacy=1YNN").form == .queryString)
    }

    /// The command end to end: a cookie header in, one JSON object per string out, none about gpp_sid (cookies
    /// carry none, so its absence is no warning).
    @Test func decodePrintsTheStringsOfACookieHeader() throws {
        let result = run(["decode", "--json", "Cookie: usprivacy=1YNN; __gpp=DBABTA~1YN-"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""type":"usp""#) == true)
        #expect(lines.last?.contains(#""type":"gpp""#) == true)
        let text = run(["decode", "Cookie: __gpp=DBABTA~1YN-"])
        #expect(text.status == 0)
        #expect(!(text.output + text.error).contains("gppWithoutSectionIDs"))
        #expect(text.output.hasPrefix("cookies Cookie: __gpp=DBABTA~1YN-: 1 consent string"), "\(text.output)")
        // The same string in a URL without gpp_sid is warned about.
        #expect((run(["decode", "https://x.example/?gpp=DBABTA~1YN-"]).output).contains("gppWithoutSectionIDs"))
    }

    // MARK: HAR files

    /// The fixture: a page load (consent cookies in a `Cookie` header), a user sync with URL parameters and the
    /// same cookies as a list, a script (nothing), a Prebid call with an OpenRTB body, a form post.
    @Test func readsEachRequestOfAHARFileThatCarriesConsent() throws {
        let content = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("page.har")))
        let extractions = InputExtractor.extract(file: "page.har", content: Array(content))
        #expect(
            extractions.map(\.label) == [
                "@page.har:1 GET news.example/article", "@page.har:2 GET sync.example/px",
                "@page.har:4 POST prebid.example/openrtb2/auction", "@page.har:5 POST collect.example/e",
            ]
        )
        let inputs = try extractions.map { try $0.result.get() }
        #expect(inputs.map(\.form) == [.cookies, .url, .openRTB, .queryString])
        let tc = Self.tcString
        let core = String(tc.prefix { $0 != "." })
        #expect(
            inputs.map(signalSummary) == [
                ["euconsent-v2=tcf:\(tc)", "usprivacy=usp:1YNN"],
                // The same cookies again (as a list this time) are not read twice.
                ["gdpr_consent=tcf:\(core)", "gpp=gpp:DBABTA~1YNN"],
                ["user.consent=tcf:\(core)", "regs.gpp=gpp:DBABTA~1YNN"],
                ["us_privacy=usp:1YYN"],
            ]
        )
        #expect(inputs[1].gdprApplies?.text == "1")
        #expect(inputs[2].gppSectionIDs?.text == "6")
    }

    @Test func aHARFileWithoutConsentFailsOnce() throws {
        let har = #"{"log":{"entries":[{"request":{"method":"GET","url":"https://cdn.example/a.js?v=2"}},{}]}}"#
        let extractions = InputExtractor.extract(file: "quiet.har", content: Array(har.utf8))
        #expect(extractions.count == 1)
        #expect(
            throws: InputError(
                "unknownFormat",
                "no request of the HAR file carries consent (2 requests: URL parameters, OpenRTB bodies and cookies"
                    + " looked at)"
            )
        ) { try extractions.first?.result.get() }
        // A document whose first key is `log` but which is no HAR log is read as any other JSON document.
        let other = InputExtractor.extract(file: "x.json", content: Array(#"{"log": "x", "regs": {"gdpr": 0}}"#.utf8))
        #expect(try other.first?.result.get().form == .openRTB)
        #expect(HTTPArchive.looks(like: "\u{FEFF} {\n  \"log\": {"))
        #expect(!HTTPArchive.looks(like: #"{"regs": {"log": 1}}"#))
    }

    @Test func decodeReadsAHARFile() throws {
        let result = run(["decode", "--json", "@" + TestPaths.fixture("page.har")])
        #expect(result.status == 0, "\(result.error)")
        let types = try result.output.split(separator: "\n").map { try JSONValue(parsing: $0)["type"]?.stringValue }
        #expect(types == ["tcf", "usp", "tcf", "gpp", "tcf", "gpp", "usp"])
    }
}
