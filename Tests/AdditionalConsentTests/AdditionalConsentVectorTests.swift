import AdditionalConsent
import ConsentCore
import Testing

/// The Additional Consent lines of the golden vectors (ac.jsonl and invalid.jsonl), copied with their ids.
@Suite struct AdditionalConsentVectorTests {
    struct Valid: Sendable, CustomStringConvertible {
        let id: String
        let input: String
        let version: Int
        let consented: [Int]
        let disclosed: [Int]?
        var description: String { id }
    }

    static let valid: [Valid] = [
        Valid(
            id: "ac-Prebid.js-001",
            input: "2~1.35.41~dv.9.21",
            version: 2,
            consented: [1, 35, 41],
            disclosed: [9, 21]
        ),
        Valid(id: "ac-Prebid.js-002", input: "2~1.35~dv.", version: 2, consented: [1, 35], disclosed: []),
        Valid(id: "ac-Prebid.js-003", input: "2~~dv.9.21", version: 2, consented: [], disclosed: [9, 21]),
        Valid(id: "ac-Prebid.js-004", input: "1~1.35.41", version: 1, consented: [1, 35, 41], disclosed: nil),
        Valid(id: "ac-Prebid.js-007", input: "2~2~dv.", version: 2, consented: [2], disclosed: []),
        Valid(id: "ac-fides-003", input: "1~2.3.4", version: 1, consented: [2, 3, 4], disclosed: nil),
        Valid(id: "ac-fides-004", input: "2~1.2.3~dv.4.5", version: 2, consented: [1, 2, 3], disclosed: [4, 5]),
        Valid(
            id: "ac-google-ac-spec-001",
            input: "1~1.35.41.101",
            version: 1,
            consented: [1, 35, 41, 101],
            disclosed: nil
        ),
        Valid(
            id: "ac-google-ac-spec-003",
            input: "2~~dv.1.2.3.4.10",
            version: 2,
            consented: [],
            disclosed: [1, 2, 3, 4, 10]
        ),
        Valid(
            id: "ac-google-ac-spec-004",
            input: "2~1.2.3.4.10~dv.",
            version: 2,
            consented: [1, 2, 3, 4, 10],
            disclosed: []
        ),
    ]

    struct Invalid: Sendable, CustomStringConvertible {
        let id: String
        let input: String
        let code: ConsentError.Code
        let field: String
        let characterOffset: Int
        var description: String { id }
    }

    static let invalid: [Invalid] = [
        Invalid(
            id: "invalid-ac-Prebid.js-001",
            input: "2~2343",
            code: .badValue,
            field: "disclosedProviders",
            characterOffset: 6
        ),
        Invalid(
            id: "invalid-ac-Prebid.js-003",
            input: "2~2343~garbage",
            code: .badValue,
            field: "disclosedProviders",
            characterOffset: 7
        ),
        Invalid(
            id: "invalid-ac-Prebid.js-004",
            input: "2~1.35~dv.9.x",
            code: .badValue,
            field: "disclosedProviders",
            characterOffset: 12
        ),
        Invalid(
            id: "invalid-ac-Prebid.js-006",
            input: "1~1.2~dv.3",
            code: .badValue,
            field: "disclosedProviders",
            characterOffset: 5
        ),
        Invalid(
            id: "invalid-ac-Prebid.js-008",
            input: "2~1.-3~dv.",
            code: .badValue,
            field: "consentedProviders",
            characterOffset: 4
        ),
        Invalid(
            id: "invalid-ac-Prebid.js-009",
            input: " 2~1~dv.",
            code: .badValue,
            field: "version",
            characterOffset: 0
        ),
        Invalid(
            id: "invalid-ac-fides-001",
            input: "2~",
            code: .badValue,
            field: "disclosedProviders",
            characterOffset: 2
        ),
        Invalid(id: "invalid-ac-fides-003", input: "3~1.2.3", code: .badVersion, field: "version", characterOffset: 0),
        Invalid(
            id: "invalid-ac-fides-004",
            input: "2~1.2.3~dv.4.5~dv.6.7",
            code: .badValue,
            field: "disclosedProviders",
            characterOffset: 14
        ),
        Invalid(id: "invalid-ac-fides-006", input: "invalid", code: .badVersion, field: "version", characterOffset: 0),
    ]

    @Test(arguments: valid)
    func decodesValidVectorToItsExpectedJSON(vector: Valid) throws {
        let value = try AdditionalConsentString(encoded: vector.input)
        let expected = JSONObject([
            ("type", .string("ac")), ("version", .int(Int64(vector.version))),
            ("consentedProviders", .array(vector.consented.map { .int(Int64($0)) })),
            ("disclosedProviders", vector.disclosed.map { .array($0.map { .int(Int64($0)) }) } ?? .null),
        ])
        var json = try #require(value.jsonValue().objectValue)
        json["encoding"] = nil
        #expect(json == expected)
        #expect(try value.encoded() == vector.input)
        #expect(try AdditionalConsentString(json: value.jsonValue()).encoded() == vector.input)
    }

    @Test(arguments: invalid)
    func rejectsInvalidVectorWithTypedError(vector: Invalid) {
        Self.expectRejection(
            of: vector.input,
            code: vector.code,
            field: vector.field,
            characterOffset: vector.characterOffset
        )
    }

    /// Decoding `input` fails with `code`, naming `field` and the character offset.
    static func expectRejection(
        of input: String,
        code: ConsentError.Code,
        field: String,
        characterOffset: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: ConsentError.self, sourceLocation: sourceLocation) {
            try AdditionalConsentString(encoded: input)
        }
        #expect(error?.code == code, "\(input)", sourceLocation: sourceLocation)
        #expect(error?.format == .ac, sourceLocation: sourceLocation)
        #expect(error?.field.description == field, "\(input)", sourceLocation: sourceLocation)
        #expect(error?.characterOffset == characterOffset, "\(input)", sourceLocation: sourceLocation)
    }
}
