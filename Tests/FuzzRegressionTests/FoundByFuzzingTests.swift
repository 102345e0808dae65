import ConsentCore
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
    /// layout has it) is accepted by `set` and written by the encoder, but its own decoder refuses the string
    /// with `badVersion`. Open (GPP, #4): `set("version", ...)` or the encoder should refuse it with
    /// `valueOutOfRange`, as for any value a field cannot hold.
    @Test("A GPP section Version without a layout is refused when set or encoded, never written")
    func gppSectionVersionWithoutLayoutIsRefused() {
        withKnownIssue("usnat Version 6 encodes, then fails to decode (GPP, #4)") {
            do throws(ConsentError) {
                var section = GPPFieldSection(.usNational)
                try section.set("version", to: .integer(6))
                let text = try GPPString(sections: [.fields(section)]).encoded()
                _ = try GPPString(encoded: text)
            } catch {
                #expect(error.code == .valueOutOfRange)
            }
        }
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
}
