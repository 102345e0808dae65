import ConsentCore
import Testing

@Suite struct JSONTests {
    @Test func parsesEveryKindOfValueAndKeepsKeyOrder() throws {
        let text = #"{"b": [1, -2, 3.5, 1e3, true, false, null], "a": {"x": "y"}, "c": []}"#
        let value = try JSONValue(parsing: text)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
        #expect(
            value["b"]
                == .array([.int(1), .int(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null])
        )
        #expect(value["a"]?["x"]?.stringValue == "y")
        #expect(value["b"]?.arrayValue?[3].intValue == 1000)
        #expect(value["b"]?.arrayValue?[2].intValue == nil)
        #expect(value["b"]?.arrayValue?[4].boolValue == true)
        #expect(value["b"]?.arrayValue?[6].isNull == true)
        #expect(value["missing"] == nil)
        #expect(JSONValue.int(1)["key"] == nil)
    }

    @Test func decodesEveryEscapeIncludingSurrogatePairs() throws {
        let value = try JSONValue(parsing: #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \ud83d\ude00""#)
        #expect(value.stringValue == "\" \\ / \u{08} \u{0C} \n \r \t A é 😀")
    }

    @Test func serializesWithTheEscapesJSONRequiresAndReadsItBack() throws {
        let original = JSONValue.object(
            JSONObject([
                ("text", .string("quote \" backslash \\ newline \n tab \t bell \u{07}")),
                ("ids", .ids([3, 1, 2])), ("nested", .array([.object(JSONObject([("k", .null)])), .array([])])),
                ("empty", .object(JSONObject())), ("double", .double(0.5)),
            ])
        )
        let compact = original.serialized()
        #expect(compact.contains(#"\u0007"#))
        #expect(compact.contains(#""ids":[1,2,3]"#))
        #expect(try JSONValue(parsing: compact) == original)
        let pretty = original.serialized(pretty: true)
        #expect(pretty.contains("\n  \"ids\": [1, 2, 3]"))
        #expect(try JSONValue(parsing: pretty) == original)
        #expect(original.description == compact)
    }

    @Test func objectsReplaceAndRemoveMembersInPlace() {
        var object = JSONObject([("a", .int(1)), ("b", .int(2))])
        object["a"] = .int(3)
        object["c"] = .int(4)
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.count == 2)
        #expect(Array(object).map(\.value) == [.int(3), .int(4)])
        #expect(JSONObject([("a", .int(1))]).hashValue == JSONObject([("a", .int(1))]).hashValue)
    }

    @Test(arguments: [
        ("", 0), ("{", 1), ("[1,", 3), ("[1 2]", 3), (#"{"a" 1}"#, 5), (#"{"a":1,}"#, 7), ("tru", 3), ("nul", 3),
        ("-", 1), ("1.", 2), ("1e", 2), (#""\x""#, 2), (#""\u12G4""#, 5), ("\"a", 2), ("\"\u{01}\"", 2),
        (#""\ud83d""#, 7), (#""\ud83d\u0041""#, 13), ("[] []", 3), ("{1:2}", 1), ("@", 0),
    ])
    func rejectsMalformedTextAtItsOffset(text: String, offset: Int) throws {
        let error = try #require(throws: ConsentError.self) { try JSONValue(parsing: text) }
        #expect(error.code == .badJSON)
        #expect(error.characterOffset == offset, "\(text)")
    }

    /// A repeated key is an error at the repeat, however large the object: readers disagree on which value it has.
    @Test func refusesAKeyGivenTwiceInOneObject() throws {
        for count in [1, 15, 16, 40] {
            let members = (0..<count).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
            let text = "{" + members + #", "k0": true}"#
            let error = try #require(throws: ConsentError.self) { try JSONValue(parsing: text) }
            #expect(error.code == .badJSON)
            #expect(error.characterOffset == text.utf8.count - 11, "\(count) members")
            #expect(error.field.description == "key")
            #expect(try JSONValue(parsing: "{" + members + "}").objectValue?.count == count)
        }
        #expect(try JSONValue(parsing: #"[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]"#).arrayValue?.count == 3)
    }

    /// A parsed object knows where each key starts in its text, until it changes; a built one does not.
    @Test func parsedObjectsKnowWhereTheirKeysAre() throws {
        let text = #"{"a": 1, "bé": {"c": [true]}, "d": null}"#
        var object = try #require(try JSONValue(parsing: text).objectValue)
        #expect((0..<3).map { object.keyOffset(at: $0) } == [1, 9, 31])
        #expect(try #require(object["bé"]?.objectValue).keyOffset(at: 0) == 17)
        #expect(object.keyOffset(at: 3) == nil && object.keyOffset(at: -1) == nil)
        object["a"] = .int(2)  // replaced in place: the keys have not moved
        #expect(object.keyOffset(at: 2) == 31)
        object["e"] = .null
        #expect(object.keyOffset(at: 0) == nil)
        #expect(JSONObject([("a", .null)]).keyOffset(at: 0) == nil)
        let keys = JSONKeySet(["a", "d"])
        let parsed = try #require(try JSONValue(parsing: text).objectValue)
        let member = try #require(keys.firstUnexpectedMember(in: parsed))
        #expect(member.key == "bé" && member.keyOffset == 9)
        #expect(keys.firstUnexpectedMember(in: JSONObject([("a", .null), ("x", .null)]))?.keyOffset == nil)
    }

    @Test func keySetsFindTheFirstKeyOutsideThemOrRepeated() {
        let keys = JSONKeySet(["type", "version", "notice"])
        #expect(keys.firstUnexpectedKey(in: JSONObject([("notice", .null), ("type", .null)])) == nil)
        #expect(
            keys.firstUnexpectedKey(in: JSONObject([("notice", .null), ("notise", .null), ("x", .null)])) == "notise"
        )
        #expect(
            keys.firstUnexpectedKey(in: JSONObject([("type", .null), ("version", .null), ("type", .int(1))])) == "type"
        )
        #expect(keys.name(of: "version")?.description == "version")
        #expect(keys.name(of: "versio") == nil)
        let union = JSONKeySet.union([keys, JSONKeySet(["version", "raw"])])
        #expect(union.name(of: "raw")?.description == "raw")
        #expect(union.firstUnexpectedKey(in: JSONObject([("raw", .null), ("notice", .null)])) == nil)
    }

    @Test func stopsAtTheMaximumDepth() throws {
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 1)
        let error = try #require(throws: ConsentError.self) { try JSONValue(parsing: deep) }
        #expect(error.code == .badJSON)
        #expect(
            try JSONValue(parsing: String(repeating: "[", count: 10) + String(repeating: "]", count: 10)).arrayValue?
                .count == 1
        )
    }

    @Test func largeNumbersBecomeDoublesAndNonFiniteOnesPrintAsNull() throws {
        #expect(try JSONValue(parsing: "123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(JSONValue.double(.infinity).serialized() == "null")
        #expect(JSONValue.integer(UInt8(7)) == .int(7))
    }

    @Test func integersPastInt64AndNegativeIndentsAreWrittenWithoutTrapping() {
        #expect(JSONValue.integer(UInt64.max) == .int(Int64.max))
        #expect(JSONValue.integer(UInt64(7)) == .int(7))
        var output = ""
        JSONValue.array([.string("a")]).write(to: &output, pretty: true, indent: -3)
        #expect(output == "[\n\"a\"\n]", "indents below none count as none")
    }
}

@Suite struct DiagnosticAndErrorTextTests {
    @Test func diagnosticsSortErrorsFirstAndPrintTheirParts() {
        let warning = Diagnostic(.warning, code: "nonCanonicalPadding", field: "core", message: "padding bits set")
        let info = Diagnostic(.info, code: "note", message: "fine")
        #expect(Diagnostic.Severity.error < .warning && Diagnostic.Severity.warning < .info)
        #expect(Diagnostic.Severity.allCases.sorted() == [.error, .warning, .info])
        #expect(warning.description == "warning nonCanonicalPadding (core): padding bits set")
        #expect(info.description == "info note: fine")
        #expect(
            warning.jsonValue.serialized()
                == #"{"severity":"warning","code":"nonCanonicalPadding","field":"core","message":"padding bits set"}"#
        )
    }

    @Test func errorsDescribeFieldOffsetsAndShortfalls() {
        let truncated = ConsentError(
            .truncated,
            format: .tcf,
            segment: "core",
            field: "vendorConsents",
            bitOffset: 213,
            expectedBits: 16,
            availableBits: 4
        )
        #expect(truncated.fieldPath == "core.vendorConsents")
        #expect(
            truncated.description
                == "tcf truncated: input ends too early in core.vendorConsents at bit 213: needed 16 bits, 4 left"
        )
        let badCharacter = ConsentError(.badBase64, characterOffset: 3, value: 43)
        #expect(badCharacter.message == "character outside the base64url alphabet at character 3: value 43")
        let emptySegment = ConsentError(.badBase64, segment: "segment", characterOffset: 45)
        #expect(
            emptySegment.message == "empty segment (no characters between its separators) in segment at character 45"
        )
        let inSegment = ConsentError(.badValue, field: "cmpId", bitOffset: 78).adding(
            format: .gpp,
            segment: "tcfeuv2",
            characterOffset: 7
        )
        #expect(inSegment.fieldPath == "tcfeuv2.cmpId")
        #expect(inSegment.message.hasSuffix("at bit 78 (segment at character 7)"))
        #expect(ConsentError(.empty, segment: "header").fieldPath == "header")
        #expect(Set([truncated, truncated]).count == 1)
        for code: ConsentError.Code in [
            .empty, .unknownFormat, .badBase64, .truncated, .badVersion, .badValue, .tooLong, .valueOutOfRange,
            .badJSON, .policyViolation,
        ] {
            #expect(!code.description.isEmpty && ConsentError(code).message != "error")
        }
        #expect(ConsentFormat.allCases.map(\.description) == ["tcf", "gpp", "usp", "ac"])
    }
}
