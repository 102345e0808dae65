import ConsentInput
import ConsentKit
import Foundation
import Testing

@testable import ConsentCLI

/// `keys` and the in-app key checks of `lint` against the words of spec/inapp-keys.md and gpp.md §6.
@Suite struct InAppKeyCommandTests {
    /// tcf.md Example 3 (CmpId 2, CmpVersion 1, policy version 2, AQ).
    static let tcString =
        "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA.IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg="
    /// Header [2, 6]: the TC string of the GPP core spec's example 1 (CmpId 31, CmpVersion 640) and `1YNN`.
    static let gppString = "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"

    /// The diagnostics of `lint --json` for one input.
    private func lintDiagnostics(_ input: String) throws -> [JSONValue] {
        let result = run(["lint", "--json", input])
        let object = try JSONValue(parsing: String(result.output.split(separator: "\n").first ?? ""))
        return object["diagnostics"]?.arrayValue ?? []
    }

    private func finding(_ diagnostics: [JSONValue], code: String, field: String) -> JSONValue? {
        diagnostics.first { $0["code"]?.stringValue == code && $0["field"]?.stringValue == field }
    }

    private func preferences(_ members: [(String, JSONValue)]) -> String {
        JSONValue.object(JSONObject(members)).serialized()
    }

    // MARK: 0. what an outside check of an app's preferences found

    /// A long binary key that differs from what the string implies says where (its shortened form may look the
    /// same as the implied one's); a CMP's keys and gdprApplies without a TC string are the state before the user
    /// decides (a warning, not an error); TC keys without a TC string are named.
    @Test func preferencesFindingsSayWhereAndWhatIsLeftOver() throws {
        var keys = try #require(try JSONValue(parsing: run(["keys", Self.tcString]).output).objectValue)
        let vendors = try #require(keys["IABTCF_VendorConsents"]?.stringValue)
        var flipped = Array(vendors)
        flipped[49] = flipped[49] == "1" ? "0" : "1"
        keys["IABTCF_VendorConsents"] = .string(String(flipped))
        let different = try #require(
            finding(
                try lintDiagnostics(JSONValue.object(keys).serialized()),
                code: "inAppKeyDifferent",
                field: "IABTCF_VendorConsents"
            )
        )
        #expect(different["message"]?.stringValue?.contains("they first differ at character 50 (id 50)") == true)
        let only = try lintDiagnostics(preferences([("IABTCF_gdprApplies", .int(1)), ("IABTCF_CmpSdkID", .int(300))]))
        #expect(
            finding(only, code: "gdprWithoutTCString", field: "IABTCF_gdprApplies")?["severity"] == .string("warning")
        )
        keys["IABTCF_TCString"] = nil
        let orphans = try lintDiagnostics(JSONValue.object(keys).serialized())
        let orphan = try #require(finding(orphans, code: "inAppKeyUnexpected", field: "IABTCF_*"))
        #expect(orphan["message"]?.stringValue?.contains("but no IABTCF_TCString") == true)
        // A binary key holding anything but 0 and 1 differs (it was read as 0s); a GPP per-field key holding the
        // ids joined by `_` says what its 0/1 string says (inapp-keys.md §2, inconsistency 3).
        keys["IABTCF_TCString"] = .string(Self.tcString)
        keys["IABTCF_VendorConsents"] = .string(vendors)
        let purposes = try #require(keys["IABTCF_PurposeConsents"]?.stringValue)
        keys["IABTCF_PurposeConsents"] = .string(purposes.replacingOccurrences(of: "0", with: "2"))
        let twos = try lintDiagnostics(JSONValue.object(keys).serialized())
        #expect(finding(twos, code: "inAppKeyDifferent", field: "IABTCF_PurposeConsents") != nil)
        let gpp = run(["encode", "--defaults", #"{"type":"gpp","sections":{"tcfeuv2":{"purposeConsents":[1,3,7]}}}"#])
        let gppInput = "gpp=\(gpp.output.trimmingCharacters(in: .newlines))&gpp_sid=2"
        var gppKeys = try #require(try JSONValue(parsing: run(["keys", gppInput]).output).objectValue)
        #expect(gppKeys["IABGPP_TCFEU2_PurposeConsents"] == .string("101000100000000000000000"))
        gppKeys["IABGPP_TCFEU2_PurposeConsents"] = .string("1_3_7")
        let idForm = try lintDiagnostics(JSONValue.object(gppKeys).serialized())
        #expect(finding(idForm, code: "inAppKeyDifferent", field: "IABGPP_TCFEU2_PurposeConsents") == nil, "\(idForm)")
        gppKeys["IABGPP_TCFEU2_PurposeConsents"] = .string("1_3_8")
        let wrongIDs = try lintDiagnostics(JSONValue.object(gppKeys).serialized())
        #expect(finding(wrongIDs, code: "inAppKeyDifferent", field: "IABGPP_TCFEU2_PurposeConsents") != nil)
        // A URL with gdpr=1 and no TC string is still an error: a request sent without its string.
        let url = try lintDiagnostics("https://x.example/?gdpr=1&us_privacy=1YNN")
        #expect(finding(url, code: "gdprWithoutTCString", field: "gdpr")?["severity"] == .string("error"))
    }

    // MARK: 1. the CMP SDK keys

    /// inapp-keys.md §1.2: "`IABTCF_gdprApplies`, `IABTCF_CmpSdkID`, `IABTCF_CmpSdkVersion` come from the CMP, not
    /// from the string"; §0: "Do not write placeholder values".
    @Test func keysDoNotDeriveTheCMPSDKKeysFromTheString() throws {
        let tcf = try JSONValue(parsing: run(["keys", Self.tcString]).output)
        #expect(tcf["IABTCF_CmpSdkID"] == nil)
        #expect(tcf["IABTCF_CmpSdkVersion"] == nil)
        #expect(tcf["IABTCF_PolicyVersion"] == .int(2))
        let gpp = try JSONValue(parsing: run(["keys", "gpp=\(Self.gppString)&gpp_sid=2"]).output)
        #expect(gpp["IABGPP_TCFEU2_CmpSdkID"] == nil)
        #expect(gpp["IABGPP_TCFEU2_CmpSdkVersion"] == nil)
    }

    /// inapp-keys.md §1: outside the GDPR a CMP stores IABTCF_gdprApplies = 0 and no TC string; a gdpr flag alone
    /// gives that key (it was refused: "no consent string in the input"). No flag and no string is still an error.
    @Test func keysWriteGdprAppliesFromAFlagAlone() throws {
        let result = run(["keys", "gdpr=0"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try JSONValue(parsing: result.output) == .object(JSONObject([("IABTCF_gdprApplies", .int(0))])))
        #expect(run(["keys", #"{"regs":{"gdpr":1}}"#]).status == 0)
        #expect(run(["keys", "gdpr_consent="]).status == 1)
    }

    /// The CMP SDK keys come from the CMP: given as options, they are written as given, whatever the string's CmpId.
    @Test func keysWriteTheCMPSDKKeysGivenAsOptions() throws {
        let options = ["--cmp-sdk-id", "300", "--cmp-sdk-version", "4"]
        let tcf = try JSONValue(parsing: run(["keys"] + options + [Self.tcString]).output)
        #expect(tcf["IABTCF_CmpSdkID"] == .int(300))
        #expect(tcf["IABTCF_CmpSdkVersion"] == .int(4))
        let gpp = try JSONValue(parsing: run(["keys"] + options + ["gpp=\(Self.gppString)&gpp_sid=2"]).output)
        #expect(gpp["IABGPP_TCFEU2_CmpSdkID"] == .int(300))
        #expect(gpp["IABGPP_TCFEU2_CmpSdkVersion"] == .int(4))
        #expect(run(["keys", "--cmp-sdk-id", "4096", Self.tcString]).status == 64)
        #expect(run(["keys", "--cmp-sdk-version", "x", Self.tcString]).status == 64)
    }

    /// inapp-keys.md §1: the CMP SDK keys are set "as soon as it initialises ... (before any TC string exists)":
    /// given as options, they are written without a TC string too (they were dropped without a word).
    @Test func keysWriteTheCMPSDKKeysWithoutATCString() throws {
        let options = ["--cmp-sdk-id", "300", "--cmp-sdk-version", "7"]
        for input in ["gdpr=0&us_privacy=1YNN", "1YNN", "DBABLA~CVVVkkkkkpFY.YA"] {
            let keys = try JSONValue(parsing: run(["keys"] + options + [input]).output)
            #expect(keys["IABTCF_CmpSdkID"] == .int(300), "\(input)")
            #expect(keys["IABTCF_CmpSdkVersion"] == .int(7), "\(input)")
        }
        let none = try JSONValue(parsing: run(["keys", "1YNN"]).output)
        #expect(none["IABTCF_CmpSdkID"] == nil)
    }

    /// A missing CMP SDK key is no finding (the strings do not imply it); another value than CmpId is a note.
    @Test func lintNeverRequiresTheCMPSDKKeysAndNotesAnotherValue() throws {
        let missing = try lintDiagnostics(preferences([("IABTCF_TCString", .string(Self.tcString))]))
        #expect(missing.allSatisfy { $0["field"]?.stringValue?.hasPrefix("IABTCF_CmpSdk") != true })
        let other = try lintDiagnostics(
            preferences([("IABTCF_TCString", .string(Self.tcString)), ("IABTCF_CmpSdkID", .int(300))])
        )
        #expect(finding(other, code: "inAppKeyDifferent", field: "IABTCF_CmpSdkID")?["severity"] == .string("info"))
    }

    // MARK: 2. IABGPP_GppSID

    /// inapp-keys.md §2 note 5: the sections in force differ from HDR_Sections, so without gpp_sid there is no
    /// GppSID to write; a gpp_sid naming a section the string lacks gets decode's warning.
    @Test func keysWriteGppSIDOnlyAsGivenAndWarnWhenTheStringLacksASection() throws {
        let bare = run(["keys", Self.gppString])
        #expect(bare.status == 0)
        #expect(try JSONValue(parsing: bare.output)["IABGPP_GppSID"] == nil)
        #expect(try JSONValue(parsing: bare.output)["IABGPP_HDR_Sections"] == .string("2_6"))
        #expect(bare.error.contains("gppSIDNotWritten"), "\(bare.error)")
        let missingSection = run(["keys", "gpp=DBABTA~1YNN&gpp_sid=7"])
        #expect(missingSection.status == 0)
        #expect(try JSONValue(parsing: missingSection.output)["IABGPP_GppSID"] == .string("7"))
        #expect(missingSection.error.contains("gppSIDNotInString"), "\(missingSection.error)")
        #expect(!run(["keys", "gpp=DBABTA~1YNN&gpp_sid=6"]).error.contains("gppSIDNotInString"))
    }

    /// inapp-keys.md §2: IABGPP_GppSID is `applicableSections` joined with `_`, whichever way the ids come; `[-1]`
    /// (no section applies) from a CMP API's data is written as `gpp_sid=-1` is. An empty `gpp_sid=` names no
    /// section: the key is left unset (§0, no placeholder values), with a warning and not the note that no gpp_sid
    /// was given.
    @Test func keysWriteGppSIDTheSameFromEveryInputForm() throws {
        let fromURL = run(["keys", "gpp=DBABTA~1YNN&gpp_sid=-1"])
        #expect(try JSONValue(parsing: fromURL.output)["IABGPP_GppSID"] == .string("-1"))
        let fromCMPAPI = run(["keys", #"{"gppString":"DBABTA~1YNN","applicableSections":[-1]}"#])
        #expect(fromCMPAPI.status == 0)
        #expect(try JSONValue(parsing: fromCMPAPI.output)["IABGPP_GppSID"] == .string("-1"))
        #expect(!fromCMPAPI.error.contains("gppSIDNotWritten"), "\(fromCMPAPI.error)")
        let empty = run(["keys", "gpp=DBABTA~1YNN&gpp_sid="])
        #expect(empty.status == 0)
        #expect(try JSONValue(parsing: empty.output)["IABGPP_GppSID"] == nil)
        #expect(empty.error.contains("emptyParameter"), "\(empty.error)")
        #expect(!empty.error.contains("gppSIDNotWritten"), "\(empty.error)")
    }

    // MARK: 3. publisher restrictions

    /// inapp-keys.md §1.1: "recommended: flag it, write the lower type number". Vendor 4 is under types 0 and 1 for
    /// purpose 3, vendor 6 under type 1 only.
    @Test func keysWarnAboutAVendorUnderTwoRestrictionTypes() throws {
        let tcString =
            "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABACDAAQACBoAQABAADAA"
        let result = run(["keys", tcString])
        #expect(result.status == 0)
        #expect(try JSONValue(parsing: result.output)["IABTCF_PublisherRestrictions3"] == .string("___0_1"))
        #expect(result.error.contains("conflictingRestrictions (IABTCF_PublisherRestrictions3)"), "\(result.error)")
        #expect(!run(["keys", Self.tcString]).error.contains("conflictingRestrictions"))
    }

    // MARK: 4. types

    /// The reader that fails is the one of the type the tables give: getString for a string stored as an integer,
    /// getInt for an integer stored as a boolean.
    @Test func lintTypeMessagesNameTheReaderThatFails() throws {
        let diagnostics = try lintDiagnostics(
            preferences([
                ("IABTCF_TCString", .string(Self.tcString)), ("IABTCF_gdprApplies", .bool(true)),
                ("IABTCF_PurposeConsents", .int(1111)),
            ])
        )
        let asInteger = finding(diagnostics, code: "inAppKeyType", field: "IABTCF_PurposeConsents")
        #expect(asInteger?["message"]?.stringValue?.contains("getString") == true, "\(diagnostics)")
        #expect(asInteger?["message"]?.stringValue?.contains("getInt") == false)
        let asBoolean = finding(diagnostics, code: "inAppKeyType", field: "IABTCF_gdprApplies")
        #expect(asBoolean?["message"]?.stringValue?.contains("getInt") == true, "\(diagnostics)")
    }

    /// inapp-keys.md §0: "Number" means an integer (putInt); Android's getInt throws on a `<long>` and on a
    /// `<float>`. Either is a type mistake, not a string: its value is compared as the number it says (2.0 is the
    /// policy version 2), and a gdprApplies of 1.0 is still the CMP's flag.
    @Test(arguments: [("long", "1", "2", AppPreferences.Value.long(2)), ("float", "1.0", "2.0", .float(2))])
    func lintFlagsANumberOfAnotherTypeThanAnInteger(
        tag: String,
        flag: String,
        policy: String,
        read: AppPreferences.Value
    ) throws {
        let xml = """
            <map>
                <\(tag) name="IABTCF_gdprApplies" value="\(flag)" />
                <string name="IABTCF_TCString">\(Self.tcString)</string>
                <\(tag) name="IABTCF_PolicyVersion" value="\(policy)" />
            </map>
            """
        let diagnostics = try lintDiagnostics(xml)
        for key in ["IABTCF_gdprApplies", "IABTCF_PolicyVersion"] {
            let type = finding(diagnostics, code: "inAppKeyType", field: key)
            #expect(type?["severity"] == .string("warning"), "\(diagnostics)")
            #expect(type?["message"]?.stringValue?.contains("stored as a \(tag)") == true, "\(diagnostics)")
        }
        #expect(finding(diagnostics, code: "inAppKeyDifferent", field: "IABTCF_PolicyVersion") == nil)
        #expect(finding(diagnostics, code: "badGdprFlag", field: "IABTCF_gdprApplies") == nil)
        #expect(finding(diagnostics, code: "inAppKeyUnexpected", field: "IABTCF_gdprApplies") == nil)
        let entries = try AndroidPreferences.entries(xml: Array(xml.utf8))
        #expect(entries.first { $0.key == "IABTCF_PolicyVersion" }?.value == read)
        let int = try lintDiagnostics(
            xml.replacingOccurrences(
                of: "<\(tag) name=\"IABTCF_PolicyVersion\" value=\"\(policy)\"",
                with: "<int name=\"IABTCF_PolicyVersion\" value=\"2\""
            )
        )
        #expect(finding(int, code: "inAppKeyType", field: "IABTCF_PolicyVersion") == nil)
    }

    // MARK: 5. the pre-2.2 key

    /// inapp-keys.md §4: "Using IABTCF_UseNonStandardStacks only (renamed in 2.2)"; a finding names the key stored.
    @Test func lintNamesThePre22KeyTheAppStores() throws {
        let diagnostics = try lintDiagnostics(
            preferences([("IABTCF_TCString", .string(Self.tcString)), ("IABTCF_UseNonStandardStacks", .int(1))])
        )
        let different = finding(diagnostics, code: "inAppKeyDifferent", field: "IABTCF_UseNonStandardStacks")
        #expect(different?["severity"] == .string("error"), "\(diagnostics)")
        #expect(different?["message"]?.stringValue?.hasPrefix("IABTCF_UseNonStandardStacks is 1;") == true)
        #expect(finding(diagnostics, code: "inAppKeyDifferent", field: "IABTCF_UseNonStandardTexts") == nil)
        #expect(finding(diagnostics, code: "inAppKeyOldName", field: "IABTCF_UseNonStandardTexts") != nil)
    }

    // MARK: 6. integers unquoted

    @Test func lintQuotesStringsButNotIntegers() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>IABTCF_TCString</key><string>\(Self.tcString)</string>
            <key>IABTCF_PolicyVersion</key><integer>4</integer>
            <key>IABTCF_PublisherCC</key><string>DE</string>
            </dict></plist>
            """
        let diagnostics = try lintDiagnostics(plist)
        let policy = finding(diagnostics, code: "inAppKeyDifferent", field: "IABTCF_PolicyVersion")
        #expect(policy?["message"] == .string("IABTCF_PolicyVersion is 4; the strings imply 2"), "\(diagnostics)")
        let country = finding(diagnostics, code: "inAppKeyDifferent", field: "IABTCF_PublisherCC")
        #expect(country?["message"] == .string("IABTCF_PublisherCC is \"DE\"; the strings imply \"AQ\""))
    }

    // MARK: 7. the text `defaults read` prints

    /// `defaults read` prints data as `{length = 4, bytes = 0x01020304}` (longer data abbreviated with `...`);
    /// such a value is skipped, never an IAB key.
    /// What `plutil -p` prints of an app's preferences plist (`"key" => value`, an entry a line, arrays in `[ ]`, a
    /// date to the end of its line): read as `defaults read`'s text is (it was badPropertyList).
    @Test func readsWhatPlutilPrints() throws {
        let text = """
            {
              "AppleLanguages" => [
                0 => "en"
                1 => "de-DE"
              ]
              "IABTCF_CmpSdkID" => 300
              "IABTCF_gdprApplies" => 1
              "IABUSPrivacy_String" => "1YNN"
              "SomeData" => {length = 4, bytes = 0x01020304}
              "When" => 2024-01-01 00:00:00 +0000
              "IABGPP_HDR_GppString" => "DBABTA~1YNN"
            }
            """
        let entries = try PropertyListPreferences.entries(Array(text.utf8))
        #expect(
            entries.map(\.key) == [
                "IABGPP_HDR_GppString", "IABTCF_CmpSdkID", "IABTCF_gdprApplies", "IABUSPrivacy_String", "When",
            ]
        )
        #expect(entries.first { $0.key == "When" }?.value == .string("2024-01-01 00:00:00 +0000"))
        let result = run(["decode", "--json", "@-"], input: text)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            try result.output.split(separator: "\n").map { try JSONValue(parsing: String($0))["type"] } == [
                .string("gpp"), .string("usp"),
            ]
        )
    }

    @Test func readsDefaultsTextWithDataValues() throws {
        let text = """
            {
                AppleLanguages =     (
                    en,
                    "de-DE"
                );
                IABTCF_gdprApplies = 1;
                IABUSPrivacy_String = 1YNN;
                SomeData = {length = 4, bytes = 0x01020304};
                LongData = {length = 300, bytes = 0x01020304 05060708 ... fcfdfeff };
                "quoted \\"key\\"" = "a \\"b\\" c";
                Nested = { inner = "}"; };
                IABGPP_HDR_GppString = "DBABTA~1YNN";
            }
            """
        let entries = try PropertyListPreferences.entries(Array(text.utf8))
        #expect(
            entries.map(\.key) == [
                "IABGPP_HDR_GppString", "IABTCF_gdprApplies", "IABUSPrivacy_String", "quoted \"key\"",
            ]
        )
        #expect(entries.first { $0.key == "quoted \"key\"" }?.value == .string("a \"b\" c"))
        let result = run(["decode", "--json", text])
        #expect(result.status == 0, "\(result.output)")
        #expect(
            try result.output.split(separator: "\n").map { try JSONValue(parsing: String($0))["type"] } == [
                .string("gpp"), .string("usp"),
            ]
        )
    }

    /// Strict about the structure `defaults read` writes: a missing `;` or quote is an error naming that form.
    @Test func rejectsMalformedDefaultsTextNamingTheForm() {
        for text in [
            "{\n IABUSPrivacy_String = 1YNN;\n IABTCF_gdprApplies = 1\n}", "{ IABUSPrivacy_String = \"1YNN; }",
        ] {
            let error = #expect(throws: InputError.self, "\(text)") {
                try PropertyListPreferences.entries(Array(text.utf8))
            }
            #expect(error?.code == "badPropertyList")
            #expect(error?.message.contains("defaults read") == true, "\(String(describing: error))")
            #expect(PropertyListPreferences.isDefaultsText(text))
        }
        #expect(!PropertyListPreferences.isDefaultsText(#"{"IABUSPrivacy_String": "1YNN"}"#))
    }

    /// A file in the text form that goes wrong is reported as that form, not as bad JSON.
    @Test func reportsMalformedDefaultsTextInAFileAsThatForm() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-defaults-\(UUID()).txt")
        try Data("{\n    IABUSPrivacy_String = 1YNN;\n    IABTCF_gdprApplies = 1\n}\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runBinary(["decode", "--json", "@" + file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("badPropertyList"), "\(result.output)")
        #expect(!result.output.contains("badJSON"), "\(result.output)")
    }

    /// The text form is read without Foundation, whose old-style parser logs on standard error when it fails.
    @Test func readsDefaultsTextWithoutFoundationLogging() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-defaults-\(UUID()).txt")
        try Data("{\n    IABUSPrivacy_String = 1YNN;\n    SomeData = {length = 2, bytes = 0x0102};\n}\n".utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runBinary(["decode", "--json", "@" + file.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("CFPropertyList"), "\(result.error)")
    }

    // MARK: 8. per-field GPP keys

    /// gpp.md §6: "treat per-field keys as UNCONFIRMED; only the HDR, GppSID and `_String` keys are stable";
    /// inapp-keys.md §2 note 4: `IABGPP_HDR_Version` "Readers: accept both" (string or integer).
    @Test func lintOnlyNotesMissingPerFieldGPPKeysAndAcceptsAnIntegerHeaderVersion() throws {
        let diagnostics = try lintDiagnostics(
            preferences([
                ("IABGPP_HDR_GppString", .string(Self.gppString)), ("IABGPP_HDR_Version", .int(1)),
                ("IABGPP_HDR_Sections", .string("2_6")), ("IABGPP_GppSID", .string("2_6")),
                ("IABGPP_2_String", .string("CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")),
                ("IABGPP_6_String", .string("1YNN")),
            ])
        )
        let inAppKeys = diagnostics.filter { $0["code"]?.stringValue?.hasPrefix("inAppKey") == true }
        #expect(!inAppKeys.isEmpty)
        #expect(inAppKeys.allSatisfy { $0["severity"] == .string("info") }, "\(inAppKeys)")
        #expect(finding(diagnostics, code: "inAppKeyType", field: "IABGPP_HDR_Version") == nil)
        // A stored per-field key that says something else than the string is still a contradiction.
        let contradicting = try lintDiagnostics(
            preferences([("IABGPP_HDR_GppString", .string("DBABTA~1YNN")), ("IABGPP_USP1_OptOut", .string("Y"))])
        )
        #expect(finding(contradicting, code: "inAppKeyDifferent", field: "IABGPP_USP1_OptOut") != nil)
    }

    // MARK: 9. section keys without the full GPP string

    /// Preferences holding `IABGPP_[id]_String` keys but no `IABGPP_HDR_GppString`: decode reports them, lint
    /// checks the sections (under a header made for them), a bad one being an error at its place in its key.
    @Test func reportsAndChecksSectionKeysWithoutTheFullGPPString() throws {
        let bad = preferences([("IABGPP_6_String", .string("1ynn")), ("IABGPP_HDR_Sections", .string("6"))])
        let decoded = run(["decode", bad])
        #expect(decoded.output.contains("gppSectionsWithoutString"), "\(decoded.output)")
        let diagnostics = try lintDiagnostics(bad)
        let failure = diagnostics.first { $0["severity"] == .string("error") }
        #expect(failure?["code"] == .string("badValue"), "\(diagnostics)")
        #expect(failure?["field"] == .string("IABGPP_6_String: uspv1.notice"))
        #expect(failure?["message"]?.stringValue?.contains("at character 1") == true)
        let good = preferences([("IABGPP_6_String", .string("1YNN")), ("IABGPP_HDR_Sections", .string("6"))])
        let checks = try lintDiagnostics(good)
        #expect(!checks.contains { $0["severity"] == .string("error") }, "\(checks)")
        #expect(finding(checks, code: "gppSectionsWithoutString", field: "IABGPP_HDR_GppString") != nil)
        #expect(finding(checks, code: "inAppKeyMissing", field: "IABGPP_HDR_Version") != nil)
        #expect(finding(checks, code: "inAppKeyDifferent", field: "IABGPP_6_String") == nil)
    }
}
