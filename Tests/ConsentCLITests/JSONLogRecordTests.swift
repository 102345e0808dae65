import ConsentCore
import ConsentInput
import Testing

@testable import ConsentCLI

/// A log record written as one JSON object that says what a request carried in its members (``JSONLogRecord``):
/// each place is an input, named from the record.
@Suite struct JSONLogRecordTests {
    static let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    static let bidRequest =
        #"{"id":"r1","regs":{"ext":{"gdpr":1,"us_privacy":"1YNN"}},"user":{"ext":{"consent":"\#(tcString)"}}}"#

    /// The inputs of `record` read inline, as their signal summaries.
    private func places(_ record: String) throws -> [[String]] {
        try InputExtractor.extract(inline: record, label: nil).map { try signalSummary($0.result.get()) }
    }

    @Test func aRequestLoggedAsAMemberIsReadWithItsPathFromTheRecord() throws {
        let record = #"{"ts":"2026-12-02T10:00:00Z","topic":"bids","request":\#(Self.bidRequest),"status":204}"#
        let input = try extractOne(record)
        #expect(input.form == .openRTB)
        #expect(
            signalSummary(input) == [
                "request.user.ext.consent=tcf:\(Self.tcString)", "request.regs.ext.us_privacy=usp:1YNN",
            ]
        )
        #expect(input.gdprApplies == ExtractedInput.Flag(source: "request.regs.ext.gdpr", text: "1"))
        // Written as JSON text in a string (a Kafka payload logged as it came), the same.
        let escaped = JSONValue.string(Self.bidRequest).serialized()
        let textRecord = #"{"ts":"2026-12-02T10:00:00Z","payload":{"bid_request":\#(escaped)}}"#
        #expect(
            try places(textRecord) == [
                [
                    "payload.bid_request.user.ext.consent=tcf:\(Self.tcString)",
                    "payload.bid_request.regs.ext.us_privacy=usp:1YNN",
                ]
            ]
        )
    }

    @Test func aURLARequestLineAndCookiesInMembersAreEachAPlace() throws {
        // An ELK record: the URL twice (the message and url.original) is one place; the cookies are another.
        let query = "gdpr=1&gdpr_consent=\(Self.tcString)&gpp=DBABTA~1YNN&gpp_sid=6"
        let record = """
            {"@timestamp":"2026-12-02T10:00:00.000Z","message":"GET /px?\(query) HTTP/1.1",\
            "url":{"original":"/px?\(query)"},"http":{"request":{"headers":{"Cookie":"a=1; addtl_consent=2~1.35~dv.9"}}}}
            """
        let extractions = InputExtractor.extract(inline: record, label: "line 1")
        #expect(extractions.map(\.label) == ["line 1", "line 1"])
        #expect(extractions.map(\.part) == [0, 1])
        let inputs = try extractions.map { try $0.result.get() }
        #expect(inputs.map(\.form) == [.queryString, .cookies])
        #expect(
            inputs.map(signalSummary) == [
                ["gdpr_consent=tcf:\(Self.tcString)", "gpp=gpp:DBABTA~1YNN"], ["addtl_consent=ac:2~1.35~dv.9"],
            ]
        )
        // Each place lists the other, where the cross-checks look: the AC cookie is not without a TC string.
        #expect(inputs[1].otherPlaces == [inputs[0].withoutOtherPlaces])
        let lint = run(["lint", "--json", record])
        #expect(!lint.output.contains("additionalConsentWithoutTCString"))
    }

    @Test func consentParametersAsMembersAreReadAsTheURLsAre() throws {
        let record = #"{"ts":1,"gdpr":1,"gdpr_consent":"\#(Self.tcString)","gpp_sid":[2,6],"us_privacy":"1YNN"}"#
        let input = try extractOne(record)
        #expect(input.form == .logRecord)
        #expect(signalSummary(input) == ["gdpr_consent=tcf:\(Self.tcString)", "us_privacy=usp:1YNN"])
        #expect(input.gdprApplies == ExtractedInput.Flag(source: "gdpr", text: "1"))
        #expect(input.gppSectionIDs == ExtractedInput.Flag(source: "gpp_sid", text: "2,6"))
        // Nested, they are named by their path; an empty one and an unreplaced macro are said so; null is absent.
        let nested = #"{"query":{"gdpr_consent":"","us_privacy":null,"gpp":"${GPP_STRING}","addtl_consent":"2~1~dv."}}"#
        let findings = try extractOne(nested)
        #expect(signalSummary(findings) == ["query.addtl_consent=ac:2~1~dv."])
        #expect(findings.findings.map(\.code) == ["emptyParameter", "unexpandedMacro"])
        #expect(findings.findings.map(\.field) == ["query.gdpr_consent", "query.gpp"])
    }

    /// A member that repeats what the URL says (a log that writes the parameters it parsed beside the URL) is no
    /// second place: the string is decoded once.
    @Test func aPlaceThatSaysNothingNewCountsOnce() throws {
        let record = """
            {"url":"https://ads.example/bid?gdpr=1&gdpr_consent=\(Self.tcString)","gdpr_consent":"\(Self.tcString)",\
            "gdpr":1}
            """
        #expect(try places(record) == [["gdpr_consent=tcf:\(Self.tcString)"]])
        // One that says more is a place of its own.
        let more = #"{"url":"https://ads.example/bid?gdpr_consent=\#(Self.tcString)","us_privacy":"1YNN"}"#
        #expect(try places(more) == [["us_privacy=usp:1YNN"], ["gdpr_consent=tcf:\(Self.tcString)"]])
    }

    /// Prebid.js's `bidderRequest` (as its debug log and the console print it) and a logged `TCData` name the same
    /// things otherwise: `gdprConsent.consentString`, `uspConsent`, `gppConsent.gppString` and `applicableSections`.
    @Test func prebidsAndTheCMPAPIsNamesAreReadAsTheParametersTheyStandFor() throws {
        let bidderRequest = """
            {"bidderCode":"appnexus","auctionId":"a1","gdprConsent":{"consentString":"\(Self.tcString)",\
            "gdprApplies":true,"addtlConsent":"2~1.35~dv.9","apiVersion":2},"uspConsent":"1YNN",\
            "gppConsent":{"gppString":"DBABTA~1YNN","applicableSections":[6]}}
            """
        let inputs = try InputExtractor.extract(inline: bidderRequest, label: nil).map { try $0.result.get() }
        #expect(
            inputs.map(signalSummary) == [
                ["uspConsent=usp:1YNN"],
                ["gdprConsent.consentString=tcf:\(Self.tcString)", "gdprConsent.addtlConsent=ac:2~1.35~dv.9"],
                ["gppConsent.gppString=gpp:DBABTA~1YNN"],
            ]
        )
        #expect(inputs[1].gdprApplies == ExtractedInput.Flag(source: "gdprConsent.gdprApplies", text: "1"))
        #expect(inputs[2].gppSectionIDs == ExtractedInput.Flag(source: "gppConsent.applicableSections", text: "6"))
        // A CMP API's [-1] says that no section applies: no gpp_sid to check the header against.
        let none = try extractOne(#"{"event":"x","data":{"gppString":"DBABTA~1YNN","applicableSections":[-1]}}"#)
        #expect(none.gppSectionIDs == nil)
        #expect(run(["lint", "--json", bidderRequest]).output.split(separator: "\n").count == 3)
    }

    /// What a code review found: members named as a bid request's are no bid request unless they are objects,
    /// a bid request without consent does not hide the record's other places, a member named for cookies may hold a
    /// URL, a record in JSON quotes keeps all its places, and the same place found in either order counts once.
    @Test func aRecordIsReadWhateverItsOtherMembersAre() throws {
        let url = "https://x.example/?gdpr=1&gdpr_consent=\(Self.tcString)"
        let expected = [["gdpr_consent=tcf:\(Self.tcString)"]]
        #expect(try places(#"{"ts":1,"user":"u1","url":"\#(url)"}"#) == expected)
        #expect(try places(#"{"ts":1,"user":{"id":"u1"},"url":"\#(url)"}"#) == expected)
        #expect(try places(#"{"cookie_sync_url":"\#(url)"}"#) == expected)
        let record = #"{"url":"\#(url)","cookie":"usprivacy=1YNN"}"#
        let quoted = JSONValue.string(record).serialized()
        #expect(try places(quoted) == (try places(record)))
        #expect(try places(record).count == 2)
        let wider = "\(url)&us_privacy=1YNN"
        let narrowFirst = try places(#"{"a":"\#(url)","b":"\#(wider)"}"#)
        #expect(try narrowFirst == places(#"{"b":"\#(wider)","a":"\#(url)"}"#))
        #expect(narrowFirst.count == 1)
    }

    /// A parameter given under two names says both; a finding of one place is not lost for another that has the
    /// same strings; a record of many places reads the first eight, and says so.
    @Test func repeatsFindingsAndTooManyPlacesAreSaid() throws {
        let repeated = try extractOne(#"{"r":{"tcString":"\#(Self.tcString)","gdpr_consent":"COx"}}"#)
        #expect(
            repeated.findings.map(\.message) == [
                "r.gdpr_consent gives gdpr_consent again after r.tcString; the first one is used"
            ]
        )
        let findings = try InputExtractor.extract(
            inline:
                #"{"url":"https://x.example/?us_privacy=1YNN&addtl_consent=","q":{"us_privacy":"1YNN","addtl_consent":""}}"#,
            label: nil
        ).map { try $0.result.get().findings.map(\.field) }
        #expect(findings.flatMap { $0 }.contains("q.addtl_consent"))
        let many =
            "{"
            + (1...12).map { #""k\#($0)":"?us_privacy=1YN\#($0 % 2 == 0 ? "N" : "Y")&gdpr=\#($0)""# }
            .joined(separator: ",") + "}"
        let inputs = try InputExtractor.extract(inline: many, label: nil).map { try $0.result.get() }
        #expect(inputs.count == 8)
        #expect(inputs.first?.findings.contains { $0.code == "tooManyPlaces" } == true)
    }

    @Test func aRecordWithoutConsentSaysWhatWasLookedFor() {
        let result = run(["decode", #"{"ts":1,"url":"https://cdn.example/app.js?v=3","user_agent":"curl/8"}"#])
        #expect(result.status != 0)
        #expect(result.error.contains("nor a log record with"))
    }

    @Test func aFileOfJSONLinesHasItsRecordsReadLineByLine() throws {
        let lines = [
            #"{"ts":1,"request":\#(Self.bidRequest)}"#,
            #"{"ts":2,"url":"https://ads.example/bid?us_privacy=1YNY","cookie":"euconsent-v2=\#(Self.tcString)"}"#,
        ]
        let extractions = InputExtractor.extract(file: "bids.jsonl", content: Array(lines.joined(separator: "\n").utf8))
        #expect(extractions.map(\.label) == ["@bids.jsonl:1", "@bids.jsonl:2", "@bids.jsonl:2"])
        #expect(try extractions.map { try $0.result.get().form } == [.openRTB, .url, .cookies])
        // One record alone in a file, over several lines, is read whole.
        let pretty = "{\n  \"ts\": 1,\n  \"request\": \(Self.bidRequest)\n}\n"
        let whole = InputExtractor.extract(file: "one.json", content: Array(pretty.utf8))
        #expect(
            try whole.map { try signalSummary($0.result.get()) }.first?.first
                == "request.user.ext.consent=tcf:\(Self.tcString)"
        )
        // decode --json prints one object a string, each found where the record holds it.
        let decoded = run(["decode", "--json", "@-"], input: lines[1])
        #expect(decoded.status == 0)
        #expect(
            decoded.output.split(separator: "\n").map { try? JSONValue(parsing: String($0))["type"]?.stringValue } == [
                "usp", "tcf",
            ]
        )
    }
}

extension ExtractedInput {
    /// The input without its list of other places (as it stands in another place's list).
    fileprivate var withoutOtherPlaces: ExtractedInput {
        var copy = self
        copy.otherPlaces = []
        return copy
    }
}
