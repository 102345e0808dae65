import ConsentInput
import ConsentKit
import Testing

@testable import ConsentCLI

/// Requests written as HTTP messages, as proxies copy them and browsers show their raw request headers.
@Suite struct RawHTTPRequestTests {
    static let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"

    /// What Burp or mitmproxy copies: CRLF line ends, two Cookie headers, a body after the blank line.
    static let prebidCall =
        "POST /openrtb2/auction HTTP/1.1\r\nHost: prebid.example\r\nCookie: usprivacy=1YNN\r\n"
        + "Content-Type: application/json\r\ncookie: euconsent-v2=\(tcString)\r\n\r\n"
        + #"{"regs":{"gdpr":1,"gpp":"DBABTA~1YNN","gpp_sid":[6]},"user":{"consent":"\#(tcString)"}}"#

    @Test func readsTheRequestLineHeadersAndBody() throws {
        let request = try #require(RawHTTPRequest.request(Self.prebidCall))
        #expect(request.method == "POST")
        #expect(request.url == "https://prebid.example/openrtb2/auction")
        #expect(request.cookies == "usprivacy=1YNN; euconsent-v2=\(Self.tcString)")
        #expect(request.body?.hasPrefix(#"{"regs":{"gdpr":1,"#) == true)
        // The body is kept as written, its own line breaks included.
        let form = try #require(RawHTTPRequest.request("POST /e HTTP/1.1\nHost: x\n\na=1\r\nb=2\n"))
        #expect(form.body == "a=1\r\nb=2\n")
        // A target in absolute form is the URL itself.
        let absolute = try #require(RawHTTPRequest.request("GET https://y.example/px?gdpr=0 HTTP/1.1\nHost: x\n"))
        #expect(absolute.url == "https://y.example/px?gdpr=0")
        #expect(absolute.body == nil)
    }

    /// How a browser shows an HTTP/2 request's raw headers: pseudo-headers in place of the request line.
    @Test func readsHTTP2PseudoHeaders() throws {
        let text = ":authority: sync.example\n:method: GET\n:path: /px?gpp=DBABTA~1YNN&gpp_sid=6\n:scheme: https\n"
        let request = try #require(RawHTTPRequest.request(text))
        #expect(request.method == "GET")
        #expect(request.url == "https://sync.example/px?gpp=DBABTA~1YNN&gpp_sid=6")
        #expect(request.summary == "GET sync.example/px")
    }

    @Test func onlyRequestsOfSeveralLinesAreRead() {
        // One line is a URL among words (an access log), read as such; the rest are no request.
        for text in [
            "GET /px?us_privacy=1YNN HTTP/1.1", "get /px HTTP/1.1\nHost: x", "GET /px\nHost: x",
            "1YNN\n1YYN", "GET /a b HTTP/1.1\nHost: x",
        ] {
            #expect(!RawHTTPRequest.looks(like: text), "\(text)")
        }
        #expect(RawHTTPRequest.looks(like: "\n\nDELETE /x HTTP/2\nHost: x"))
    }

    /// Each place of a request is an input of its own, but the TC or GPP string or the `gpp_sid` of another place
    /// counts as there: an AC cookie beside a TC string in the body was `additionalConsentWithoutTCString`, and a
    /// `gpp_sid` in the URL beside a GPP string in the body was both `sectionIDsWithoutGPP` and, in the body,
    /// `gppWithoutSectionIDs`. Checks that compare strings still need both in one place.
    @Test func theChecksOfOnePlaceLookInTheOtherPlacesOfTheRequest() throws {
        // The codes of each place's findings, but those of the TC string itself.
        func codes(_ request: String) throws -> [[String]] {
            let ofTheString: Set<String> = ["policyVersionOutdated", "disclosedVendorsMissing"]
            var result: [[String]] = []
            for line in run(["lint", "--json", request]).output.split(separator: "\n") {
                let diagnostics = try JSONValue(parsing: String(line))["diagnostics"]?.arrayValue ?? []
                let codes: [String] = diagnostics.compactMap { $0["code"]?.stringValue }
                result.append(codes.filter { !ofTheString.contains($0) })
            }
            return result
        }
        let head = "POST /openrtb2/auction?debug=1 HTTP/1.1\nHost: prebid.example\n"
        let body = #"{"regs":{"ext":{"gdpr":1}},"user":{"ext":{"consent":"\#(Self.tcString)"}}}"#
        let acCookie = "Cookie: addtl_consent=2~1.35~dv.9\n"
        #expect(try codes(head + acCookie + "\n" + body) == [[], []])
        // With no TC string anywhere in the request, the AC cookie is still alone.
        let uspBody = #"{"regs":{"us_privacy":"1YNN"}}"#
        #expect(try codes(head + acCookie + "\n" + uspBody) == [[], ["additionalConsentWithoutTCString"]])
        // gpp_sid in the URL is checked against the body's GPP string: section 2 is not in it.
        let gppBody = #"{"regs":{"gpp":"DBABTA~1YNN"}}"#
        let sid = "POST /openrtb2/auction?gpp_sid=6 HTTP/1.1\nHost: prebid.example\n"
        #expect(try codes(sid + "\n" + gppBody + "\n").allSatisfy(\.isEmpty))
        let wrongSID = "POST /openrtb2/auction?gpp_sid=2,6 HTTP/1.1\nHost: prebid.example\n"
        #expect(try codes(wrongSID + "\n" + gppBody + "\n").flatMap { $0 } == ["gppSIDNotInString"])
        // A place without a GPP string is not one without gpp_sid, though another place has a GPP string.
        let gppCookie = "Cookie: __gpp=DBABTA~1YNN; __gpp_sid=6\n"
        #expect(try codes(head + gppCookie + "\n" + body).allSatisfy(\.isEmpty))
    }

    @Test func eachPlaceThatCarriesConsentIsAnInput() throws {
        let extractions = InputExtractor.extract(inline: Self.prebidCall, label: nil)
        #expect(extractions.map(\.label) == Array(repeating: "HTTP POST prebid.example/openrtb2/auction", count: 2))
        let inputs = try extractions.map { try $0.result.get() }
        #expect(
            inputs.map(signalSummary) == [
                ["user.consent=tcf:\(Self.tcString)", "regs.gpp=gpp:DBABTA~1YNN"],
                ["usprivacy=usp:1YNN", "euconsent-v2=tcf:\(Self.tcString)"],
            ]
        )
        let quiet = InputExtractor.extract(inline: "GET /app.js HTTP/1.1\nHost: cdn.example\n", label: nil)
        #expect(
            throws: InputError(
                "unknownFormat",
                "the HTTP request carries no consent (URL parameters, body and cookies looked at)"
            )
        ) { try quiet.first?.result.get() }
    }

    /// A file holding one request is one input, whatever its lines, rather than a line of text each.
    @Test func aFileHoldingARequestIsOneRequest() throws {
        let extractions = InputExtractor.extract(file: "call.http", content: Array(Self.prebidCall.utf8))
        #expect(extractions.count == 2)
        #expect(extractions.allSatisfy { $0.label == "@call.http: HTTP POST prebid.example/openrtb2/auction" })
        let result = run(["decode", "--field", "cmpId", Self.prebidCall])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.split(separator: "\n").count == 4)
    }
}
