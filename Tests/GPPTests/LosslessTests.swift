import ConsentCore
import GPP
import Testing

/// Unchanged text comes back byte for byte; changed or built values encode as iabgpp-es/java do.
@Suite struct LosslessTests {
    @Test func bothPaddingStylesRoundTrip() throws {
        for text in [
            "DBABL~BAAAAAAAAQ.Q", "DBABLA~BAAAAAAAAQA.QA", "DBABL~CAAAAAAAAABA.QA",
            "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN",
        ] {
            #expect(try GPPString(encoded: text).encoded() == text)
        }
    }

    @Test func aChangedSectionIsReencodedAndTheRestKept() throws {
        var string = try GPPString(encoded: "DBABrw~BAAAAAAAAQ.Q~BAAAAACA")
        var usnat = try #require(string.usNational)
        try usnat.set("saleOptOut", to: .integer(1))
        string[id: 7] = .fields(usnat)
        #expect(string.originalText == nil)
        // usca keeps its text; usnat is written canonically (byte-then-6 padding).
        #expect(try string.encoded() == "DBABrw~BAAQAAAAAQA.QA~BAAAAACA")
        // A header whose ids did not change keeps its (6-bit) padding.
        var single = try GPPString(encoded: "DBABL~BAAAAAAAAQ.Q")
        single[id: 7] = .fields(usnat)
        #expect(try single.encoded() == "DBABL~BAAQAAAAAQA.QA")
        #expect(try single.encoded(options: .canonical) == "DBABLA~BAAQAAAAAQA.QA")
    }

    /// A key no layout of the section has is refused, not dropped: `gpc` in usva (which has no GPC subsection)
    /// would otherwise encode as if it were not there.
    @Test func aKeyTheSectionDoesNotHaveIsRefused() throws {
        let section = try GPPFieldSection(.usVirginia, encoded: "Bhhhhhg")
        var object = try #require(section.jsonValue().objectValue)
        object["encoding"] = nil
        #expect(try GPPFieldSection(.usVirginia, json: .object(object)).encoded() == "Bhhhhhg")
        for (key, named) in [("gpc", "gpc"), ("saleOptOutNotise", "")] {
            var changed = object
            changed[key] = .bool(true)
            let error = thrownError { () throws(ConsentError) in
                _ = try GPPFieldSection(.usVirginia, json: .object(changed))
            }
            #expect(error?.code == .badJSON, "\(key)")
            #expect(error?.field.description == named, "\(key)")
        }
    }

    /// The same holds for the string's own object, for the sections object (a section given twice) and for an
    /// unknown section's object, whose one key is `raw`.
    @Test func aKeyTheStringDoesNotHaveIsRefused() throws {
        let string = try GPPString(encoded: "DBACNYA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN")
        var object = try #require(string.jsonValue().objectValue)
        object["encoding"] = nil
        #expect(try GPPString(json: .object(object)) == string)
        for (key, named) in [("sectionId", ""), ("version", "version")] {
            let changed = JSONObject(object.members.map { ($0.key, $0.value) } + [(key, .int(1))])
            let error = thrownError { () throws(ConsentError) in _ = try GPPString(json: .object(changed)) }
            #expect(error?.code == .badJSON, "\(key)")
            #expect(error?.fieldPath == named, "\(key)")
        }
        let sections = try #require(object["sections"]?.objectValue)
        var twice = object
        twice["sections"] = .object(JSONObject(sections.members.map { ($0.key, $0.value) } + [sections.members[1]]))
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(json: .object(twice)) }
        #expect(error?.code == .badJSON)
        #expect(error?.fieldPath == "sections")
        var unknown = try #require(rawDocument(id: 4, raw: "Zm9v").objectValue)
        unknown["sections"] = .object(
            JSONObject([("4", .object(JSONObject([("raw", .string("Zm9v")), ("x", .int(1))])))])
        )
        let unknownError = thrownError { () throws(ConsentError) in _ = try GPPString(json: .object(unknown)) }
        #expect(unknownError?.code == .badJSON)
        #expect(unknownError?.fieldPath == "section.raw")
    }

    @Test func removingASectionRewritesTheHeader() throws {
        var string = try GPPString(encoded: "DBABrw~BAAAAAAAAQ.Q~BAAAAACA")
        string[id: 8] = nil
        #expect(try string.encoded() == "DBABLA~BAAAAAAAAQ.Q")
    }

    @Test func builtValuesEncodeAsIabgppEsDefaults() throws {
        var usnat = GPPFieldSection(.usNational)
        #expect(try GPPString(sections: [.fields(usnat)]).encoded() == "DBABLA~CAAAAAAAAABA")
        usnat.gpc = false
        #expect(try GPPString(sections: [.fields(usnat)]).encoded() == "DBABLA~CAAAAAAAAABA.QA")
        usnat.gpc = true
        #expect(try usnat.encoded() == "CAAAAAAAAABA.YA")
        usnat.gpc = nil
        #expect(try usnat.encoded() == "CAAAAAAAAABA")
        // Version 1 only on request: the 12/2 layout.
        var version1 = GPPFieldSection(.usNational, layoutIndex: 0)
        try version1.set("version", to: .integer(1))
        version1.gpc = false
        #expect(try version1.encoded() == "BAAAAAAAAQA.QA")
        #expect(try GPPFieldSection(.usMaryland).encoded() == "BQAA")
        #expect(try GPPFieldSection(.usIndiana).encoded() == "BQAA")
    }

    @Test func sectionsAreWrittenInAscendingIDOrder() throws {
        let string = GPPString(sections: [
            .fields(GPPFieldSection(.usCalifornia)), .fields(GPPFieldSection(.usNational)),
        ])
        #expect(try string.encoded() == "DBABrw~CAAAAAAAAABA~BAAAAABA")
        // Kept in that order, so the built string equals itself decoded, and the order it was given in does not
        // change what it is (it was unequal to its own round trip, and [8, 7] to [7, 8]).
        #expect(string.sectionIDs == [7, 8])
        #expect(try GPPString(encoded: string.encoded()) == string)
        var reordered = string
        reordered.sections.reverse()
        #expect(reordered.sectionIDs == [8, 7])
        #expect(reordered == string && reordered.hashValue == string.hashValue)
        #expect(try reordered.encoded() == string.encoded())
    }

    @Test func unknownSectionsAreKeptVerbatim() throws {
        let input = try headerText([7, 99]) + "~BAAAAAAAAQA.QA~Zm9v.YmFy"
        let decoded = try GPPString(encoded: input)
        #expect(decoded.sectionIDs == [7, 99])
        #expect(decoded.jsonValue()["sections"]?["99"] == .object(JSONObject([("raw", .string("Zm9v.YmFy"))])))
        #expect(try decoded.encoded() == input)
        #expect(try decoded.encoded(options: .canonical) == input)
        let fromJSON = try GPPString(json: withoutEncoding(decoded.jsonValue()))
        #expect(try fromJSON.encoded() == input)
    }

    /// `{"type":"gpp","version":1,"sectionIds":[id],"sections":{"<id>":{"raw":raw}}}`.
    func rawDocument(id: Int, raw: String) -> JSONValue {
        let section = JSONValue.object(JSONObject([("raw", .string(raw))]))
        return .object(
            JSONObject([
                ("type", .string("gpp")), ("version", .int(1)), ("sectionIds", .array([.integer(id)])),
                ("sections", .object(JSONObject([(String(id), section)]))),
            ])
        )
    }

    @Test func rawTextThatWouldNotDecodeAsOneSectionIsRefused() throws {
        // `~` would start another section, `.` an empty part; the rest is outside base64url.
        let refused: [(raw: String, offset: Int)] = [
            ("a~b", 1), ("a+b", 1), ("a b", 1), ("a.", 2), (".", 0), ("a\nb", 1), ("a..b", 2), ("", 0),
        ]
        for (raw, offset) in refused {
            let built = GPPString(sections: [.unknown(UnknownGPPSection(id: 4, text: raw))])
            let error = thrownError { () throws(ConsentError) in _ = try built.encoded() }
            #expect(error?.code == .valueOutOfRange, "\(raw)")
            #expect(error?.fieldPath == "section.raw", "\(raw)")
            #expect(error?.characterOffset == offset, "\(raw)")
            #expect(error?.value == 4, "\(raw)")
            let document = rawDocument(id: 4, raw: raw)
            let section = document["sections"]?["4"] ?? .null
            for error in [
                thrownError { () throws(ConsentError) in _ = try GPPString(json: document) },
                thrownError { () throws(ConsentError) in _ = try GPPSection(id: 4, json: section) },
            ] {
                #expect(error?.code == .badJSON, "\(raw)")
                #expect(error?.fieldPath == "section.raw", "\(raw)")
                #expect(error?.value == 4, "\(raw)")
            }
        }
        // What the decoder accepts as one section is written, and reads back as it.
        for raw in ["Zm9v", "Zm9v.YmFy", "ab=", "A"] {
            let text = try GPPString(sections: [.unknown(UnknownGPPSection(id: 4, text: raw))]).encoded()
            #expect(text == "DBABWA~" + raw)
            #expect(try GPPString(encoded: text).jsonValue()["sections"]?["4"]?["raw"] == .string(raw))
            #expect(try GPPString(json: rawDocument(id: 4, raw: raw)).encoded() == text)
        }
    }

    @Test func aChangedJSONDocumentKeepsTheUnchangedSectionsText() throws {
        let text = "DBABrw~BAAAAAAAAQ.Q~BAAAAACA"
        let json = try GPPString(encoded: text).jsonValue()
        guard case .object(var object) = json, case .object(var sections)? = object["sections"],
            case .object(var usnat)? = sections["usnat"]
        else {
            Issue.record("unexpected JSON shape")
            return
        }
        usnat["saleOptOut"] = .int(1)
        sections["usnat"] = .object(usnat)
        object["sections"] = .object(sections)
        let changed = try GPPString(json: .object(object))
        #expect(try changed.encoded() == "DBABrw~BAAQAAAAAQA.QA~BAAAAACA")
        // Unchanged, the whole text comes back.
        #expect(try GPPString(json: json).encoded() == text)
        // Without the encoding memory, everything is canonical.
        #expect(try GPPString(json: withoutEncoding(json)).encoded() == "DBABrw~BAAAAAAAAQA.QA~BAAAAACA")
    }

    @Test func jsonErrorsNameTheKey() throws {
        let document = try JSONValue(
            parsing: #"{"type":"gpp","version":1,"sectionIds":[7],"sections":{"usnat":{"version":2,"saleOptOut":1}}}"#
        )
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(json: document) }
        #expect(error?.code == .badJSON)
        #expect(error?.segment.description == "usnat")
        #expect(error?.field.description == "sharingNotice")
        let missing = try JSONValue(parsing: #"{"type":"gpp","version":1,"sectionIds":[7],"sections":{}}"#)
        #expect(thrownError { () throws(ConsentError) in _ = try GPPString(json: missing) }?.code == .badJSON)
        let wrongType = try JSONValue(parsing: #"{"type":"tcf","version":1,"sectionIds":[],"sections":{}}"#)
        #expect(thrownError { () throws(ConsentError) in _ = try GPPString(json: wrongType) }?.code == .unknownFormat)
        // A section that sectionIds does not list is an error, not a section silently left out of the string.
        let usnat = try GPPString(encoded: "DBABLA~CVVVkkkkkpFY.YA").jsonValue()["sections"]?["usnat"]
        let raw = JSONValue.object(JSONObject([("raw", .string("Zm9v"))]))
        for (ids, sections) in [([JSONValue](), [("usnat", usnat)]), ([.int(7)], [("usnat", usnat), ("99", raw)])] {
            let document = JSONValue.object(
                JSONObject([
                    ("version", .int(1)), ("sectionIds", .array(ids)),
                    ("sections", .object(JSONObject(sections.map { ($0.0, $0.1 ?? .null) }))),
                ])
            )
            let unlisted = thrownError { () throws(ConsentError) in _ = try GPPString(json: document) }
            #expect(unlisted?.code == .badJSON)
            #expect(unlisted?.field.description == "sectionIds")
        }
    }

    @Test func gpcSegmentIncludedFalseLeavesTheSubsectionOut() throws {
        var usnat = GPPFieldSection(.usNational)
        usnat.gpc = true
        guard case .object(var object) = usnat.jsonValue() else { return }
        object["gpcSegmentIncluded"] = .bool(false)
        let section = try GPPFieldSection(.usNational, json: .object(object))
        #expect(section.gpc == nil)
    }

    /// `"gpcSegmentIncluded": true` with no `gpc` is a subsection without its field: refused, naming `gpc` (the
    /// subsection was left out without a word).
    @Test func gpcSegmentIncludedTrueWithoutGPCIsRefused() throws {
        guard case .object(var object) = GPPFieldSection(.usNational).jsonValue() else { return }
        object["gpcSegmentIncluded"] = .bool(true)
        let error = #expect(throws: ConsentError.self) { try GPPFieldSection(.usNational, json: .object(object)) }
        #expect(error?.code == .badJSON)
        #expect(error?.field.description == "gpc")
        object["gpc"] = .bool(false)
        #expect(try GPPFieldSection(.usNational, json: .object(object)).gpc == false)
    }

    /// A tcfcav1 `consentLanguage` of `"en"` reads as `EN`, as a TC string's does (it was refused).
    @Test func twoLetterCodesReadInEitherCase() throws {
        guard case .object(var object) = GPPFieldSection(.tcfCanada).jsonValue() else { return }
        object["consentLanguage"] = .string("fr")
        let section = try GPPFieldSection(.tcfCanada, json: .object(object))
        #expect(section.value("consentLanguage") == .letters("FR"))
    }

    /// A Version the decoder refuses (a state section's is 1, gpp-sections.md §7) is refused as the decoder refuses
    /// it, `badVersion` with the Version given; it was `valueOutOfRange`, "does not fit its field", though 2 fits six
    /// bits. One the field cannot hold is still `valueOutOfRange`.
    @Test func aVersionTheDecoderRefusesIsBadVersion() throws {
        var utah = GPPFieldSection(.usUtah)
        let refused = thrownError { () throws(ConsentError) in try utah.set("version", to: .integer(2)) }
        #expect(refused?.code == .badVersion && refused?.value == 2 && refused?.field.description == "version")
        let tooWide = thrownError { () throws(ConsentError) in try utah.set("version", to: .integer(64)) }
        #expect(tooWide?.code == .valueOutOfRange)
    }

    /// gpp-sections.md, GPC subsection: "SubsectionType ... only 1 is valid here". Another type was written as 1
    /// without a word; it is refused, naming the key.
    @Test func aGPCSubsectionTypeOtherThanOneIsRefused() throws {
        var usnat = GPPFieldSection(.usNational)
        usnat.gpc = true
        guard case .object(var object) = usnat.jsonValue() else { return }
        for type in [0, 2, 3] {
            object["gpcSegmentType"] = .int(Int64(type))
            let error = thrownError { () throws(ConsentError) in
                _ = try GPPFieldSection(.usNational, json: .object(object))
            }
            #expect(error?.code == .badJSON)
            #expect(error?.field.description == "gpcSegmentType")
        }
        object["gpcSegmentType"] = .int(1)
        #expect(try GPPFieldSection(.usNational, json: .object(object)).gpc == true)
    }
}

/// Equality is about meaning, as for the TC string.
@Suite struct EqualityTests {
    @Test func equalValuesAreEqualHoweverWritten() throws {
        let sixBit = try GPPString(encoded: "DBABL~BAAAAAAAAQ.Q")
        let bytePadded = try GPPString(encoded: "DBABLA~BAAAAAAAAQA.QA")
        #expect(sixBit == bytePadded)
        #expect(sixBit.hashValue == bytePadded.hashValue)
        #expect(try sixBit.encoded() != bytePadded.encoded())
        var built = GPPFieldSection(.usNational, layoutIndex: 0)
        try built.set("version", to: .integer(1))
        built.gpc = false
        #expect(GPPString(sections: [.fields(built)]) == sixBit)
        var changed = built
        try changed.set("saleOptOut", to: .integer(2))
        #expect(changed != built)
    }
}
