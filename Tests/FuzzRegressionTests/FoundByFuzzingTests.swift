import AdditionalConsent
import ConsentCore
import ConsentInput
import GPP
import TCF
import Testing
import _ConsentFuzzSupport

/// One test per bug the fuzzers found, with the input written out (the same bytes as its file in
/// `Fuzz/Regressions/`), so that the rule it broke has a name. A bug not fixed yet is a known issue here and is
/// listed in `Fuzz/Regressions/open.txt`; once it is fixed the known issue no longer occurs, and this test fails
/// until both marks are removed.
@Suite("Bugs found by fuzzing")
struct FoundByFuzzingTests {
    /// `Fuzz/Regressions/JSON-number-beyond-double`: ConsentCore's JSON parser read `2e616` as infinity, and
    /// the writer prints infinity as `null`, so the value did not survive `consent decode --json | consent
    /// encode`. Fixed: the parser rejects numbers beyond `Double` with `badJSON`.
    @Test("A JSON number beyond Double is rejected")
    func jsonNumberBeyondDoubleIsRejected() throws {
        let error = try #require(throws: ConsentError.self) { try JSONValue(parsing: "2e616") }
        #expect(error.code == .badJSON)
        #expect(error.characterOffset == 0)
    }

    /// `Fuzz/Regressions/RoundTrip-gpp-section-version-not-declared`: a usnat section built with Version 6 (no
    /// layout has it) was accepted by `set` and written by the encoder, but its own decoder refused the string
    /// with `badVersion`. Fixed: `set("version", ...)` takes only a Version the decoder accepts, and since
    /// 2026-12-02 refuses the others as the decoder does, `badVersion` (it was `valueOutOfRange`).
    @Test("A GPP section Version without a layout is refused when set, never written")
    func gppSectionVersionWithoutLayoutIsRefused() throws {
        var section = GPPFieldSection(.usNational)
        let error = try #require(throws: ConsentError.self) { try section.set("version", to: .integer(6)) }
        #expect(error.code == .badVersion && error.value == 6)
        #expect(error.field.description == "version")
        try section.set("version", to: .integer(1))
        let text = try GPPString(sections: [.fields(section)]).encoded()
        #expect(try GPPString(encoded: text).sections.first?.fieldSection?.integer("version") == 1)
        var state = GPPFieldSection(.usVirginia)
        #expect(throws: ConsentError.self) { try state.set("version", to: .integer(2)) }
    }

    /// `Fuzz/Regressions/TCString-unknown-segment-in-bare-json` (a fault of the invariant, not of the codec): a
    /// TC string with an unknown segment type (`_8ATg`, type 7) keeps the segment through `encoding` only, so its
    /// JSON without `encoding` means the same but writes the string without that segment.
    @Test("An unknown TC string segment lives in encoding: the bare JSON keeps the meaning")
    func unknownSegmentIsEncodingDetail() throws {
        let text = "CQi298AQi298AAfAJCSVA_EsAP_gAEPgACQgCHQBwAfgB0AEEAIkAUQAwwCHAHvAGABaAEMALQAkwB6AD3AA._8ATg"
        let value = try TCFString(encoded: text)
        let bare = try TCFString(json: value.jsonValue().removingKey("encoding"))
        #expect(bare.jsonValue().removingKey("encoding") == value.jsonValue().removingKey("encoding"))
        #expect(try value.encoded() == text)
        #expect(FuzzTarget.tcString.check(Array("\u{0}\(text)".utf8)) == nil)
    }

    /// `Fuzz/Regressions/GPP-strict-policyViolation-before-truncated` (found by the ConsentKit target): strict
    /// decoding checks the policy of section 2 (IsServiceSpecific 0) while decoding, so it throws
    /// `policyViolation` before reaching section 5, whose vendor field is cut short; lenient decoding fails with
    /// `truncated`. Fixed: strict decoding decodes the whole string leniently first, so a string that cannot
    /// be decoded fails with its structural error in strict mode too.
    @Test("Strict decoding of a string that cannot be decoded fails with the structural error, not policyViolation")
    func strictDecodingReportsStructureFirst() throws {
        let text = try #require(FuzzFiles.regressionText("GPP-strict-policyViolation-before-truncated"))
        var strict = DecodingOptions.strict
        strict.maxSections = Int.max
        let error = try #require(throws: ConsentError.self) { try GPPString(encoded: text, options: strict) }
        #expect(error.code == .truncated)
        var lenient = strict
        lenient.strict = false
        let lenientError = try #require(throws: ConsentError.self) { try GPPString(encoded: text, options: lenient) }
        #expect(lenientError == error)
    }

    /// `Fuzz/Regressions/InputExtraction-crlf-text-file` (found while writing the InputExtraction invariants, before
    /// the fuzzer ran): an `@FILE` text file was split on the Character "\n", which "\r\n" is not (the pair is one
    /// Character), so a file with Windows line ends was read as one input and failed. Fixed: a line ends at "\n"
    /// or "\r\n".
    @Test("A text file with CRLF line ends gives one input per line")
    func crlfTextFileGivesOneInputPerLine() throws {
        let text = try #require(FuzzFiles.regressionText("InputExtraction-crlf-text-file"))
        #expect(text == "1YNN\r\n1YYN\r\n")
        let extractions = InputExtractor.extract(file: "list.txt", content: Array(text.utf8))
        #expect(extractions.map(\.label) == ["@list.txt:1", "@list.txt:2"])
        #expect(try extractions.map { try $0.result.get().signals.map(\.text) } == [["1YNN"], ["1YYN"]])
        #expect(FuzzTarget.inputExtraction.check([0] + Array(text.utf8)) == nil)
    }

    /// `Fuzz/Regressions/InputExtraction-host-header-with-a-query` (CI's InputExtraction run, seed 1, on the first
    /// day HTTP requests were read): an HTTP request whose `Host` held a URL with a query (`x.exa...\0https://
    /// ads.example/bid?gdpr=1&gdpr_consent=CQ...`) was read as `https://` + host + target, so the last parameter of
    /// the host ran on into the target: `gdpr_consent` was `CQ...mple/opeAAAAnrtb21/auction`, text the input does not
    /// hold. Fixed: only a host name (letters, digits, `-._:[]`) is put in front of the target.
    @Test("An HTTP request's Host that holds a query makes no parameter")
    func hostHeaderWithAQueryMakesNoParameter() throws {
        let text = try #require(FuzzFiles.regressionText("InputExtraction-host-header-with-a-query"))
        #expect(text.hasPrefix("POST /opeAAAAnrtb21/auction HTTP/1.1\r\nHost: x.exa"))
        #expect(FuzzTarget.inputExtraction.check([0] + Array(text.utf8)) == nil)
        let request = try #require(
            RawHTTPRequest.request("GET /auction HTTP/1.1\nHost: x.example/bid?us_privacy=1YNN\n")
        )
        #expect(request.url == "/auction")
        let port = try #require(RawHTTPRequest.request("GET /px?gdpr=0 HTTP/1.1\nHost: [::1]:8080\n"))
        #expect(port.url == "https://[::1]:8080/px?gdpr=0")
    }
    /// `Fuzz/Regressions/InputExtraction-curl-line-of-a-text-file` (InputExtraction target, a random seed, on the
    /// 2026-12-01 code): a text file whose first line is no curl command is read line by line, and a later line that
    /// is one is read as a curl command, as it would be inline. Its word `'Cookie: usprivacy=1YNN'N` is, as in a
    /// shell, the quoted part and the `N` after it: the cookie is `1YNNN`. The tool was right; the invariant looked
    /// for `1YNNN` in the file's raw text, where a quote stands between. Fixed in the invariant: such a line is
    /// checked against its request, as an inline input is.
    @Test("A curl command on a line of a text file is read as a shell reads it")
    func curlCommandOnALineOfATextFile() throws {
        let text = try #require(FuzzFiles.regressionText("InputExtraction-curl-line-of-a-text-file"))
        let extractions = InputExtractor.extract(file: "list.txt", content: Array(text.utf8))
        #expect(extractions.map(\.label) == ["@list.txt:1", "@list.txt:2: curl GET x.example/a"])
        let cookie = try #require(try extractions[1].result.get().signals.first)
        #expect(cookie.source == "usprivacy" && cookie.text == "1YNNN")
        #expect(FuzzTarget.inputExtraction.check([0] + Array(text.utf8)) == nil)
    }

    /// `Fuzz/Regressions/ConsentKit-json-encoding-text-past-default-caps` (ConsentKit target, seed 4410): a GPP string
    /// whose usva section has 17 parts, decoded with raised caps, lost that section's text through its JSON form
    /// (the reader checked the recorded text with the default caps, 16 parts, and wrote the section canonically).
    /// Fixed: a JSON form's `encoding` record is read back with ``DecodingOptions/withoutSizeLimits``, in every
    /// format (an AC string longer than the default 100,000 characters below).
    @Test("A text decoded with raised caps survives its JSON form")
    func encodingRecordsAreReadWithoutSizeLimits() throws {
        let text = try #require(FuzzFiles.regressionText("ConsentKit-json-encoding-text-past-default-caps"))
        var raised = DecodingOptions()
        raised.maxSegments = 64
        let value = try GPPString(encoded: text, options: raised)
        #expect(try GPPString(json: value.jsonValue()).encoded() == text)
        // The file's option byte, 0xFB, raises the caps the target decodes with.
        #expect(FuzzTarget.consentKit.check([0xFB] + Array(text.utf8)) == nil)
        let long = "2~" + (1...20_000).map(String.init).joined(separator: ".") + "~dv."
        raised.maxInputLength = 200_000
        let ac = try AdditionalConsentString(encoded: long, options: raised)
        #expect(long.utf8.count > DecodingOptions().maxInputLength)
        #expect(try AdditionalConsentString(json: ac.jsonValue()).encoded() == long)
    }
}
