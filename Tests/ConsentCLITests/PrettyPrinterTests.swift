import ConsentCore
import Testing

@testable import ConsentCLI

/// The printer alone, on JSON forms written by hand (the shapes of spec/json.md).
@Suite struct PrettyPrinterTests {
    static let tcf = """
        {"type":"tcf","version":2,"created":"2020-09-23T07:55:24.200Z","lastUpdated":"2020-09-23T07:55:24.200Z",
        "cmpId":7,"cmpVersion":1,"consentScreen":3,"consentLanguage":"EN","vendorListVersion":48,"policyVersion":2,
        "isServiceSpecific":false,"useNonStandardTexts":false,"specialFeatureOptins":[1],"purposeConsents":[1,2,3],
        "purposeLegitimateInterests":[2,7],"purposeOneTreatment":true,"publisherCountryCode":"DE",
        "vendorConsents":[1,2,3,4,5,8,10,11,12],"vendorLegitimateInterests":[2,6,100],
        "publisherRestrictions":[{"purposeId":2,"restrictionType":1,"vendorIds":[1,2,3]},
        {"purposeId":7,"restrictionType":0,"vendorIds":[]}],
        "disclosedVendors":[1,2,3],"allowedVendors":null,
        "publisherTC":{"publisherConsents":[1],"publisherLegitimateInterests":[2],"numCustomPurposes":2,
        "publisherCustomConsents":[1],"publisherCustomLegitimateInterests":[2]},"encoding":{"original":"CO"}}
        """

    static let gpp = """
        {"type":"gpp","version":1,"sectionIds":[6,7,99],"sections":{
        "uspv1":{"version":1,"notice":"Y","optOutSale":"N","lspaCovered":"-"},
        "usnat":{"version":1,"sharingNotice":1,"saleOptOutNotice":1,"sharingOptOutNotice":1,
        "targetedAdvertisingOptOutNotice":1,"sensitiveDataProcessingOptOutNotice":1,"sensitiveDataLimitUseNotice":1,
        "saleOptOut":2,"sharingOptOut":1,"targetedAdvertisingOptOut":3,
        "sensitiveDataProcessing":[0,0,2,1,0,0,0,0,0,0,0,0],"knownChildSensitiveDataConsents":[0,0],
        "personalDataConsents":0,"mspaCoveredTransaction":1,"mspaOptOutOptionMode":1,"mspaServiceProviderMode":2,
        "gpc":null},"99":{"raw":"BAA"}}}
        """

    private func render(_ json: String, kind: ConsentFormat, vendorList: VendorList? = nil) throws -> String {
        let printer = PrettyPrinter(style: Style(isEnabled: false), vendorList: vendorList)
        return printer.render(try JSONValue(parsing: json), kind: kind, text: "CO", source: nil).joined(separator: "\n")
    }

    @Test func printsEveryTCFieldWithNamesFoldedIdsAndRestrictionTable() throws {
        let text = try render(Self.tcf, kind: .tcf)
        #expect(text.contains("├─ vendorConsents              1-5, 8, 10-12 (9 vendors)"))
        #expect(text.contains("2  Use limited data to select advertising"))
        #expect(text.contains("1  Use precise geolocation data"))
        #expect(text.contains("purpose 1 was not disclosed"))
        #expect(text.contains("├─ allowedVendors              absent (no such segment)"))
        #expect(text.contains("2        1 require consent  1-3 (3 vendors)"))
        #expect(!text.contains("encoding"))
        assertSnapshot(text, named: "pretty-tcf-json-md")
    }

    @Test func printsValueMeaningsOfGPPSections() throws {
        let text = try render(Self.gpp, kind: .gpp)
        #expect(text.contains("saleOptOut                           2  did not opt out"))
        #expect(text.contains("targetedAdvertisingOptOut            3  not a defined value"))
        #expect(text.contains(" 3  2  consent        health (condition, diagnosis, history, pregnancy, treatment)"))
        #expect(text.contains("items 1-2, 5-12: 0  not applicable"))
        #expect(text.contains("notice       Y  notice and opportunity to opt out given"))
        #expect(text.contains("gpc                                  absent (no GPC subsection)"))
        #expect(text.contains("6-7, 99  uspv1, usnat, unknown"))
        assertSnapshot(text, named: "pretty-gpp-json")
    }

    /// usp.md §1: a `-` in the opt-out place is "not applicable", allowed only when CCPA does not apply; in the
    /// notice and LSPA places it is "unknown"; `1---` says CCPA does not apply.
    @Test func tellsWhatADashMeansInEachPlaceOfAUSPrivacyString() throws {
        let mixed = try render(
            #"{"type":"usp","version":1,"notice":"-","optOutSale":"-","lspaCovered":"N"}"#,
            kind: .usp
        )
        #expect(mixed.contains("notice       -  unknown"))
        #expect(mixed.contains("optOutSale   -  not applicable: allowed only when CCPA does not apply"))
        let none = try render(
            #"{"type":"usp","version":1,"notice":"-","optOutSale":"-","lspaCovered":"-"}"#,
            kind: .usp
        )
        #expect(none.contains("optOutSale   -  CCPA does not apply"))
    }

    /// gpp-sections.md §7: usnat version 2 adds sensitive data items 13-16 and known-child item 3; they are named
    /// like the others (the names were looked up in the version 1 layout only).
    @Test func namesTheItemsUsnatVersionTwoAdded() throws {
        let text = try render(
            """
            {"type":"gpp","version":1,"sectionIds":[7],"sections":{"usnat":{"version":2,
            "sensitiveDataProcessing":[0,0,0,0,0,0,0,0,0,0,0,0,2,1,2,1],"knownChildSensitiveDataConsents":[0,0,1]}}}
            """,
            kind: .gpp
        )
        #expect(text.contains("13  2  consent        consumer health data"))
        #expect(text.contains("14  1  no consent     status as a victim of crime"))
        #expect(text.contains("15  2  consent        national origin"))
        #expect(text.contains("16  1  no consent     status as transgender or nonbinary"))
        #expect(text.contains("3  1  no consent     consumers aged 16 to 17"))
    }

    /// A meaning as long as its column ("did not opt out", "not a defined value") is still set apart from the item's
    /// name, and the names of one list stay in one column (a longer meaning moved its own name only); a v1.1
    /// string's undefined purposes are those of TCF v1.1.
    @Test func longMeaningsStayApartFromNamesAndLegacyPurposesNameTheirVersion() throws {
        let usca = try render(
            #"{"type":"gpp","version":1,"sectionIds":[8],"sections":{"usca":{"version":1,"sensitiveDataProcessing":[2,3,0,0,0,0,0,0,0]}}}"#,
            kind: .gpp
        )
        #expect(usca.contains("1  2  did not opt out      social security"), "\(usca)")
        #expect(usca.contains("2  3  not a defined value  account log-in"), "\(usca)")
        let legacy = try render(
            #"{"type":"tcf","version":1,"purposesAllowed":[1,15,24],"vendorConsents":[]}"#,
            kind: .tcf
        )
        #expect(legacy.contains("15, 24: not defined in TCF v1.1"), "\(legacy)")
    }

    /// gpp-sections.md §24-27: the header of a header-first section lists subsection ids, not coded values; a coded
    /// item with no name of its own ends at its meaning (no trailing blanks).
    @Test func listsSubsectionIdsAsIdsNotCodedValues() throws {
        let text = try render(
            """
            {"type":"gpp","version":1,"sectionIds":[24],"sections":{"usmd":{"sectionId":24,"version":1,
            "subSections":[1],"mspaVersion":1,"mspaCoveredTransaction":1,"mspaMode":1,"processingNotice":1,
            "saleOptOutNotice":1,"targetedAdvertisingOptOutNotice":1,"saleOptOut":1,"targetedAdvertisingOptOut":1,
            "additionalDataProcessingConsent":1,"gpc":true},"usxx":{"codes":[2,0]}}}
            """,
            kind: .gpp
        )
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix("├─ subSections                      1  gpc") })
        // The only lines under subSections would be coded-value rows: index, value, meaning.
        let index = try #require(lines.firstIndex { $0.contains("subSections") })
        #expect(lines[index + 1].contains("mspaVersion"))
        #expect(lines.contains { $0.hasSuffix("1  2") })
        #expect(!lines.contains { $0.hasSuffix(" ") })
    }

    @Test func namesVendorsFromTheVendorList() throws {
        let vendorList = try VendorList(json: #"{"vendorListVersion":50,"vendors":{"2":{"id":2,"name":"Two Ltd"}}}"#)
        let text = try render(Self.tcf, kind: .tcf, vendorList: vendorList)
        #expect(text.contains("    2  Two Ltd"))
        #expect(text.contains("6, 100: not in the --gvl file"))
        #expect(text.contains("48  (the --gvl file is version 50)"))
    }

    @Test func shortensLongStringsInTheHeading() {
        let printer = PrettyPrinter(style: Style(isEnabled: false), vendorList: nil)
        let long = String(repeating: "A", count: 300)
        #expect(printer.abbreviated(long).hasSuffix("(300 characters)"))
        #expect(printer.abbreviated("1YNN") == "1YNN")
    }

    /// Text from a vendor list or the input reaches a terminal: control characters are written out, so that an
    /// escape sequence cannot act on it and a line feed cannot break the tree.
    @Test func controlCharactersAreWrittenOut() throws {
        let list = try VendorList(json: #"{"vendors":{"1":{"id":1,"name":"Evil\u001b[2J Corp\nsecond line"}}}"#)
        #expect(list.vendors[1] == "Evil\\u{1B}[2J Corp\\u{A}second line")
        let error = run(["decode", "ab\u{1B}]0;pwned\u{7}cd"]).error
        #expect(!error.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(error)")
        #expect(error.contains("ab\\u{1B}]0;pwned\\u{7}cd"), "\(error)")
        let lint = run(["lint", "ab\u{1B}[31mcd"]).output
        #expect(!lint.unicodeScalars.contains { $0.value == 0x1B }, "\(lint)")
        #expect("plain 1YNN".visibleInTerminal == "plain 1YNN")
    }

    /// What the encoding record holds that changes how the values read is said in the text too, where it was only
    /// in `--json`'s `encoding`: ids a range names past MaxVendorId, a segment of unknown type, a GPP section 2
    /// without its NumPubRestrictions.
    @Test func saysWhatTheEncodingRecordChangesAboutTheValues() {
        // MaxVendorId 11 and ranges 10-12 and 4464 (tcf.md §4: the ids above 11 are not in the set).
        let above =
            "CP1R2oFP1R2p7AHABDENAwEuAcAwAUAIAAYgAFwBIAAgAKAAiABQAGBFwAAV0AYJABgACAAYIACAAUIAACgAoADgASAGRhABAACEgAgAE"
            + ".cAAAKAAAH_AAAAAAgAABAAAAAAIAAAA"
        let text = run(["decode", "--color", "never", above]).output
        #expect(
            text.contains(
                "vendorConsents              1-5, 8, 10-11 (8 vendors)\n│    its ranges also name ids above maxVendorId 11"
            ),
            "\(text)"
        )
        let unknown = run(["decode", "--color", "never", "COvwooAOvwooAB7ABCENAPEYAIAAACAAAIqIAAoAAoAA.yAAo.IAAo"])
            .output
        #expect(
            unknown.contains(
                "└─ unknownSegments             1 segment of a type TCF does not define, kept as written: yAAo"
            ),
            "\(unknown)"
        )
        let noCount = run([
            "decode", "--color", "never", "DBABMA~CPf_zglPf_zglNwAAAENAwCAAAAAAAAAAAAAAAAAAAA.QAAA.IAAA",
        ]).output
        #expect(noCount.contains("the core ends before its NumPubRestrictions field (read as none)"), "\(noCount)")
        // A plain string has none of these notes.
        let plain = run(["decode", "--color", "never", "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"]).output
        #expect(
            !plain.contains("maxVendorId") && !plain.contains("unknownSegments")
                && !plain.contains("NumPubRestrictions")
        )
    }

    /// A usnat Version read with the other Version's layout (by its length, gpp-sections.md "How to pick the layout")
    /// is said at the version: the tree showed `version 1` over 16 sensitive-data items with no word of why.
    @Test func saysWhenASectionIsWrittenInTheLayoutOfAnotherVersion() {
        let note = "written with the version 2 layout, read by its length (consent lint reports it)"
        let v1AsV2 = run(["decode", "--color", "never", "DBABLA~BAAAAAAAAQRA.QA"]).output
        #expect(v1AsV2.contains("├─ version                              1\n      │    \(note)\n"), "\(v1AsV2)")
        let v2AsV1 = run(["decode", "--color", "never", "DBABLA~CVVVVVVVVVA.YA"]).output
        #expect(v2AsV1.contains("written with the version 1 layout"), "\(v2AsV1)")
        // Each in its own layout: no note; nor for tcfcav1, whose one layout reads every Version.
        for string in [
            "DBABLA~BVVVVVVVVWA.YA", "DBABLA~CVVVVVVVVVVVVA.YA", "DBABDA~CPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAAAAAA",
        ] {
            #expect(!run(["decode", "--color", "never", string]).output.contains("layout"), "\(string)")
        }
    }

    /// The `dv.` list is explained (ac.md §3: disclosed without consent), and a consented id repeated in it is said
    /// to count as consented.
    @Test func explainsTheDisclosedProvidersOfAnACString() {
        let text = run(["decode", "--color", "never", "2~1.35~dv.35.36"]).output
        #expect(
            text.hasSuffix(
                "└─ disclosedProviders  35-36 (2 providers)\n     disclosed to the user, without consent\n"
                    + "     35: also consented, counts as consented\n"
            ),
            "\(text)"
        )
        #expect(!run(["decode", "--color", "never", "2~1.35~dv."]).output.contains("disclosed to the user"))
    }

    @Test func vendorListNeedsVendors() {
        #expect(throws: VendorListError.self) { try VendorList(json: #"{"vendorListVersion":1}"#) }
        #expect(throws: VendorListError.self) { try VendorList(json: "[") }
    }
}
