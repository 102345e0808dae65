import ConsentInput
import ConsentKit
import Foundation
import Testing

@testable import ConsentCLI

/// decode, encode, lint, explain and keys, run in process with memory streams.
@Suite struct CommandTests {
    static let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    static let gppString = "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"

    // MARK: decode

    @Test func decodeJSONPrintsOneObjectPerStringOfAURL() throws {
        let url =
            "https://x.example/?gdpr=1&gdpr_consent=\(Self.tcString)&gpp=\(Self.gppString)&gpp_sid=2,6&us_privacy=1YNN"
        let result = run(["decode", "--json", url])
        #expect(result.status == 0)
        #expect(try jsonLines(result.output).map { $0["type"]?.stringValue } == ["tcf", "gpp", "usp"])
    }

    /// `--strict` decodes with `DecodingOptions.strict`: an error-level lint finding fails the string
    /// (`policyViolation`), and so does an AC id with leading zeros (ac.md §4: `badValue` in strict mode), on the
    /// command line, from standard input (the cached path too) and in explain.
    @Test func decodeStrictRejectsWhatLintCallsAnError() throws {
        #expect(run(["decode", "--json", "1Y--"]).status == 0)
        let strict = run(["decode", "--json", "--strict", "1Y--"])
        #expect(strict.status == 1)
        #expect(try jsonLines(strict.output).first?["error"]?["code"] == .string("policyViolation"))
        let leadingZeros = run(["decode", "--json", "--strict"], input: "1~007\n1~7\n1~007\n")
        #expect(try jsonLines(leadingZeros.output).map { $0["type"]?.stringValue } == ["error", "ac", "error"])
        #expect(run(["decode", "--json", "--strict", "--no-cache"], input: "1~007\n").status == 1)
        #expect(run(["explain", "--strict", "1~007"]).status == 1)
        #expect(run(["explain", "1~007"]).status == 0)
    }

    /// An empty GPP section is named as such: the error's value (the section's id) alone read as a bad value.
    @Test func anEmptyGPPSectionIsNamed() {
        let last = run(["decode", "DBACTY~1YNN~"]).error
        #expect(last.contains("at character 12: value 7; section 7 (usnat) is empty"), "\(last)")
        let first = run(["decode", "DBACTY~~1YNN"]).error
        #expect(first.contains("at character 7: value 6; section 6 (uspv1) is empty"), "\(first)")
    }

    /// A `policyViolation` names the rule broken, as lint words it, and JSON gives its code as `rule`: the error
    /// alone said "policy rule broken in core.policyVersion" and no more.
    @Test func aStrictRefusalNamesTheRuleBroken() throws {
        let tcString = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"  // TcfPolicyVersion 2
        let text = run(["decode", "--strict", tcString])
        #expect(
            text.error.contains("policy rule broken in core.policyVersion; policyVersionOutdated: "),
            "\(text.error)"
        )
        let lint = try jsonLines(run(["lint", "--json", tcString]).output)
        #expect(lint.description.contains("policyVersionOutdated"), "lint names the same rule")
        for (input, rule) in [(tcString, "policyVersionOutdated"), ("1Y--", "ccpaNotApplicableMixedWithSignals")] {
            let error = try #require(
                try jsonLines(run(["decode", "--json", "--strict", input]).output).first?["error"]
            )
            #expect(error["rule"] == .string(rule), "\(input): \(error)")
            #expect(error["message"]?.stringValue?.contains(rule) == true, "\(input): \(error)")
        }
        // Other errors have no rule.
        let truncated = try #require(try jsonLines(run(["decode", "--json", "CO"]).output).first?["error"])
        #expect(truncated["rule"] == nil)
    }

    /// An empty `gpp_sid` is flagged as an empty `us_privacy` or `gdpr_consent` is: no section is said to apply.
    @Test func decodeFlagsAnEmptyGppSID() {
        let result = run(["decode", "--json", "gpp=DBABTA~1YNN&gpp_sid="])
        #expect(result.status == 0)
        #expect(result.error.contains("emptyParameter"), "\(result.error)")
        #expect(result.error.contains("gpp_sid"), "\(result.error)")
        #expect(!run(["decode", "--json", "gpp=DBABTA~1YNN&gpp_sid=6"]).error.contains("emptyParameter"))
    }

    @Test func decodeKindKeepsOnlyThatKindFromAURL() throws {
        let url = "gdpr_consent=\(Self.tcString)&us_privacy=1YNN"
        let result = run(["decode", "--json", "--kind", "usp", url])
        #expect(try jsonLines(result.output).map { $0["type"]?.stringValue } == ["usp"])
    }

    @Test func decodeKindForcesTheDecoderOfABareString() throws {
        let result = run(["decode", "--json", "--kind", "gpp", Self.tcString])
        #expect(result.status == 1)
        let object = try #require(try jsonLines(result.output).first)
        #expect(object["type"] == .string("error"))
        #expect(object["error"]?["code"] == .string("unknownFormat"))
    }

    @Test func decodeReadsStandardInputSkippingBlankLines() throws {
        let input = "\(Self.tcString)\n\n   \nus_privacy=1YNN\n1YNX\n"
        let result = run(["decode", "--json"], input: input)
        #expect(result.status == 1)
        let objects = try jsonLines(result.output)
        #expect(objects.map { $0["type"]?.stringValue } == ["tcf", "usp", "error"])
        #expect(objects.last?["input"] == .string("1YNX"))
    }

    /// `--json` streaming prints a repeated string from its cache of JSON lines: the output must be the one of
    /// decoding every line (`--no-cache`), byte for byte, errors and their line numbers included.
    @Test(arguments: [[], ["--kind", "tcf"]])
    func decodeJSONOfStandardInputIsTheSameWithAndWithoutTheCache(options: [String]) throws {
        var strings: [String] = []
        for file in ["tcf.jsonl", "gpp.jsonl", "usp.jsonl", "ac.jsonl", "invalid.jsonl"] {
            strings += try Vector.load(file).map(\.input).filter { !$0.contains("\n") }
        }
        let corpus = TestPaths.packageRoot.appendingPathComponent("Benchmarks/Corpus/tcf-typical.txt")
        strings += try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n").prefix(40).map(String.init)
        // Repeats in order, reversed, with trailing white space, and next to inputs that are not bare strings.
        let lines =
            strings + ["gdpr_consent=\(Self.tcString)&us_privacy=1YNN", ""] + strings.reversed()
            + strings.map { $0 + " \r" }
        let input = lines.joined(separator: "\n") + "\n"
        let cached = run(["decode", "--json"] + options, input: input)
        let uncached = run(["decode", "--json", "--no-cache"] + options, input: input)
        #expect(cached.status == uncached.status)
        #expect(cached.output == uncached.output)
        #expect(cached.error == uncached.error)
        #expect(cached.output.split(separator: "\n").count >= 3 * strings.count)
    }

    @Test func decodeSkipsAByteOrderMarkAtTheStartOfStandardInputAndOfATextFile() throws {
        let fromStandardInput = run(["decode", "--json"], input: "\u{FEFF}1YNN\n1NYN\n")
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.output)")
        #expect(try jsonLines(fromStandardInput.output).map { $0["type"]?.stringValue } == ["usp", "usp"])
        var io = CommandIO.memory()
        io.readFile = { _ in .success(ByteOrderMark.utf8 + Array("1YNN\r\n1NYN\r\n".utf8)) }
        let status = CLI.run(arguments: ["decode", "--json", "@list.txt"], io: io)
        #expect(status == .success, "\(io.output.text)")
        #expect(try jsonLines(io.output.text).map { $0["type"]?.stringValue } == ["usp", "usp"])
    }

    @Test func linesOfStandardInputNeverNameFiles() throws {
        let result = run(["decode", "--json"], input: "@" + TestPaths.fixture("strings.txt") + "\n")
        #expect(result.status == 1)
        let object = try #require(try jsonLines(result.output).first)
        #expect(object["type"] == .string("error"))
        #expect(!result.output.contains("CQSbk4"))
    }

    @Test func decodeErrorsGoToStandardErrorOneLineEachWithLineNumbers() {
        let result = run(["decode"], input: "1YNN\n1YNX\nCO\n")
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("error: line 2: usp badValue") == true)
        #expect(lines.last?.hasPrefix("error: line 3: tcf truncated") == true)
        #expect(result.output.contains("US Privacy string"))
    }

    @Test func decodeJSONErrorNamesTheSourceOfAStringFromABidRequest() throws {
        let request = #"{"regs":{"gdpr":1},"user":{"consent":"CO"}}"#
        let result = run(["decode", "--json", request])
        let object = try #require(try jsonLines(result.output).first)
        #expect(object["source"] == .string("user.consent"))
        #expect(object["error"]?["code"] == .string("truncated"))
        #expect(object["error"]?["bitOffset"]?.intValue != nil)
    }

    @Test func decodePrintsCrossChecksOnStandardErrorInJSONMode() {
        let result = run(["decode", "--json", "gdpr=1&us_privacy=1YNN"])
        #expect(result.status == 0)
        #expect(result.error.contains("gdprWithoutTCString"))
    }

    // MARK: encode

    /// What encode prints, decode reads: a lower-case original (which only the library's explicitly lenient decoder
    /// reads) gives the canonical text, standalone and in GPP section 6.
    @Test func encodeNeverPrintsALowerCaseUSPrivacyString() {
        let usp =
            #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N","encoding":{"original":"1ynn"}}"#
        #expect(run(["encode", usp]).output == "1YNN\n")
        let gpp =
            #"{"type":"gpp","version":1,"sectionIds":[6],"sections":{"uspv1":{"version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N","encoding":{"original":"1ynn"}}}}"#
        let encoded = run(["encode", gpp]).output
        #expect(encoded == "DBABTA~1YNN\n")
        #expect(run(["decode", encoded.trimmingCharacters(in: .newlines)]).status == 0)
    }

    /// A refused member is named with what is wrong with it: missing, or a value the field does not take.
    @Test func encodeSaysWhetherAMemberIsMissingOrHasAValueItCannotTake() {
        #expect(
            run(["encode", #"{"type":"usp"}"#]).error.hasSuffix(
                #"bad JSON in version: the member "version" is missing"# + "\n"
            )
        )
        let letter = run(["encode", #"{"type":"usp","version":1,"notice":"y","optOutSale":"N","lspaCovered":"N"}"#])
        #expect(letter.status == 1)
        #expect(
            letter.error.hasSuffix(#"bad JSON in notice: "y" is not a value notice can take"# + "\n"),
            "\(letter.error)"
        )
        let gpp =
            #"{"type":"gpp","version":1,"sectionIds":[6],"sections":{"uspv1":{"version":1,"notice":"Y","optOutSale":"Q","lspaCovered":"N"}}}"#
        let section = run(["encode", gpp]).error
        #expect(section.contains(#""Q" is not a value optOutSale can take"#), "\(section)")
        // A long value is cut, not repeated whole (a 50 MB one made a 50 MB line).
        let long = run([
            "encode",
            #"{"type":"usp","version":1,"notice":""# + String(repeating: "Y", count: 5_000)
                + #"","optOutSale":"N","lspaCovered":"N"}"#,
        ]).error
        #expect(long.utf8.count < 400 && long.contains("… (5002 characters) is not a value notice can take"), "\(long)")
        // The member missing from one US section, present in another: the section the error names decides.
        let sixSections = run(["decode", "--json", "DBABrGA~BVVqAAEABCA~BVoYYZoI~BVoYYYI~BVoYYQg~BVaGGGCA~BVoYYYQg"])
        let withoutVersion = sixSections.output.replacingOccurrences(of: #""usnat":{"version":1,"#, with: #""usnat":{"#)
        let missing = run(["encode", withoutVersion]).error
        #expect(missing.contains(#"the member "version" is missing"#), "\(missing)")
    }

    /// encode reads `@FILE` (its documents, as standard input holds them) and `-` among other operands, as the
    /// other commands read their inputs; `@file` was refused as `bad JSON at character 0`.
    @Test func encodeReadsFilesAndStandardInputAmongItsOperands() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-docs-\(UUID()).jsonl")
        let usp = { (notice: String) in
            #"{"type":"usp","version":1,"notice":"\#(notice)","optOutSale":"N","lspaCovered":"N"}"#
        }
        try Data((usp("Y") + "\n" + usp("N") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = run(["encode", usp("-"), "@" + file.path, "-"], input: usp("Y"))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "1-NN\n1YNN\n1NNN\n1YNN\n")
        let missing = run(["encode", "@/nonexistent/docs.json"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("unreadableFile"), "\(missing.error)")
        // A file with no document says so, as decode does of an empty file (it printed nothing, status 0).
        try Data(" \n\n".utf8).write(to: file)
        let empty = run(["encode", usp("Y"), "@" + file.path])
        #expect(empty.status == 1)
        #expect(empty.output == "1YNN\n")
        #expect(empty.error.contains("holds no JSON document"), "\(empty.error)")
    }

    /// What is wrong with a document's `type`, or that it is a string and not a JSON form, is said: these all said
    /// only `bad JSON in type` or `bad JSON at character 0`.
    @Test func encodeSaysWhatIsWrongWithTheTypeOrThatItWasGivenAString() {
        let cases = [
            (#"{"version":1}"#, #"the member "type" is missing (tcf, gpp, usp or ac)"#),
            (#"{"type":"xyz"}"#, #""xyz" is not a type (tcf, gpp, usp or ac)"#),
            ("[1]", #"the document is not an object with a "type""#),
            ("1YNN", "this is a consent string, not its JSON form"),
            ("CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA", "this is a consent string, not its JSON form"),
        ]
        for (document, hint) in cases {
            let result = run(["encode", document])
            #expect(result.status == 1)
            #expect(result.error.contains(hint), "\(document): \(result.error)")
        }
        #expect(!run(["encode", "hello"]).error.contains("consent string"))
    }

    /// A section under a name no section has is named as the fault: the message said `sectionIds` was missing (with
    /// `--defaults`, which lists the sections it knows) or showed the whole `sections` object. `usnatv1`, usnat's
    /// name in CMPs' `parsedSections` and in iabgpp-es 3.0, is said to be that.
    @Test func encodeNamesASectionNameNoSectionHas() {
        let listed = #"{"type":"gpp","version":1,"sectionIds":[7],"sections":{"usnatv1":{"saleOptOut":1}}}"#
        for arguments in [
            ["encode", listed], ["encode", "--defaults", #"{"type":"gpp","sections":{"usnatv1":{"saleOptOut":1}}}"#],
        ] {
            let result = run(arguments)
            #expect(result.status == 1)
            #expect(result.error.contains(#""usnatv1" is no section's name (usnatv1 is an old name of usnat)"#))
            #expect(!result.error.contains("is missing"), "\(result.error)")
        }
        let unknown = run(["encode", "--defaults", #"{"type":"gpp","sections":{"usnat":{},"usxx":{}}}"#]).error
        #expect(unknown.contains(#""usxx" is no section's name;"#), "\(unknown)")
        #expect(
            run(["encode", "--defaults", #"{"type":"gpp","sections":{"usnat":{},"30":{"raw":"BA"}}}"#]).status == 0
        )
    }

    /// `--defaults`: a document names only what it sets. The string it gives decodes to those values and the
    /// defaults, and a TC string has the disclosed vendors segment TCF 2.3 requires, with the vendors it names
    /// (lint finds nothing missing or undisclosed).
    @Test func encodeWithDefaultsNeedsOnlyTheMembersItSets() throws {
        let document = #"{"type":"tcf","cmpId":10,"purposeConsents":[1],"vendorConsents":[755]}"#
        #expect(run(["encode", document]).error.contains(#"the member "version" is missing"#))
        let encoded = run(["encode", "--defaults", document])
        #expect(encoded.status == 0, "\(encoded.error)")
        let string = encoded.output.trimmingCharacters(in: .newlines)
        let decoded = try #require(try jsonLines(run(["decode", "--json", string]).output).first)
        #expect(decoded["cmpId"] == .int(10))
        #expect(decoded["purposeConsents"] == .array([.int(1)]))
        #expect(decoded["vendorConsents"] == .array([.int(755)]))
        #expect(decoded["policyVersion"] == .int(5))
        #expect(decoded["disclosedVendors"] == .array([.int(755)]))
        #expect(decoded["publisherTC"] == .null)
        let findings = run(["lint", string]).output
        #expect(!findings.contains("disclosedVendorsMissing"), "\(findings)")
        #expect(!findings.contains("vendorNotDisclosed"), "\(findings)")
        // A member given as null stays null; a partial publisherTC is completed.
        let withoutDisclosed = #"{"type":"tcf","disclosedVendors":null,"publisherTC":{"numCustomPurposes":2}}"#
        let other = run(["encode", "--defaults", withoutDisclosed]).output.trimmingCharacters(in: .newlines)
        let otherDecoded = try #require(try jsonLines(run(["decode", "--json", other]).output).first)
        #expect(otherDecoded["disclosedVendors"] == .null)
        #expect(otherDecoded["publisherTC"]?["numCustomPurposes"] == .int(2))
        func withDefaults(_ document: String) -> String { run(["encode", "--defaults", document]).output }
        #expect(withDefaults(#"{"type":"usp","optOutSale":"Y"}"#) == "1-Y-\n")
        #expect(withDefaults(#"{"type":"ac","consentedProviders":[35,1]}"#) == "2~1.35~dv.\n")
        #expect(withDefaults(#"{"type":"ac","version":1,"consentedProviders":[1]}"#) == "1~1\n")
    }

    /// `--defaults` in GPP: sectionIds from the sections given, each section completed in the layout its members
    /// fit (the Version given first), an optional subsection present when one of its members is given.
    @Test func encodeWithDefaultsCompletesEachGPPSection() throws {
        func decodedSections(_ document: String) throws -> JSONValue? {
            let encoded = run(["encode", "--defaults", document])
            #expect(encoded.status == 0, "\(encoded.error)")
            let string = encoded.output.trimmingCharacters(in: .newlines)
            return try jsonLines(run(["decode", "--json", string]).output).first
        }
        let usnat = try decodedSections(#"{"type":"gpp","sections":{"usnat":{"saleOptOut":1,"gpc":true}}}"#)
        #expect(usnat?["sectionIds"] == .array([.int(7)]))
        #expect(usnat?["sections"]?["usnat"]?["version"] == .int(2))
        #expect(usnat?["sections"]?["usnat"]?["saleOptOut"] == .int(1))
        #expect(usnat?["sections"]?["usnat"]?["gpc"] == .bool(true))
        #expect(usnat?["sections"]?["usnat"]?["sensitiveDataProcessing"]?.arrayValue?.count == 16)
        let version1 = try decodedSections(#"{"type":"gpp","sections":{"usnat":{"version":1}}}"#)
        #expect(version1?["sections"]?["usnat"]?["sensitiveDataProcessing"]?.arrayValue?.count == 12)
        #expect(version1?["sections"]?["usnat"]?["gpc"] == .null)
        let several = try decodedSections(
            #"{"type":"gpp","sections":{"uspv1":{"notice":"Y"},"tcfcav1":{"pubPurposesExpressConsent":[1]},"tcfeuv2":{"vendorConsents":[2]}}}"#
        )
        #expect(several?["sectionIds"] == .array([.int(2), .int(5), .int(6)]))
        #expect(several?["sections"]?["tcfeuv2"]?["vendorConsents"] == .array([.int(2)]))
        #expect(several?["sections"]?["tcfcav1"]?["pubPurposesExpressConsent"] == .array([.int(1)]))
        #expect(several?["sections"]?["uspv1"]?["notice"] == .string("Y"))
        // A misspelt key is still refused, and named (it said "a key the object does not have").
        let misspelt = run(["encode", "--defaults", #"{"type":"gpp","sections":{"usnat":{"salesOptOut":1}}}"#])
        #expect(misspelt.status == 1)
        #expect(misspelt.error.contains(#"the key "sections.usnat.salesOptOut" is not one"#), "\(misspelt.error)")
        for (document, key) in [
            (#"{"type":"tcf","purposeconsents":[1]}"#, "purposeconsents"),
            (#"{"type":"usp","nottice":"Y"}"#, "nottice"),
            (#"{"type":"tcf","publisherTC":{"numCustomPurposes":2,"x":1}}"#, "publisherTC.x"),
        ] {
            #expect(run(["encode", "--defaults", document]).error.contains(#"the key "\#(key)" is not one"#), "\(key)")
        }
        // The GPC subsection asked for by its flag alone is written, gpc at its default.
        let flagged = try decodedSections(#"{"type":"gpp","sections":{"usnat":{"gpcSegmentIncluded":true}}}"#)
        #expect(flagged?["sections"]?["usnat"]?["gpc"] == .bool(false))
    }

    @Test func encodeReadsJSONLinesAndPrettyDocuments() {
        let pretty = """
            {
              "type": "usp", "version": 1,
              "notice": "N", "optOutSale": "Y", "lspaCovered": "-"
            }
            {"type":"ac","version":2,"consentedProviders":[35,1],"disclosedProviders":[9]}
            """
        let result = run(["encode"], input: pretty)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "1NY-\n2~1.35~dv.9\n")
    }

    @Test func encodeGivesBackWhatDecodeRead() {
        let decoded = run(["decode", "--json", Self.tcString, Self.gppString, "1YNN", "2~1.35~dv."])
        let encoded = run(["encode"], input: decoded.output)
        #expect(encoded.output == "\(Self.tcString)\n\(Self.gppString)\n1YNN\n2~1.35~dv.\n")
    }

    @Test func encodeReportsBadDocumentsWithTheirNumber() {
        let input = #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"} {"type":"usp"} {oops"#
        let result = run(["encode"], input: input)
        #expect(result.status == 1)
        #expect(result.output == "1YNN\n")
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("error: document 2:") == true)
        #expect(lines.last?.hasPrefix("error: document 3: badJSON") == true)
    }

    /// A key the form does not have is refused, and the line names it and where it is; so is a key given twice, where
    /// it repeats, and a key of the form in the wrong object.
    @Test func encodeRefusesAKeyTheFormDoesNotHave() {
        let misspelt = #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N","optOutSales":"Y"}"#
        let twice = #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N","notice":"N"}"#
        let elsewhere = #"{"type":"tcf","version":2,"vendorIds":[1]}"#
        let section = #"{"type":"gpp","sectionIds":[7],"sections":{"usnat":{"saleOptOutt":1}}}"#
        let result = run(["encode"], input: [misspelt, twice, elsewhere, section].joined(separator: "\n"))
        #expect(result.status == 1)
        #expect(result.output == "")
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"error: document 1: usp badJSON: bad JSON at character 74: the key "optOutSales" is not one this object"#
                    + " has (misspelt?)",
                #"error: document 2: badJSON: bad JSON in key at character 74: "notice" is given twice in its object"#,
                #"error: document 3: tcf badJSON: bad JSON in vendorIds at character 26: the key "vendorIds" belongs in"#
                    + " another object",
                #"error: document 4: gpp badJSON: bad JSON in usnat at character 52: the key "saleOptOutt" is not one"#
                    + " this object has (misspelt?)",
            ]
        )
    }

    /// In a pretty-printed document, a key deep inside is found where it is (offsets count UTF-8 bytes from the start
    /// of the document).
    @Test func encodeNamesAMisspeltKeyInsideAPrettyPrintedDocument() throws {
        let decoded = run(["decode", "--json", Self.tcString]).output
        let pretty = try JSONValue(parsing: decoded).serialized(pretty: true)
        let misspelt = pretty.replacingOccurrences(of: #""publisherConsents""#, with: #""publisherConsent""#)
        let offset = try #require(misspelt.utf8.firstRange(of: Array(#""publisherConsent""#.utf8))).lowerBound
        let result = run(["encode"], input: misspelt)
        #expect(result.status == 1)
        let character = misspelt.utf8.distance(from: misspelt.utf8.startIndex, to: offset)
        // Where that is in lines: the key's line, and its column (the key starts after the indent).
        let lines = misspelt.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains(#""publisherConsent""#) }) + 1
        let column = try #require(lines[line - 1].firstIndex(of: "\"")).utf16Offset(in: lines[line - 1]) + 1
        #expect(line > 1 && column > 1)
        #expect(
            result.error
                == "error: document 1: tcf badJSON: bad JSON in publisherTC at character \(character) (line \(line),"
                + #" column \#(column)): the key "publisherConsent" is not one this object has (misspelt?)"# + "\n"
        )
    }

    /// Well-formed JSON holding a value its field cannot take is not called malformed.
    @Test func encodeSaysWhichMemberIsWrongWithoutCallingTheJSONMalformed() {
        let document = #"{"type":"usp","version":1,"notice":"y","optOutSale":"N","lspaCovered":"N"}"#
        let result = run(["encode"], input: document)
        #expect(result.status == 1)
        #expect(result.error.contains("bad JSON in notice"), "\(result.error)")
        #expect(!result.error.contains("malformed"), "\(result.error)")
    }

    /// A TC string whose 12 publisher restrictions each cover vendors 1 to 65,535: its JSON line is 4.6 MB, longer
    /// than a line of decode's input may be.
    static let restrictedTCString =
        "CN-EdYAN-EdYAAHABDENAwEgAAAAAAAAAAYgAAAAAAGAgAMAAf__BQAYAA__-DAAwAB__8IABgAD__4SADAAH__woAGAAP__hgAMAAf__"
        + "DQAYAA__-HAAwAB__8QABgAD__4iADAAH__xIAGAAP__g"

    @Test func encodeReadsAnyDocumentDecodePrintsHoweverLong() throws {
        let decoded = run(["decode", "--json", Self.restrictedTCString])
        try #require(decoded.status == 0)
        try #require(decoded.output.utf8.count > LineReader.maximumLineLength)
        let usp = run(["decode", "--json", "1YNN"]).output
        let encoded = run(["encode"], input: usp + decoded.output + usp)
        #expect(encoded.status == 0, "\(encoded.error)")
        #expect(encoded.error.isEmpty)
        #expect(encoded.output == "1YNN\n\(Self.restrictedTCString)\n1YNN\n")
    }

    @Test func encodeReportsADocumentLongerThanItsLimitByNumberAndGoesOn() throws {
        var command = try EncodeCommand(arguments: [])
        command.maximumDocumentLength = 1_000
        let usp = #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"}"#
        let long = #"{"type":"ac","version":1,"consentedProviders":["# + String(repeating: "1,", count: 600) + "1]}"
        let io = CommandIO.memory(input: [usp, long, usp].joined(separator: "\n"))
        #expect(command.run(io: io) == .failure)
        #expect(io.output.text == "1YNN\n1YNN\n")
        #expect(
            io.error.text == "error: document 2: tooLong: longer than 1000 bytes, the longest document encode reads\n"
        )
    }

    @Test func encodeSkipsAByteOrderMarkAtTheStartOfStandardInput() {
        let usp = #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"}"#
        let result = run(["encode"], input: "\u{FEFF}" + usp)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "1YNN\n")
    }

    @Test func encodeRefusesAnErrorObject() {
        let result = run(["encode", #"{"type":"error","input":"x","error":{"code":"empty","message":"empty input"}}"#])
        #expect(result.status == 1)
        #expect(result.error.contains("errorDocument"))
    }

    // MARK: lint

    @Test func lintJSONPrintsOneObjectPerInputWithCounts() throws {
        let result = run(["lint", "--json", "1YNN", "1--Y"])
        #expect(result.status == 1)
        let objects = try jsonLines(result.output)
        #expect(objects.count == 2)
        #expect(objects[0]["type"] == .string("lint"))
        #expect(objects[0]["errors"] == .int(0))
        #expect(objects[1]["errors"] == .int(1))
        #expect(objects[1]["diagnostics"]?.arrayValue?.first?["severity"] == .string("error"))
    }

    /// A gpp_sid of `[6]` (an array pasted from a bid request) is bad section ids; an unreplaced macro is only that:
    /// neither is also reported as a gpp_sid that is missing.
    @Test func lintSaysWhatIsWrongWithAGPPSidOnce() throws {
        func codes(_ query: String) throws -> [String] {
            let object = try #require(try jsonLines(run(["lint", "--json", query]).output).first)
            return (object["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
        }
        #expect(try codes("gpp=DBABTA~1YNN&gpp_sid=%5B6%5D") == ["badSectionIDs"])
        #expect(try codes("gpp=DBABTA~1YNN&gpp_sid=${GPP_SID}") == ["unexpandedMacro"])
        #expect(try codes("gpp=DBABTA~1YNN") == ["gppWithoutSectionIDs"])
    }

    /// `-` among other inputs reads standard input where it stands (it was decoded as the string "-").
    @Test func aDashAmongInputsReadsStandardInputThere() throws {
        let result = run(["decode", "--json", "1YNN", "-", "1NNN"], input: "1YYN\n1YNY\n")
        #expect(result.status == 0, "\(result.output)")
        let objects = try jsonLines(result.output)
        #expect(objects.map { $0["optOutSale"]?.stringValue ?? "" } == ["N", "Y", "N", "N"])
        #expect(objects.map { $0["lspaCovered"]?.stringValue ?? "" } == ["N", "N", "Y", "N"])
        let lint = try jsonLines(run(["lint", "--json", "-", "-"], input: "1YNN\n").output)
        #expect(lint.map { $0["input"]?.stringValue } == ["1YNN"])
    }

    /// Each place of a request (URL, cookies) is its own block, named by its place as decode names it: both blocks
    /// had the request's label alone, and could not be told apart.
    @Test func lintNamesEachPlaceOfARequest() {
        let curl = "curl 'https://ads.example/bid?gdpr=1&gdpr_consent=\(Self.tcString)' -H 'Cookie: usprivacy=1YNN'"
        let headings = run(["lint", "--color", "never", curl]).output.split(separator: "\n")
            .filter { !$0.hasPrefix(" ") && !$0.isEmpty }
        #expect(headings.map { $0.split(separator: " ").first ?? "" } == ["URL", "cookies"], "\(headings)")
        #expect(headings.allSatisfy { $0.contains("curl GET ads.example/bid") }, "\(headings)")
    }

    /// The results of an @FILE's lines name each line, as they do for lines of standard input: they all said
    /// `"input":"@file"` and could not be told apart.
    @Test func lintJSONOfAFileNamesEachLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-lint-\(UUID()).txt")
        try Data("1YNN\n\n1Y--\nCO\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try jsonLines(run(["lint", "--json", "@" + file.path]).output)
        let fromInput = try jsonLines(run(["lint", "--json"], input: "1YNN\n\n1Y--\nCO\n").output)
        #expect(fromFile.map { $0["input"]?.stringValue } == ["1YNN", "1Y--", "CO"])
        #expect(fromFile == fromInput)
        let decoded = try jsonLines(run(["decode", "--json", "@" + file.path, "1NNN"]).output)
        #expect(decoded.last?["input"]?.stringValue == nil)
        #expect(decoded[2]["input"] == .string("CO"))
    }

    /// A text file's lines print and count as the same lines on standard input do, now that bare strings of both
    /// take the batch path (`InputExtractorTests.aTextFilesBareLinesGoToTheBatchPathInOrder`): a file of 1.6 million
    /// `1YNN` lines went from 11.2 s and 598 MB to 1.2 s and 36 MB (CHANGELOG).
    @Test func aTextFileDecodesAndCountsAsTheSameLinesOnStandardInput() throws {
        let text = "1YNN\n\n1Y--\nCO\nus_privacy=1NYN\n1YNN\r\nDBABTA~1YNN\n 1YNN\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-lines-\(UUID()).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["decode", "--json"], ["decode", "--json", "--no-cache"], ["stats", "--json"]] {
            let fromFile = run(arguments + ["@" + file.path])
            let fromInput = run(arguments, input: text)
            #expect(fromFile.output == fromInput.output, "\(arguments)")
            #expect(fromFile.status == fromInput.status, "\(arguments)")
        }
        let decoded = try jsonLines(run(["decode", "--json", "@" + file.path]).output)
        #expect(decoded.count == 7)
        #expect(decoded.map { $0["type"]?.stringValue } == ["usp", "usp", "error", "usp", "usp", "gpp", "error"])
    }

    /// A UTF-16 file with a byte order mark (what Windows PowerShell's `>` writes) is read as its text; a compressed
    /// file is refused with the way to read it. Both were read as lines of bytes: every line failed (`holds U+0000`),
    /// or a gzip log gave thousands of failures and exit 1 with no word of compression.
    @Test func aUTF16FileIsReadAsTextAndACompressedOneIsRefused() throws {
        func write(_ bytes: [UInt8], _ name: String) throws -> URL {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-\(name)-\(UUID())")
            try Data(bytes).write(to: file)
            return file
        }
        let text = "1YNN\r\n1NYN\r\n"
        let little = try write([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "le")
        let big = try write([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "be")
        let document = #"{"type":"usp","version":1,"notice":"Y","optOutSale":"Y","lspaCovered":"N"}"#
        let json = try write([0xFF, 0xFE] + document.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "json")
        let gzip = try write([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x0A], "gz")
        defer { for file in [little, big, json, gzip] { try? FileManager.default.removeItem(at: file) } }
        let plain = run(["decode", "--json"], input: text)
        for file in [little, big] {
            let result = run(["decode", "--json", "@" + file.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == plain.output)
        }
        #expect(run(["encode", "@" + json.path]).output == "1YYN\n")
        for arguments in [["decode"], ["encode"]] {
            let refused = run(arguments + ["@" + gzip.path])
            #expect(refused.status == 1)
            #expect(refused.error.contains("is a gzip file: decompress it first (zcat '\(gzip.path)' | consent ...)"))
        }
    }

    /// On standard input a curl command goes on over the lines it continues to (`\` at their end, an open quote), as
    /// in a text file: its first line alone was a request that "carries no consent", and its other lines failed.
    /// `@-` reads standard input whole, as a file: an HTTP request or a JSON document over several lines.
    @Test func standardInputJoinsACurlCommandsLinesAndAtDashReadsItWhole() throws {
        let tc = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"
        let curl =
            "1YNN\ncurl 'https://ib.example/getuid?gdpr=1' \\\n  -b 'euconsent-v2=\(tc)' \\\n  -H 'accept: */*'\n"
            + "1NYN\n"
        let lines = run(["decode", "--json"], input: curl)
        #expect(lines.status == 0, "\(lines.error)")
        let kinds = try jsonLines(lines.output).map { $0["type"]?.stringValue ?? "" }
        #expect(kinds == ["usp", "tcf", "usp"])
        // A quote that never closes ends the command at the end of the input, which then fails as one.
        let open = run(["decode"], input: "curl 'https://ib.example/?gdpr_consent=\(tc)\nmore\n")
        #expect(open.error.contains("a curl command whose quotes do not close"), "\(open.error)")
        let request = "POST /openrtb2/auction HTTP/1.1\nHost: x.example\n\n" + #"{"user":{"consent":"\#(tc)"}}"#
        let whole = run(["decode", "--json", "@-"], input: request)
        #expect(whole.status == 0, "\(whole.error)")
        #expect(try jsonLines(whole.output).map { $0["type"]?.stringValue } == ["tcf"])
        let document =
            "{\n  \"type\": \"usp\", \"version\": 1,\n  \"notice\": \"Y\",\n"
            + "  \"optOutSale\": \"Y\", \"lspaCovered\": \"N\"\n}\n"
        #expect(run(["encode", "@-"], input: document).output == "1YYN\n")
        #expect(run(["decode", "--json", "@-"], input: "").output.contains(#""code":"empty""#))
    }

    /// A line whose first character (after white space) is `#` is a comment: a list's notes and a W3C extended log's
    /// `#Fields:` header were inputs that failed, and made the run fail.
    @Test func commentLinesAreNoInputs() throws {
        let text = "#Version: 1.0\n#Fields: date time cs-uri-query\n1YNN\n  # a note\n1NYN\n"
        let lines = run(["decode", "--json"], input: text)
        #expect(lines.status == 0, "\(lines.error)")
        #expect(try jsonLines(lines.output).count == 2)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-notes-\(UUID()).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(run(["decode", "--json", "@" + file.path]).output == lines.output)
        #expect(run(["stats"], input: text).output.hasPrefix("2 strings in 2 inputs"))
        try Data("# only notes\n\n".utf8).write(to: file)
        #expect(run(["decode", "@" + file.path]).error.contains("holds nothing but # comments"))
        // As an argument, `#` is no comment: what was given is reported.
        #expect(run(["decode", "#1YNN"]).status == 1)
    }

    /// A file above the size limit is refused whole, and the message says how to read a longer log; one at the limit
    /// is read (the limit, 256 MiB in the command, is made small here).
    @Test func aFileAboveTheSizeLimitIsRefusedWithTheWayToStreamIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-size-\(UUID()).txt")
        try Data(repeating: UInt8(ascii: "x"), count: 100).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect((try? SystemCalls.readFile(atPath: file.path, limit: 100).get())?.count == 100)
        let refused = SystemCalls.readFile(atPath: file.path, limit: 99)
        let reason = "larger than 99 bytes; a log of strings of any length streams on standard input (< FILE)"
        #expect(refused == .failure(FileError(path: file.path, reason: reason)))
        #expect(FileError.tooLargeReason(limit: FileError.maximumFileSize).hasPrefix("larger than 256 MiB;"))
    }

    /// What only --strict refuses as a bad value says what it is and which lint finding names it: these said only
    /// `value 1` (a valid segment type) or `value 1` (the id of `01`).
    @Test func strictRefusalsOfABadValueSayWhatIsWrong() {
        let core = "CN-EdYAN-EdYAAKABBENBkEgAAAAAAAAAAYgAAAAAAAA"
        let cases = [
            (core + ".IABq.IABq", "a second segment of this type, which --strict refuses"),
            (core + ".gA", "segment type 4 is not defined, which --strict refuses"),
            ("DBABMA~" + core + ".IABq.IABq", "lint: duplicateSegment"),
            ("2~01.35~dv.", "an id written with a leading zero, which --strict refuses (lint: leadingZeros)"),
        ]
        for (string, hint) in cases {
            let result = run(["decode", "--strict", string])
            #expect(result.status == 1)
            #expect(result.error.contains(hint), "\(string): \(result.error)")
            #expect(run(["decode", string]).status == 0, "\(string) decodes without --strict")
        }
        #expect(!run(["decode", "2~0.35~dv."]).error.contains("leading zero"))
    }

    /// An input that is no consent string because of a control character the terminal did not show (a colour code
    /// copied from a log) says where it is; it listed the four kinds and nothing else.
    @Test func aControlCharacterInAnUnknownInputIsPointedAt() {
        let coloured = run(["decode", "1Y\u{1B}[31mN"]).error
        #expect(coloured.contains("U+001B at character 2 (the start of a terminal's colour code)"), "\(coloured)")
        for (input, hint) in [
            ("1YNN\u{FEFF}1YNN", "U+FEFF at character 4 (a byte order mark"), ("1Y\u{A0}NN", "U+00A0 at character 2"),
            ("\u{200B}1YNN", "U+200B at character 0 (a zero-width space)"),
        ] {
            let error = run(["decode", input]).error
            #expect(error.contains(hint), "\(error)")
        }
        let oldMac = run(["decode", "--kind", "tcf", "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA\r1YNN"]).error
        #expect(oldMac.contains("a carriage return"), "\(oldMac)")
        #expect(!run(["decode", "hello"]).error.contains("control character"))
    }

    /// A character outside ASCII, or a control character inside a string, is named with what it likely is: these said
    /// `value 226` (the first byte of `…`, which `decode` itself puts in a shortened string it shows) or listed the
    /// four kinds and nothing else.
    @Test func aCharacterThatHasNoPlaceInAConsentStringIsNamed() {
        let tc = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA"
        for (input, hint) in [
            ("CQSbk4AQSbk4ANwA…AAAA", "value 226; it holds U+2026 '…' at character 16 (an ellipsis: the string was"),
            (tc + "\u{2014}", "it holds U+2014 '—' at character 44 (a dash an editor put in for '-')"),
            ("\u{421}" + tc.dropFirst(), "it holds U+0421 'С' at character 0 (a Greek or Cyrillic letter"),
            ("CQSbk4AQSbk4\nANwA", "it holds U+000A at character 12 (a line break: was the string broken across"),
            ("\u{201C}1YNN\u{201D}", "it holds U+201C '“' at character 0 (a typographic quote"),
            ("2~1.35~dv.9\u{2026}", "it holds U+2026 '…' at character 11"),
            ("DBABTA~1YN\u{2014}", "it holds U+2014 '—' at character 10 (a dash an editor put in for '-')"),
        ] {
            let error = run(["decode", input]).error
            #expect(error.contains(hint), "\(error)")
        }
        // The dash makes 4 characters of 6 bytes: no word of a length that is not 4.
        #expect(!run(["decode", "DBABTA~1YN\u{2014}"]).error.contains("this one 6 characters"))
        // Nothing to name in a string that fails for another reason.
        #expect(!run(["decode", "2~0.35"]).error.contains("it holds"))
    }

    /// An AC string still percent-encoded (copied raw from a URL, or encoded twice in one) says so; it was
    /// `unknownFormat` or `badVersion` and nothing more.
    @Test func aPercentEncodedACStringSaysSo() {
        let hint = "%7E is '~' percent-encoded: decode the string (once more, if it came from a URL)"
        for input in ["2%7E1.35%7Edv.9", "https://x.example/p?gdpr=1&addtl_consent=2%257E1.35%257Edv.9"] {
            let error = run(["decode", input]).error
            #expect(error.contains(hint), "\(error)")
        }
    }

    /// explain reads standard input as the other commands do (no input, or `-` among others; it was a usage error
    /// and a literal `-`), and an input with nothing to walk fails with a message (it printed nothing, status 0).
    @Test func explainReadsStandardInputAndSaysWhenThereIsNothingToExplain() {
        let fromInput = run(["explain", "--json"], input: "1YNN\n")
        #expect(fromInput.status == 0, "\(fromInput.error)")
        #expect(fromInput.output == run(["explain", "--json", "1YNN"]).output)
        let dash = run(["explain", "--json", "1NNN", "-"], input: "1YNN\n")
        #expect(dash.output == run(["explain", "--json", "1NNN", "1YNN"]).output)
        for (arguments, what) in [
            (["gdpr=1"], "consent string"), (["--kind", "tcf", "us_privacy=1YNN"], "tcf string"),
        ] {
            let result = run(["explain"] + arguments)
            #expect(result.status == 1)
            #expect(result.error.contains("empty: no \(what) to explain in the input"), "\(result.error)")
        }
    }

    /// tcf.md §9 "neither in the future" holds for the TC string of GPP section 2 too (the GPP path had no clock).
    @Test func lintFindsATimestampInTheFutureInGPPSectionTwo() throws {
        let future: Int64 = 1_790_000_000 * 10  // after the memory clock's 1_780_000_000 s
        let tcString = try TCString(created: future, lastUpdated: future, cmpId: 10, vendorConsents: [2]).encoded()
        let gpp = try GPPString(sections: [.tcfEuV2(TCString(encoded: tcString))]).encoded()
        for input in [tcString, gpp] {
            let object = try #require(try jsonLines(run(["lint", "--json", input]).output).first)
            let codes = (object["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
            #expect(codes.contains("timestampInFuture"), "\(input): \(codes)")
        }
    }

    @Test func lintCountsAStringThatDoesNotDecodeAsAnError() throws {
        let result = run(["lint", "--json", "CO"])
        #expect(result.status == 1)
        let object = try #require(try jsonLines(result.output).first)
        #expect(object["diagnostics"]?.arrayValue?.first?["code"] == .string("truncated"))
    }

    @Test func lintComparesStoredInAppKeysWithTheStrings() throws {
        let keys = run(["keys", Self.tcString, "gdpr=1"])
        #expect(keys.status == 0, "\(keys.error)")
        var stored = try JSONValue(parsing: keys.output).objectValue ?? JSONObject()
        let clean = run(["lint", "--json", JSONValue.object(stored).serialized()])
        let cleanCodes = try jsonLines(clean.output).first?["diagnostics"]?.arrayValue?.compactMap {
            $0["code"]?.stringValue
        }
        #expect(cleanCodes?.contains { $0.hasPrefix("inAppKey") } == false)
        stored["IABTCF_PolicyVersion"] = .int(4)
        stored["IABTCF_PublisherCC"] = nil
        let broken = run(["lint", "--json", JSONValue.object(stored).serialized()])
        let codes = try jsonLines(broken.output).first?["diagnostics"]?.arrayValue?.compactMap {
            $0["code"]?.stringValue
        }
        #expect(codes?.contains("inAppKeyDifferent") == true)
        #expect(codes?.contains("inAppKeyMissing") == true)
        #expect(broken.status == 1)
        // IABTCF_CmpSdkID describes the CMP SDK, not the string (inapp-keys.md §1.1): another id is a note only.
        stored = try JSONValue(parsing: keys.output).objectValue ?? JSONObject()
        stored["IABTCF_CmpSdkID"] = .int(999)
        let otherSDK = run(["lint", "--json", JSONValue.object(stored).serialized()])
        let sdkFindings = try jsonLines(otherSDK.output).first?["diagnostics"]?.arrayValue ?? []
        let sdkFinding = sdkFindings.first { $0["code"]?.stringValue == "inAppKeyDifferent" }
        #expect(sdkFinding?["severity"] == .string("info"))
        #expect(otherSDK.status == clean.status, "\(otherSDK.output)")
    }

    @Test func lintComparesWhatTheCMPAPIReturnedWithItsTCString() throws {
        // CPXx...: CMP 31 version 640, policy version 2, service-specific, publisher country DE, no purpose or
        // vendor set.
        let tcString = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        func codes(_ tcData: String) throws -> [String: String] {
            let result = run(["lint", "--json", tcData])
            let diagnostics = try jsonLines(result.output).first?["diagnostics"]?.arrayValue ?? []
            var found: [String: String] = [:]
            for diagnostic in diagnostics where diagnostic["code"] == .string("cmpDataMismatch") {
                found[diagnostic["field"]?.stringValue ?? ""] = diagnostic["message"]?.stringValue
            }
            return found
        }
        let agreeing =
            #"{"tcString":"\#(tcString)","gdprApplies":true,"cmpId":31,"cmpVersion":640,"#
            + #""tcfPolicyVersion":2,"isServiceSpecific":true,"publisherCC":"DE","#
            + #""purpose":{"consents":{"1":false,"2":false}},"vendor":{"consents":{"755":false}}}"#
        #expect(try codes(agreeing).isEmpty)
        let stale =
            #"{"tcString":"\#(tcString)","gdprApplies":true,"cmpId":31,"cmpVersion":641,"#
            + #""useNonStandardTexts":true,"purpose":{"consents":{"1":true,"2":false}},"#
            + #""vendor":{"consents":{"755":true,"8":true},"legitimateInterests":{"755":false}}}"#
        let found = try codes(stale)
        #expect(Set(found.keys) == ["cmpVersion", "useNonStandardTexts", "purpose.consents", "vendor.consents"])
        #expect(found["cmpVersion"]?.contains("641") == true && found["cmpVersion"]?.contains("640") == true)
        #expect(found["vendor.consents"]?.hasSuffix("true where the string has not 8, 755") == true)
        // Another form with the same string has no CMP object to compare.
        #expect(try codes(tcString).isEmpty)
    }

    @Test func lintReportsKeysStoredWithAnotherTypeThanTheTablesGive() throws {
        let keys = run(["keys", Self.tcString, "gdpr=1"])
        var stored = try JSONValue(parsing: keys.output).objectValue ?? JSONObject()
        stored["IABTCF_gdprApplies"] = .string("1")
        stored["IABTCF_PolicyVersion"] = .bool(true)
        stored["IABTCF_PublisherCC"] = .int(7)
        let result = run(["lint", "--json", JSONValue.object(stored).serialized()])
        let typed = try jsonLines(result.output).first?["diagnostics"]?.arrayValue?.filter {
            $0["code"]?.stringValue == "inAppKeyType"
        }
        #expect(
            typed?.compactMap { $0["field"]?.stringValue }.sorted()
                == ["IABTCF_PolicyVersion", "IABTCF_PublisherCC", "IABTCF_gdprApplies"],
            "\(result.output)"
        )
        // The same values with the types of the tables: nothing to say.
        let clean = run(["lint", "--json", keys.output])
        #expect(!clean.output.contains("inAppKeyType"))
    }

    // MARK: keys

    @Test(arguments: ["json", "plist", "android-xml"])
    func keysReadBackAsTheSameKeysInEveryFormat(format: String) throws {
        let result = run(["keys", "--format", format, Self.tcString, "us_privacy=1YNN&gdpr=1", Self.gppString])
        #expect(result.status == 0, "\(result.error)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-keys-\(format)-\(UUID())")
        try Data(result.output.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let lint = run(["lint", "--json", "@" + file.path])
        let codes = try jsonLines(lint.output).first?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes?.contains { $0.hasPrefix("inAppKey") } == false, "\(lint.output)")
    }

    @Test func keysOfTwoStringsOfAKindWarnAndKeepTheFirst() throws {
        let result = run(["keys", "1YNN", "1NYN", "1YNN"])
        #expect(result.status == 0)
        #expect(try JSONValue(parsing: result.output)["IABUSPrivacy_String"] == .string("1YNN"))
        #expect(result.error.components(separatedBy: "repeatedKind").count == 2, "\(result.error)")
        #expect(!run(["keys", "1YNN", "1YNN"]).error.contains("repeatedKind"))
    }

    /// The flags follow the strings' rule: the first input's value is kept, a later one that says otherwise is
    /// warned about, and a later one that cannot be read leaves the kept value alone. A later `gdpr=0` used to win
    /// silently, and a later `gdpr=yes` erased an earlier `gdpr=1`.
    @Test func keysKeepTheFirstFlagAndWarnOfALaterOneThatSaysOtherwise() throws {
        let conflicting = run([
            "keys", "gpp=DBABLA~CVVVkkkkkpFY.YA&gdpr=1&gpp_sid=7", "gdpr=0&gpp_sid=7", "gpp_sid=2,6",
        ])
        #expect(conflicting.status == 0, "\(conflicting.error)")
        #expect(try JSONValue(parsing: conflicting.output)["IABTCF_gdprApplies"] == .int(1))
        #expect(try JSONValue(parsing: conflicting.output)["IABGPP_GppSID"] == .string("7"))
        #expect(conflicting.error.components(separatedBy: "conflictingFlag").count == 3, "\(conflicting.error)")
        let stream = run(["keys", "gdpr=1&us_privacy=1YNN", "-"], input: String(repeating: "gdpr=0\n", count: 50))
        #expect(stream.error.components(separatedBy: "conflictingFlag").count == 2, "one warning, not 50")
        let unreadable = run(["keys", "gdpr=1&us_privacy=1YNN", "gdpr=yes"])
        #expect(try JSONValue(parsing: unreadable.output)["IABTCF_gdprApplies"] == .int(1))
        #expect(unreadable.error.contains("badGdprFlag"), "\(unreadable.error)")
        #expect(unreadable.error.contains("IABTCF_gdprApplies keeps the earlier value"), "\(unreadable.error)")
        let reordered = run(["keys", "gpp=DBABLA~CVVVkkkkkpFY.YA&gpp_sid=2,7", "gpp_sid=7,2"])
        #expect(!reordered.error.contains("conflictingFlag"), "the same sections in another order")
        let agreeing = run(["keys", "gdpr=1&us_privacy=1YNN", "gdpr=1"])
        #expect(!agreeing.error.contains("conflictingFlag"), "\(agreeing.error)")
    }

    @Test func keysLeaveGdprAppliesUnsetForAFlagThatIsNeitherZeroNorOne() throws {
        let cases: [(String, JSONValue?)] = [
            ("gdpr=1", .int(1)), ("gdpr=0", .int(0)), ("gdpr=2", nil), ("gdpr=yes", nil),
        ]
        for (query, expected) in cases {
            let result = run(["keys", Self.tcString, query])
            #expect(result.status == 0, "\(result.error)")
            #expect(try JSONValue(parsing: result.output)["IABTCF_gdprApplies"] == expected, "\(query)")
        }
    }

    @Test func keysWriteAKnownGdprFlagWithoutATCStringToo() throws {
        let result = run(["keys", "gdpr=0&us_privacy=1YNN"])
        #expect(result.status == 0, "\(result.error)")
        let keys = try JSONValue(parsing: result.output)
        #expect(keys["IABTCF_gdprApplies"] == .int(0))
        #expect(keys["IABUSPrivacy_String"] == .string("1YNN"))
        #expect(keys["IABTCF_TCString"] == nil)
    }

    @Test func lintNamesAStringKeyWithTheWrongCapitals() throws {
        let result = run(["lint", "--json", #"{"IABUSPrivacy_string":"1YNN","IABTCF_gdprApplies":0}"#])
        let codes = try jsonLines(result.output).flatMap { $0["diagnostics"]?.arrayValue ?? [] }.compactMap {
            $0["code"]?.stringValue
        }
        #expect(codes.contains("misspelledKey"), "\(result.output)")
    }

    @Test func aDashInAUSPrivacyStringIsUnknownExceptInTheStringThatSaysCCPADoesNotApply() {
        let partial = run(["decode", "--color", "never", "1-Y-"]).output
        #expect(partial.contains("notice       -  unknown"), "\(partial)")
        let none = run(["decode", "--color", "never", "1---"]).output
        #expect(none.contains("optOutSale   -  CCPA does not apply"), "\(none)")
        let explained = run(["explain", "--color", "never", "1-Y-"]).output
        #expect(explained.contains("unknown"), "\(explained)")
    }

    @Test func kindKeepsTheCrossChecksOfTheStringsItLeavesOut() throws {
        let url = "gdpr=1&gdpr_consent=\(Self.tcString)&us_privacy=1YNN"
        let result = run(["lint", "--json", "--kind", "usp", url])
        let codes = try jsonLines(result.output).flatMap { $0["diagnostics"]?.arrayValue ?? [] }.compactMap {
            $0["code"]?.stringValue
        }
        #expect(!codes.contains("gdprWithoutTCString"), "\(result.output)")
    }

    /// With neither a string nor a gdpr flag there is no key to write (a flag alone writes IABTCF_gdprApplies:
    /// InAppKeyCommandTests).
    @Test func keysWithoutAnyStringOrFlagFails() {
        #expect(run(["keys", "us_privacy="]).status == 1)
        #expect(run(["keys", "gdpr=1"]).status == 0)
        #expect(run(["keys", "--format", "yaml", "1YNN"]).status == 64)
    }

    // MARK: explain

    /// Several strings give one stream: each field names the string it is of.
    @Test func explainJSONNamesTheStringOfEachField() throws {
        let fields = try jsonLines(run(["explain", "--json", "1YNN", "1YYN"]).output)
        #expect(fields.count == 8)
        #expect(
            fields.map { $0["input"]?.stringValue ?? "" } == Array(repeating: "1YNN", count: 4)
                + Array(repeating: "1YYN", count: 4)
        )
    }

    @Test func explainJSONPrintsOneObjectPerField() throws {
        let result = run(["explain", "--json", "1YNN"])
        #expect(result.status == 0)
        let fields = try jsonLines(result.output)
        #expect(fields.map { $0["field"]?.stringValue } == ["version", "notice", "optOutSale", "lspaCovered"])
        #expect(fields.last?["characterOffset"] == .int(3))
    }

    /// explain reads a tcfcav1 segment with the vendor encoding decode reads it with (gpp-sections.md §5): the
    /// integer-range one unless the Fibonacci one works where it does not, or ends in clean padding where it
    /// does not. Here both end in bits that are not padding; before, explain showed the Fibonacci reading.
    @Test func explainReadsATCFCanadaSegmentAsDecodeDoes() throws {
        let both = "DBABD~BP_bY8APHtOkAql1ThHJ-PMqEtlLyZuZzAAAAAQAAdoABogAOAA4AAQABgAEAA-AAkACoAHAAeABMA.IAAA"
        let decoded = try #require(try jsonLines(run(["decode", "--json", both]).output).first)
        #expect(decoded["sections"]?["tcfcav1"]?["encoding"]?["vendorEncoding"] == .string("optimizedIntRange"))
        let explained = run(["explain", both]).output
        #expect(explained.contains("pubRestrictions[0].numEntries"), "\(explained)")
        #expect(!explained.contains("vendorIds.maxId"), "\(explained)")
    }

    /// The reading of a tcfcav1 string whose integer ranges name an id above MaxVendorId: the Fibonacci one, in
    /// explain as in decode (vendor 4, not an empty set).
    @Test func explainAndDecodeTakeTheFibonacciReadingOverIDsAboveMaxVendorId() throws {
        let string = "DBABDA~BAAAAAAAAAAAAABABAENABCgAAAAAAAAAAAJABWAAAAA"
        let decoded = try #require(try jsonLines(run(["decode", "--json", string]).output).first)
        #expect(decoded["sections"]?["tcfcav1"]?["vendorExpressConsent"] == .array([.int(4)]))
        let explained = run(["explain", string]).output
        #expect(explained.contains("vendorExpressConsent.fibonacciRange.entries[0].delta"), "\(explained)")
    }

    /// Padding is fewer than 24 zero bits for explain as for decode: the integer-range reading of this core leaves
    /// 29 zero bits, the Fibonacci one 20, so both take the Fibonacci reading (explain took the other). Found by
    /// searching the GPP cross-check's strings for one.
    @Test func explainCallsPaddingWhatDecodeCallsPadding() throws {
        let string = "DBABDA~BIImu8zOpHdsAkqskpHD9HMBr49b9NTaGgA8AAAX_AB0NAIMkAJBABAAVIgAAAAAA"
        let decoded = try #require(try jsonLines(run(["decode", "--json", string]).output).first)
        let encoding = decoded["sections"]?["tcfcav1"]?["encoding"]
        #expect(encoding?["vendorEncoding"] == .string("optimizedFibonacciRange"))
        let explained = run(["explain", string]).output
        // The Fibonacci variant's restrictions: max id, IsRange, bitfield (the integer-range one has entries).
        #expect(explained.contains("pubRestrictions[0].vendorIds.maxId"), "\(explained)")
        #expect(!explained.contains("pubRestrictions[0].numEntries"), "\(explained)")
    }

    /// A Fibonacci delta that takes an id above 65,535 fails in explain where it fails in decode: same bit (the
    /// entry's), same value (the delta).
    @Test func explainStopsAtAFibonacciIDAbove65535AsDecodeDoes() {
        let string = "DBABUCUFg~AAAA"
        #expect(run(["decode", string]).error.hasSuffix("at bit 24 (segment at character 0): value 65536\n"))
        let explained = run(["explain", string])
        #expect(explained.status == 1)
        #expect(explained.output.contains("error: badValue reading sectionIds.entries[0].delta at bit 24: value 65536"))
    }

    @Test func explainShowsWhereAStringStopsAndFails() {
        let result = run(["explain", "COtybn4PA_zT4KjACBENAPCIAEBAAEC"])
        #expect(result.status == 1)
        #expect(result.output.contains("(unread)"))
        #expect(
            result.output.contains(
                "error: truncated reading purposeLegitimateInterests at bit 176: needed 24 bits, 10 left"
            )
        )
    }

    /// A segment that fails after its type was read is named by it (it was "segment").
    @Test func explainNamesASegmentThatFailsByItsType() throws {
        let result = run(["explain", "--json", "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQ"])
        #expect(result.status == 1)
        let fields = try jsonLines(result.output).dropLast()
        #expect(fields.last?["field"] == .string("(unread)"))
        #expect(fields.last?["segment"] == .string("disclosedVendors"))
    }

    /// Two unknown sections are told apart by their ids, the keys `decode --json` gives them.
    @Test func explainNamesUnknownSectionsByTheirIds() {
        let result = run(["explain", "--color", "never", "DBACJDY~x~y"])
        #expect(result.status == 0)
        #expect(result.output.contains("section 99  characters 8-8, 6 bits"), "\(result.output)")
        #expect(result.output.contains("section 100  characters 10-10, 6 bits"), "\(result.output)")
    }

    /// Strings whose fields can all be read but that `decode` rejects: each value is out of its range, or a
    /// segment is not allowed where it is.
    static let stringsThatDoNotDecode = [
        "CN-EdYAN-EdYAAHABDENAwEgAAAAAAAAAAYgAAAAAAAhYAIAAQ",  // restriction type 3
        "CN-EdYAN-EdYAAHABDENAwEgAAAAAAAAAAYgAKQAYAFAAKAAAAA",  // a range that ends before it starts
        "CN-EdYAN-EdYAAHABDENAwEgAAAAAAAAAAYgABwAQAAAAAAA",  // vendor id 0
        "CN-EdYAN-EdYAAHABDENAwEgAAAAAAAAAAYgAAAAAAAgIAIAAQ",  // purpose id 0
        "CN-EdYAN-EdYAAHABDENAwEgAAAAAAAAAAYgAAAAAAAA.AAAA",  // a later segment of type 0
        "BN-EdYAN-EdYBAHABDENAI4AAAAAOABAAAA.IAAA",  // v1.1 with a second segment
        "1yNN", "1YNX", "1YN", "2~1.35", "1~0", "1~2147483648", "2~1.-3~dv.",
    ]

    @Test(arguments: stringsThatDoNotDecode)
    func explainShowsTheFieldsThenTheErrorOfDecodeForAStringThatDoesNotDecode(string: String) throws {
        let explained = run(["explain", "--color", "never", string])
        let decoded = run(["decode", "--color", "never", string])
        #expect(explained.status == 1)
        #expect(explained.error == decoded.error)
        #expect(explained.output.split(separator: "\n").count > 3, "\(explained.output)")

        let explainedJSON = run(["explain", "--json", string])
        let decodedJSON = run(["decode", "--json", string])
        #expect(explainedJSON.status == 1)
        let objects = try jsonLines(explainedJSON.output)
        #expect(objects.filter { $0["type"] == .string("error") }.count == 1)
        #expect(objects.dropLast().allSatisfy { $0["field"] != nil })
        #expect(objects.last == (try JSONValue(parsing: decodedJSON.output)))
        #expect(objects.last?["error"]?["code"]?.stringValue == "badValue")
    }

    @Test func explainReportsWhereAStringIsTruncatedWithTheErrorOfDecode() throws {
        let string = "COtybn4PA_zT4KjACBENAPCIAEBAAEC"
        let result = run(["explain", "--json", string])
        #expect(result.status == 1)
        let objects = try jsonLines(result.output)
        #expect(objects.filter { $0["type"] == .string("error") }.count == 1)
        let error = try #require(objects.last?["error"])
        #expect(error["code"] == .string("truncated"))
        #expect(error["field"] == .string("purposeLegitimateInterests"))
        #expect(error["bitOffset"] == .int(176))
        #expect(objects.last == (try JSONValue(parsing: run(["decode", "--json", string]).output)))
    }

    @Test func explainCountsBitsFromEachSegment() throws {
        let result = run(["explain", "--json", Self.tcString])
        let fields = try jsonLines(result.output)
        let segmentType = try #require(fields.first { $0["segment"] == .string("disclosedVendors") })
        #expect(segmentType["field"] == .string("segmentType"))
        #expect(segmentType["bitOffset"] == .int(0))
        let bitField = try #require(fields.first { $0["field"] == .string("vendorConsents.bitField") })
        #expect(bitField["bitOffset"] == .int(230))
        #expect(bitField["bits"] == .string("1111"))
    }
}

/// The messages people read for the mistakes they make most.
@Suite struct ErrorTextTests {
    @Test func standardBase64GetsAHint() {
        let result = run(["decode", "CPXxRfAPXxRfAAfKABENB+CgAAAAAAAAAAYgAAAAAAAA"])
        #expect(result.status == 1)
        #expect(result.error.contains("tcf badBase64"))
        #expect(result.error.contains("at character 21"))
        #expect(result.error.contains("'-' and '_' (base64url)"))
    }

    @Test func unknownTextNamesTheKindsItCouldBe() {
        let result = run(["decode", "hello"])
        #expect(result.error.contains("unknownFormat"))
        #expect(result.error.contains("GPP string (D…)"))
    }

    @Test func letterFormatsShowTheCharacter() {
        #expect(run(["decode", "1YNX"]).error.contains("('X')"))
    }

    /// A GPP string that fails in one section says which of the others decode (and explain shows them); one whose
    /// header or count of parts fails does not.
    @Test func aGPPErrorNamesTheSectionsThatDecode() {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let broken = run(["decode", "DBACNYA~\(tc)~1YN"])
        #expect(broken.status == 1)
        #expect(broken.error.hasSuffix("; tcfeuv2 decodes (consent explain shows every section)\n"), "\(broken.error)")
        #expect(run(["explain", "DBACNYA~\(tc)~1YN"]).output.contains("tcfeuv2"))
        let short = run(["decode", "DBACNYA~\(tc)"])
        #expect(short.status == 1)
        #expect(!short.error.contains("decodes"), "\(short.error)")
        #expect(!run(["decode", "DBABMA~CPXx"]).error.contains("decode"))
    }

    /// A GPP string refused for its section ids says how many sections the header lists and how many follow (the
    /// error's value alone reads like an id), or that 3 is the header's own id; other header errors say neither.
    @Test func aGPPSectionCountErrorSaysWhatTheHeaderListsAndWhatFollows() {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let hints = [
            ("DBACNYA", "; the header lists 2 sections (ids 2, 6) and 0 follow after it"),
            ("DBABMA~\(tc)~1YNN", "; the header lists 1 section (id 2) and 2 follow after it"),
            ("DBACNYA~\(tc)", "; the header lists 2 sections (ids 2, 6) and 1 follows after it"),
            ("DBAA~", "; the header lists no section and 1 follows after it"),
            // Section ids 2 and 3 (`DBACNg`: two single ids, Fibonacci offsets 2 and 1): the header's own id.
            ("DBACNg~\(tc)~1YNN", "; 3 is the id of the header itself, never of a section"),
        ]
        expectErrorLines(of: hints) { ["decode", $0] }
        #expect(!run(["decode", "DCACNY"]).error.contains("the header lists"))
    }

    /// Each input fails (status 1), its error line holding its hint at the end or before another hint.
    private func expectErrorLines(of hints: [(input: String, hint: String)], running arguments: (String) -> [String]) {
        for (input, hint) in hints {
            let result = run(arguments(input))
            #expect(result.status == 1)
            #expect(result.error.hasSuffix(hint + "\n") || result.error.contains(hint + ";"), "\(result.error)")
        }
    }

    /// A US Privacy string, or a GPP uspv1 section, of the wrong length says how long it is (the error itself names
    /// only a character); other US Privacy errors do not.
    @Test func aUSPrivacyStringOfTheWrongLengthSaysHowLongItIs() {
        let rule = "a US Privacy string has 4 characters (version, notice, optOutSale, lspaCovered)"
        let hints = [
            ("1NNNN", "; \(rule), this one 5 characters"),
            ("1N", "; \(rule), this one 2 characters"),
            ("DBABTA~1", "; \(rule), this one 1 character"),
            ("DBABTA~1YNNY", "; \(rule), this one 5 characters"),
        ]
        expectErrorLines(of: hints) { ["decode", "--kind", $0.hasPrefix("D") ? "gpp" : "usp", $0] }
        for input in ["1YNX", "2YNN", "1yNN"] {
            #expect(!run(["decode", "--kind", "usp", input]).error.contains("4 characters"), "\(input)")
        }
    }

    /// An AC number that is no provider id says which ids there are; other AC errors do not.
    @Test func anACNumberOutsideTheIdsSaysWhichIdsThereAre() {
        for string in ["2~0~dv.", "2~1.2147483648~dv.", "1~9999999999"] {
            #expect(run(["decode", string]).error.hasSuffix("; provider ids are 1 to 2147483647\n"), "\(string)")
        }
        for string in ["2~1.35", "2~1.-3~dv.", "2~1~xx.", "2~65535~dv.", "2~66531~dv."] {
            #expect(!run(["decode", string]).error.contains("provider ids"), "\(string)")
        }
    }

    /// Whitespace is never trimmed; the format's error may point elsewhere (` 1YNN` is one character too long), so
    /// the line says where the whitespace is.
    @Test func whitespaceAroundAStringIsPointedOut() {
        let leading = run(["decode", " 1YNN"])
        #expect(leading.status == 1)
        #expect(leading.error.contains("usp badValue"), "\(leading.error)")
        #expect(leading.error.contains("the input starts with white space"), "\(leading.error)")
        #expect(run(["decode", "2~1~dv. "]).error.contains("the input ends with white space"))
        #expect(!run(["decode", "1YNX"]).error.contains("white space"))
    }

    @Test func nothingIsPrintedOnStandardOutputForAFailingString() {
        let result = run(["decode", "1YNX", "1YNN", "1YNX"])
        #expect(!result.output.hasPrefix("\n"))
        #expect(!result.output.hasSuffix("\n\n"))
    }
}
