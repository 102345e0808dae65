import ConsentCore
import ConsentInput
import ConsentTestSupport
import Foundation
import Testing

@testable import ConsentCLI

@Suite struct InputExtractorTests {
    static let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    static let gppString = "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"

    @Test func bareStringsAreSignalsOfUnknownKind() throws {
        for text in [Self.tcString, Self.gppString, "1YNN", "2~1.35~dv.9", "CA==", "COx.IAB="] {
            let input = try extractOne(text)
            #expect(input.form == .string)
            #expect(input.signals == [ConsentSignal(source: nil, text: text, kind: nil)])
        }
    }

    @Test func paddingIsNotAQueryParameter() {
        #expect(InputExtractor.isBareString("COrEAV4OrXx94ACABBENAHCIAD-A.cAAAAAAAITg="))
        #expect(!InputExtractor.isBareString("gdpr=1"))
        #expect(!InputExtractor.isBareString("CO=A"))
        #expect(!QueryString.looks(like: "COrEAV4OrXx94ACA=="))
        #expect(QueryString.looks(like: "gdpr_consent=CO"))
        #expect(QueryString.looks(like: "x=1&y=2"))
    }

    @Test func readsEveryConsentParameterOfAURL() throws {
        let url =
            "https://ads.example/bid?w=300&gdpr=1&gdpr_consent=\(Self.tcString)&gpp=DBACNY%7ECPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA%7E1YNN"
            + "&gpp_sid=2%2C6&us_privacy=1YNN&addtl_consent=2~1.35.41~dv.9.21#top"
        let input = try extractOne(url)
        #expect(input.form == .url)
        #expect(
            signalSummary(input) == [
                "gdpr_consent=tcf:\(Self.tcString)", "gpp=gpp:\(Self.gppString)", "us_privacy=usp:1YNN",
                "addtl_consent=ac:2~1.35.41~dv.9.21",
            ]
        )
        #expect(input.gdprApplies == ExtractedInput.Flag(source: "gdpr", text: "1"))
        #expect(input.gppSectionIDs == ExtractedInput.Flag(source: "gpp_sid", text: "2,6"))
        #expect(input.findings.isEmpty)
    }

    @Test func readsQueryStringWithoutURL() throws {
        let input = try extractOne("?us_privacy=1YNN&gdpr=0")
        #expect(input.form == .queryString)
        #expect(signalSummary(input) == ["us_privacy=usp:1YNN"])
        #expect(try extractOne("us_privacy=1NYN").signals.map(\.text) == ["1NYN"])
    }

    /// A macro's name has letters (`${GDPR_CONSENT_755}`, `[GDPR_CONSENT]`, `{gpp}`); `[6]` or `[2,6]` is a JSON
    /// array pasted into a URL, reported as bad section ids rather than as a macro.
    @Test func tellsMacrosFromPastedArrays() {
        for macro in ["${GDPR_CONSENT_755}", "[GDPR_CONSENT]", "[gpp_sid]", "{gpp}", "%%GDPR%%"] {
            #expect(QueryString.isUnexpandedMacro(macro), "\(macro)")
        }
        for value in ["[6]", "[2,6]", "[2, 6]", "[]", "6", "CQSbk4A"] {
            #expect(!QueryString.isUnexpandedMacro(value), "\(value)")
        }
    }

    @Test func reportsUnexpandedMacrosEmptyAndRepeatedParameters() throws {
        let input = try extractOne("gdpr=1&gdpr_consent=${GDPR_CONSENT_755}&us_privacy=&gpp_sid=7&gpp_sid=8")
        #expect(input.signals.isEmpty)
        #expect(input.findings.map(\.code) == ["unexpandedMacro", "emptyParameter", "repeatedParameter"])
        #expect(input.findings.first?.severity == .error)
        #expect(input.gppSectionIDs?.text == "7")
    }

    @Test func urlWithoutConsentParametersFails() {
        let result = InputExtractor.extract("https://example.com/page?x=1", io: .memory())
        #expect(throws: InputError.self) { try result.first?.result.get() }
        #expect(throws: InputError.self) {
            try InputExtractor.extract("https://example.com/", io: .memory()).first?.result.get()
        }
    }

    /// A user-sync or redirect URL carries the partner's URL percent-encoded, as a parameter's value or as the whole
    /// query: its parameters are read when the outer URL has none, with a note saying where they came from.
    @Test func readsTheURLCarriedInsideAURL() throws {
        let inner = "https://sync.example/px?gdpr=1&gdpr_consent=\(Self.tcString)&gpp_sid=2"
        let encoded = percentEncodedForQuery(inner)
        let asValue = try extractOne("https://ads.example/setuid?partner=7&redir=\(encoded)")
        #expect(asValue.form == .url)
        #expect(signalSummary(asValue) == ["gdpr_consent=tcf:\(Self.tcString)"])
        #expect(asValue.gdprApplies == ExtractedInput.Flag(source: "gdpr", text: "1"))
        #expect(asValue.gppSectionIDs == ExtractedInput.Flag(source: "gpp_sid", text: "2"))
        #expect(asValue.findings.map(\.code) == ["nestedURL"])
        #expect(asValue.findings.first?.field == "redir")
        #expect(asValue.findings.first?.severity == .info)

        let asQuery = try extractOne("https://ads.example/getuid?\(encoded)")
        #expect(signalSummary(asQuery) == ["gdpr_consent=tcf:\(Self.tcString)"])
        #expect(asQuery.findings.map(\.code) == ["nestedURL"])

        // Encoded twice (a redirect inside a redirect) is read too.
        let twice = try extractOne(
            "https://a.example/r?u=" + percentEncodedForQuery("https://b.example/r?u=\(encoded)")
        )
        #expect(signalSummary(twice) == ["gdpr_consent=tcf:\(Self.tcString)"])

        // The outer URL's own parameters win: the carried URL is not read then.
        let own = try extractOne("https://ads.example/setuid?us_privacy=1YNN&redir=\(encoded)")
        #expect(signalSummary(own) == ["us_privacy=usp:1YNN"])
        #expect(own.findings.isEmpty)

        // A carried URL without consent parameters leaves the input without any.
        #expect(throws: InputError.self) {
            try extractOne("https://ads.example/setuid?redir=" + percentEncodedForQuery("https://b.example/?x=1"))
        }
    }
    @Test func percentDecodesAndKeepsPlus() {
        #expect(QueryString.percentDecoded("DBABM%7ECP%2b%zz%4") == "DBABM~CP+%zz%4")
        #expect(QueryString.percentDecoded("a+b") == "a+b")
    }

    @Test func readsOpenRTB26Request() throws {
        let input = try extractOne("@" + TestPaths.fixture("openrtb-2.6.json"))
        #expect(input.form == .openRTB)
        #expect(
            signalSummary(input) == [
                "user.consent=tcf:\(Self.tcString)", "regs.gpp=gpp:\(Self.gppString)", "regs.us_privacy=usp:1YNN",
                "user.ext.ConsentedProvidersSettings.consented_providers=ac:2~1.35.41~dv.9.21",
            ]
        )
        #expect(input.gdprApplies?.text == "1")
        #expect(input.gppSectionIDs == ExtractedInput.Flag(source: "regs.gpp_sid", text: "2,6"))
    }

    /// An empty 2.6 field says nothing: the string in the 2.5 place is read, with a warning on the empty one (the
    /// request was said to carry no TC string at all).
    @Test func anEmptyOpenRTB26FieldGivesWayToTheExtension() throws {
        let input = try extractOne(#"{"regs":{"gdpr":1},"user":{"consent":"","ext":{"consent":"\#(Self.tcString)"}}}"#)
        #expect(signalSummary(input) == ["user.ext.consent=tcf:\(Self.tcString)"])
        #expect(input.findings.map(\.code) == ["emptyParameter"])
        #expect(input.findings.map(\.field) == ["user.consent"])
        let both = try extractOne(#"{"user":{"consent":"CO","ext":{"consent":""}}}"#)
        #expect(signalSummary(both) == ["user.consent=tcf:CO"])
        #expect(both.findings.map(\.code) == ["conflictingFields"])
    }

    @Test func readsOpenRTB25ExtensionFields() throws {
        let input = try extractOne("@" + TestPaths.fixture("openrtb-2.5.json"))
        #expect(signalSummary(input) == ["user.ext.consent=tcf:\(Self.tcString)", "regs.ext.us_privacy=usp:1YNN"])
        #expect(input.gdprApplies == ExtractedInput.Flag(source: "regs.ext.gdpr", text: "1"))
    }

    /// GPP in the places OpenRTB 2.5 requests carry it (Prebid.js adapters write `regs.ext.gpp`); the 2.6 fields
    /// win when both are there, with a warning when they differ.
    @Test func readsGPPFromTheOpenRTB25Extension() throws {
        let request = #"{"regs":{"ext":{"gpp":"\#(Self.gppString)","gpp_sid":[2,6]}}}"#
        let input = try extractOne(request)
        #expect(signalSummary(input) == ["regs.ext.gpp=gpp:\(Self.gppString)"])
        #expect(input.gppSectionIDs == ExtractedInput.Flag(source: "regs.ext.gpp_sid", text: "2,6"))
        let both = try extractOne(
            #"{"regs":{"gpp":"DBABTA~1YNN","gpp_sid":[6],"ext":{"gpp":"DBABTA~1YYN","gpp_sid":[6]}}}"#
        )
        #expect(signalSummary(both) == ["regs.gpp=gpp:DBABTA~1YNN"])
        #expect(both.findings.map(\.code) == ["conflictingFields"])
        #expect(both.findings.map(\.field) == ["regs.ext.gpp"])
    }

    @Test func readsInlineOpenRTBAndGoogleProviderIds() throws {
        let input = try extractOne(
            #"{"user":{"consent":"CO","ext":{"consent":"CX","consented_providers_settings":{"consented_providers":[1,35]}}}}"#
        )
        #expect(
            signalSummary(input) == [
                "user.consent=tcf:CO", "user.ext.consented_providers_settings.consented_providers=ac:1~1.35",
            ]
        )
        #expect(input.findings.map(\.code) == ["conflictingFields"])
    }

    /// A field of another JSON type than OpenRTB gives it is still read, and said so.
    @Test func aConsentFieldOfTheWrongJSONTypeIsReadWithAWarning() throws {
        let input = try extractOne(#"{"regs":{"gdpr":"1","gpp_sid":"2,6"},"user":{"consent":12345}}"#)
        #expect(input.findings.map(\.code) == ["fieldType", "fieldType", "fieldType"])
        #expect(input.findings.map(\.field) == ["regs.gdpr", "user.consent", "regs.gpp_sid"])
        #expect(input.gdprApplies?.text == "1")
        #expect(signalSummary(input) == ["user.consent=tcf:12345"])
        let typed = try extractOne(#"{"regs":{"gdpr":1,"gpp_sid":[2,6]},"user":{"consent":"CO"}}"#)
        #expect(typed.findings.isEmpty)
    }

    @Test func anEmptyConsentFieldIsAWarningAsAnEmptyURLParameterIs() throws {
        let input = try extractOne(#"{"regs":{"gdpr":1,"us_privacy":"1YNN"},"user":{"consent":""}}"#)
        #expect(signalSummary(input) == ["regs.us_privacy=usp:1YNN"])
        #expect(input.findings.map(\.code) == ["emptyParameter"])
        #expect(input.findings.first?.field == "user.consent")
        let url = try extractOne("https://ad.example/bid?gdpr=1&gdpr_consent=&us_privacy=1YNN")
        #expect(url.findings.map(\.code) == ["emptyParameter"])
    }

    @Test func anEmptyParameterAloneIsAQueryString() throws {
        #expect(!InputExtractor.isBareString("us_privacy="))
        #expect(InputExtractor.isBareString("COrEAV4OrXx94ACA=="))
        let input = try extractOne("us_privacy=")
        #expect(input.form == .queryString)
        #expect(input.signals.isEmpty)
        #expect(input.findings.map(\.code) == ["emptyParameter"])
    }

    @Test func readsWhatTheTCFCMPAPIReturns() throws {
        // A TCData object as `__tcfapi('addEventListener', 2, callback)` hands it over, abridged.
        let tcData = """
            {"tcString":"\(Self.tcString)","tcfPolicyVersion":5,"cmpId":10,"cmpVersion":3,"gdprApplies":true,
            "eventStatus":"tcloaded","cmpStatus":"loaded","listenerId":2,"isServiceSpecific":true,
            "purpose":{"consents":{"1":true}},"addtlConsent":"2~1.35.41~dv.9.21"}
            """.replacingOccurrences(of: "\n", with: "")
        let input = try extractOne(tcData)
        #expect(input.form == .cmpAPI)
        #expect(signalSummary(input) == ["tcString=tcf:\(Self.tcString)", "addtlConsent=ac:2~1.35.41~dv.9.21"])
        #expect(input.gdprApplies == ExtractedInput.Flag(source: "gdprApplies", text: "1"))
        #expect(input.gppSectionIDs == nil)
        #expect(input.findings.isEmpty)
    }

    @Test func readsWhatTheGPPAndUSPCMPAPIsReturn() throws {
        let ping = try extractOne(
            #"{"gppVersion":"1.1","cmpStatus":"loaded","signalStatus":"ready","supportedAPIs":["7:usnat"],"#
                + #""cmpId":31,"sectionList":[7],"applicableSections":[7],"gppString":"DBABLA~BVVqAAEABA.QA"}"#
        )
        #expect(ping.form == .cmpAPI)
        #expect(signalSummary(ping) == ["gppString=gpp:DBABLA~BVVqAAEABA.QA"])
        #expect(ping.gppSectionIDs == ExtractedInput.Flag(source: "applicableSections", text: "7"))
        // `[-1]`: no section applies. Kept as given, as a `gpp_sid=-1` is (IABGPP_GppSID = applicableSections,
        // inapp-keys.md §2); the header is not checked against it.
        let none = try extractOne(#"{"gppString":"DBABLA~BVVqAAEABA.QA","applicableSections":[-1]}"#)
        #expect(none.gppSectionIDs == ExtractedInput.Flag(source: "applicableSections", text: "-1"))
        let empty = try extractOne(#"{"gppString":"DBABLA~BVVqAAEABA.QA","applicableSections":[]}"#)
        #expect(empty.gppSectionIDs == nil)
        let usp = try extractOne(#"{"version":1,"uspString":"1YNN"}"#)
        #expect(signalSummary(usp) == ["uspString=usp:1YNN"])
        #expect(usp.gdprApplies == nil)
    }

    @Test func anEmptyTCStringIsAGapOnlyWhereGDPRApplies() throws {
        let outside = try extractOne(#"{"tcString":"","gdprApplies":false,"eventStatus":"tcloaded"}"#)
        #expect(outside.signals.isEmpty)
        #expect(outside.findings.isEmpty)
        #expect(outside.gdprApplies?.isSet == false)
        let inside = try extractOne(#"{"tcString":"","gdprApplies":true}"#)
        #expect(inside.findings.map(\.code) == ["emptyParameter"])
        #expect(inside.findings.first?.field == "tcString")
    }

    @Test func aQuotedInputIsReadAsWhatItsQuotesHold() throws {
        let string = try extractOne("\"\(Self.tcString)\"")
        #expect(string.form == .string)
        #expect(string.signals == [ConsentSignal(source: nil, text: Self.tcString, kind: nil)])
        // JSON escapes are read, and what the quotes hold may be any input: here a URL, its `/` escaped.
        let url = try extractOne(#""https:\/\/ads.example\/bid?us_privacy=1YN\u004E""#)
        #expect(url.form == .url)
        #expect(signalSummary(url) == ["us_privacy=usp:1YNN"])
        // A quote that does not close, or holds a line break, is no quoted input: the text is read as it is.
        #expect(try extractOne("\"1YNN").signals.map(\.text) == ["\"1YNN"])
        #expect(InputExtractor.quotedText(#""1YNN\n""#) == nil)
    }

    @Test func providerIdsWrittenAsStringsAreRead() throws {
        let strings = try extractOne(
            #"{"user":{"ext":{"consented_providers_settings":{"consented_providers":["1","35"]}}}}"#
        )
        #expect(signalSummary(strings) == ["user.ext.consented_providers_settings.consented_providers=ac:1~1.35"])
        #expect(strings.findings.isEmpty)
        let odd = try extractOne(
            #"{"user":{"ext":{"consented_providers_settings":{"consented_providers":[7,1.5,"x"]}}}}"#
        )
        #expect(signalSummary(odd) == ["user.ext.consented_providers_settings.consented_providers=ac:1~7"])
        #expect(odd.findings.map(\.code) == ["badProviderIds"])
    }

    /// The AC string made of a provider list is the tool's own writing, so canonical (ac.md §5: ascending, each id
    /// once); a repeat in the request's list is said of the list.
    @Test func providerIdsMakeACanonicalString() throws {
        let input = try extractOne(
            #"{"user":{"ext":{"ConsentedProvidersSettings":{"consented_providers":[35,1,1,"7"]}}}}"#
        )
        #expect(signalSummary(input) == ["user.ext.ConsentedProvidersSettings.consented_providers=ac:1~1.7.35"])
        #expect(input.findings.map(\.code) == ["duplicateProviders"])
        #expect(input.findings.map(\.field) == ["user.ext.ConsentedProvidersSettings.consented_providers"])
    }

    @Test func readsJSONPreferences() throws {
        let input = try extractOne("@" + TestPaths.fixture("preferences.json"))
        #expect(input.form == .jsonPreferences)
        #expect(
            signalSummary(input) == [
                "IABTCF_TCString=tcf:\(Self.tcString)", "IABTCF_AddtlConsent=ac:2~1.35.41~dv.9.21",
                "IABGPP_HDR_GppString=gpp:\(Self.gppString)", "IABUSPrivacy_String=usp:1YNN",
            ]
        )
        #expect(input.gdprApplies?.text == "1")
        #expect(input.gppSectionIDs?.text == "2_6")
        #expect(input.preferenceKeys.map(\.key) == ["IABTCF_CmpSdkID", "IABTCF_PurposeConsents"])
    }

    @Test func readsXMLAndBinaryPropertyLists() throws {
        for name in ["preferences-ios.plist", "preferences-ios-binary.plist"] {
            let input = try extractOne("@" + TestPaths.fixture(name))
            #expect(input.form == .propertyList)
            #expect(signalSummary(input) == ["IABTCF_TCString=tcf:\(Self.tcString)", "IABUSPrivacy_String=usp:1YNN"])
            #expect(input.gdprApplies?.text == "1")
            #expect(input.preferenceKeys.map(\.key) == ["IABTCF_CmpSdkID"])
            #expect(input.preferenceKeys.map(\.value) == ["880"])
        }
    }

    /// Binary property lists that crashed the CLI inside Foundation (a set, marker 0xC_, at the top, alone, or in a
    /// dictionary: Foundation on Linux fails bridging it), and one whose offset table points past its objects: each
    /// is refused as `badPropertyList` before Foundation reads it. Found by an outside robustness sweep.
    @Test func binaryPropertyListsFoundationCannotReadAreRefused() throws {
        let lists = [
            "62706c6973743030c1015161080a000000000000010100000000000000020000000000000000000000000000000c",
            "62706c6973743030d10102516bc101080b0d000000000000010100000000000000030000000000000000000000000000000f",
            "62706c6973743030c401020304050607085f1014494142475050084844525f477070537472696e675f100f4941425443465f5443"
                + "537472696e675f10124941425443465f676470724170706c6965735f10134941425553507269766163795f537472696e675f"
                + "1016444241424c417e435656566b6b6b6b607046592e59415f104e435153626b34415153626b34414e77414141454e417743"
                + "6741414141414141414141596741435041414141412e49444b514134414167414b4147514179674141412e59414141414141"
                + "414141414110015431594e4e0811283a4f657ecfd1000000000000010100000000000000090000000000000000000000000000"
                + "00d6",
            // The set's object moved past the offset table (offset 0x40 of 46 bytes).
            "62706c6973743030c1015161400a000000000000010100000000000000020000000000000000000000000000000c",
        ]
        for hex in lists {
            let bytes = stride(from: 0, to: hex.count, by: 2).map { offset in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
            }
            let extraction = try #require(InputExtractor.extract(file: "list.plist", content: bytes).first)
            #expect(throws: InputError.self, "\(hex.prefix(24))") { try extraction.result.get() }
            if case .failure(let error) = extraction.result {
                #expect(error.code == "badPropertyList", "\(error)")
                #expect(error.message.contains("binary property list"), "\(error)")
            }
        }
    }

    /// What `defaults read <bundle id>` prints (an old-style property list, every value as text), as a developer
    /// copies it from a terminal.
    @Test func readsPreferencesAsDefaultsReadPrintsThem() throws {
        let input = try extractOne("@" + TestPaths.fixture("preferences-ios-defaults.txt"))
        #expect(input.form == .propertyList)
        #expect(signalSummary(input) == ["IABTCF_TCString=tcf:\(Self.tcString)", "IABUSPrivacy_String=usp:1YNN"])
        #expect(input.gdprApplies?.text == "1")
        #expect(input.preferenceKeys.map(\.key) == ["IABTCF_CmpSdkID"])
        #expect(input.preferenceKeys.map(\.value) == ["880"])
        // Inline too; braces around anything else are still a JSON error.
        let inline = try extractOne("{ IABUSPrivacy_String = 1YNN; IABTCF_gdprApplies = 0; }")
        #expect(signalSummary(inline) == ["IABUSPrivacy_String=usp:1YNN"])
        #expect(throws: InputError.self) { try extractOne("{ unrelated = 1; }").signals }
    }

    @Test func readsAndroidSharedPreferences() throws {
        let input = try extractOne("@" + TestPaths.fixture("preferences-android.xml"))
        #expect(input.form == .androidPreferences)
        #expect(
            signalSummary(input) == [
                "IABTCF_TCString=tcf:\(Self.tcString)", "IABGPP_HDR_GppString=gpp:\(Self.gppString)",
                "IABTCF_AddtlConsent=ac:2~1.35.41~dv.9.21", "IABUSPrivacy_String=usp:1YNN",
            ]
        )
        #expect(input.gdprApplies == ExtractedInput.Flag(source: "IABTCF_gdprApplies", text: "1"))
        #expect(input.gppSectionIDs?.text == "2_6")
    }

    @Test func androidParserDecodesEntitiesAndSkipsSets() throws {
        let xml = Array(try String(contentsOfFile: TestPaths.fixture("preferences-android.xml"), encoding: .utf8).utf8)
        let entries = try AndroidPreferences.entries(xml: xml)
        #expect(entries.first { $0.key == "note" }?.value == .string("Tom & Jerry <3 A"))
        #expect(entries.first { $0.key == "first_launch" }?.value == .boolean(false))
        #expect(entries.first { $0.key == "IABTCF_CmpSdkID" }?.value == .integer(880))
        #expect(!entries.contains { $0.key == "tags" })
    }

    /// CDATA is well-formed XML: taken as it is (no entity decoding inside), around and between plain text.
    @Test func androidParserReadsCDATASections() throws {
        let xml = """
            <map><string name="IABUSPrivacy_String"><![CDATA[1YNN]]></string>\
            <string name="note">a&amp;<![CDATA[<b>&amp;</b>]]>z</string></map>
            """
        let entries = try AndroidPreferences.entries(xml: Array(xml.utf8))
        #expect(entries.first { $0.key == "IABUSPrivacy_String" }?.value == .string("1YNN"))
        #expect(entries.first { $0.key == "note" }?.value == .string("a&<b>&amp;</b>z"))
    }

    @Test func rejectsMalformedAndroidXML() {
        for xml in [
            "<map><string name=\"a\">x</map>", "<notmap/>", "<map><int name=\"a\" value=\"1\"", "<map>",
            "<map><string name=\"a\"><![CDATA[x</string></map>",
        ] {
            #expect(throws: InputError.self, "\(xml)") { try AndroidPreferences.entries(xml: Array(xml.utf8)) }
        }
        #expect((try? AndroidPreferences.entries(xml: Array("<map/>".utf8)))?.isEmpty == true)
    }

    @Test func readsTextFileOneInputPerLine() throws {
        let extractions = InputExtractor.extract("@" + TestPaths.fixture("strings.txt"), io: .memory())
        #expect(extractions.map(\.label).map { $0.components(separatedBy: ":").last ?? "" } == ["1", "3", "4"])
        let forms = try extractions.map { try $0.result.get().form }
        #expect(forms == [.string, .string, .queryString])
    }

    @Test func onlyLineEndsAreTrimmedAndBlankLinesSkipped() throws {
        // White space around a string is the input's, and the decoder rejects it (ac.md §4, tcf.md §2, usp.md):
        // `" 2~1~dv."` is the golden invalid vector invalid-ac-Prebid.js-009, and its trailing twin fails alike.
        for text in [" 2~1~dv.", "2~1~dv. ", "1YNN\t"] {
            #expect(InputExtractor.trimmingLineEnd(text) == text)
        }
        #expect(InputExtractor.trimmingLineEnd("1YNN\r\n") == "1YNN")
        #expect(InputExtractor.trimmingLineEnd("1YNN\r") == "1YNN")
        let lines = InputExtractor.extract(file: "lines.txt", content: Array("1YNN\r\n  \r\n\t\n 1NYN\n".utf8))
        #expect(lines.map(\.label) == ["@lines.txt:1", "@lines.txt:4"])
        #expect(try lines.map { try $0.result.get().signals.map(\.text) } == [["1YNN"], [" 1NYN"]])
    }

    /// The lines a text file is read as, one at a time, are those that splitting the whole text at `\n` and `\r\n`
    /// gives (what the file reader did before it streamed): for texts of line ends, lone `\r`, blanks and characters
    /// of several bytes in every arrangement a seeded generator makes.
    @Test func textLinesAreTheLinesOfSplittingTheWholeText() {
        let pieces = ["\n", "\r\n", "\r", "\r\r\n", " ", "1YNN", "é", "👍🏽", "\u{301}", "~", "\n\n"]
        var generator = SplitMix64(seed: 20_261_202)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let split = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            #expect(Array(TextLines(text)) == split, "\(Array(text.utf8))")
        }
    }

    /// The batch path of a text file's lines: `bareLine` takes the bare strings (with their labels, made on demand),
    /// the other lines are extracted in their place among them, a file whose lines `bareLine` all took is not
    /// "empty", and `stop` ends the walk before the next line.
    @Test func aTextFilesBareLinesGoToTheBatchPathInOrder() throws {
        let content = Array("1YNN\n\nus_privacy=1NYN\n1YNY\r\n".utf8)
        var seen: [String] = []
        InputExtractor.forEachExtraction(
            file: "list.txt",
            content: content,
            bareLine: { text, label in
                seen.append("bare \(label()) \(text)")
                return true
            }
        ) { extraction in
            seen.append("extracted \(extraction.label) \(extraction.line ?? "")")
        }
        #expect(seen == ["bare @list.txt:1 1YNN", "extracted @list.txt:3 us_privacy=1NYN", "bare @list.txt:4 1YNY"])
        var taken = 0
        InputExtractor.forEachExtraction(
            file: "bare.txt",
            content: Array("1YNN\n".utf8),
            bareLine: { _, _ in
                taken += 1
                return true
            }
        ) { extraction in Issue.record("\(extraction.label): a file of bare lines is not empty") }
        #expect(taken == 1)
        var lines = 0
        InputExtractor.forEachExtraction(
            file: "long.txt",
            content: Array(String(repeating: "us_privacy=1YNN\n", count: 10).utf8),
            until: { lines == 2 }
        ) { _ in lines += 1 }
        #expect(lines == 2)
    }

    /// A file of one bid request a line (a log) is read a line at a time, as the same lines on standard input
    /// are; it failed whole (`badJSON` at the second line). A document over several lines is still read whole.
    @Test func aFileOfJSONLinesIsReadALineAtATime() throws {
        let jsonLines = #"{"regs":{"us_privacy":"1YNN"}}"# + "\n\n" + #"{"regs":{"us_privacy":"1NNN"}}"# + "\n"
        let extractions = InputExtractor.extract(file: "bids.jsonl", content: Array(jsonLines.utf8))
        #expect(extractions.map(\.label) == ["@bids.jsonl:1", "@bids.jsonl:3"])
        #expect(try extractions.map { try $0.result.get().signals.map(\.text) } == [["1YNN"], ["1NNN"]])
        let pretty = "{\n  \"regs\": {\"us_privacy\": \"1YNN\"}\n}\n"
        let document = InputExtractor.extract(file: "bid.json", content: Array(pretty.utf8))
        #expect(try document.map { try $0.result.get().signals.map(\.text) } == [["1YNN"]])
        let line = #"{"regs":{"us_privacy":"1YNN"}}"# + "\n"
        let one = InputExtractor.extract(file: "one.json", content: Array(line.utf8))
        #expect(one.map(\.label) == ["@one.json"])
    }

    /// An argument that starts with a byte order mark (`"$(cat prefs.json)"` of a file written with one) reads as
    /// the same argument without it, as a file or standard input does; it was `unknownFormat`.
    @Test func aByteOrderMarkBeforeAnArgumentIsDropped() throws {
        for argument in [#"{"regs":{"us_privacy":"1YNN"}}"#, "1YNN", "us_privacy=1YNN"] {
            let marked = InputExtractor.extract("\u{FEFF}" + argument, io: .memory())
            let plain = InputExtractor.extract(argument, io: .memory())
            #expect(try marked.map { try $0.result.get().signals.map(\.text) } == [["1YNN"]], "\(argument)")
            #expect(marked.map(\.label) == plain.map(\.label))
        }
    }

    @Test func missingFileIsAnUnreadableInput() {
        let extraction = InputExtractor.extract("@/nonexistent/file.json", io: .memory())
        #expect(extraction.count == 1)
        #expect(throws: InputError("unreadableFile", "cannot read '/nonexistent/file.json': No such file or directory"))
        {
            try extraction.first?.result.get()
        }
    }

    @Test func jsonOfUnknownShapeFailsWithAHint() {
        #expect(throws: InputError.self) { try InputExtractor.extractText("{\"hello\": 1}") }
        #expect(throws: InputError.self) { try InputExtractor.extractText("{not json") }
        do {
            _ = try InputExtractor.extractText(#"{"type":"usp","version":1}"#)
        } catch {
            #expect(error.message.contains("consent encode"))
        }
    }

    @Test func preferencesWithoutIABKeysFail() {
        #expect(throws: InputError.self) { try InputExtractor.extractText("<map><string name=\"x\">y</string></map>") }
    }
}
