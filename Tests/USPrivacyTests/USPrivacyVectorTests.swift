import ConsentCore
import Testing
import USPrivacy

/// The US Privacy lines of the golden vectors (usp.jsonl and invalid.jsonl), copied with their ids.
@Suite struct USPrivacyVectorTests {
    struct Valid: Sendable, CustomStringConvertible {
        let id: String
        let input: String
        let notice: String
        let optOutSale: String
        let lspaCovered: String
        var description: String { id }
    }

    static let valid: [Valid] = [
        Valid(id: "usp-Prebid.js-001", input: "1NY-", notice: "N", optOutSale: "Y", lspaCovered: "-"),
        Valid(id: "usp-Prebid.js-002", input: "1Y--", notice: "Y", optOutSale: "-", lspaCovered: "-"),
        Valid(id: "usp-Prebid.js-003", input: "1--Y", notice: "-", optOutSale: "-", lspaCovered: "Y"),
        Valid(id: "usp-Prebid.js-007", input: "1YYN", notice: "Y", optOutSale: "Y", lspaCovered: "N"),
        Valid(id: "usp-USPrivacy-001", input: "1-Y-", notice: "-", optOutSale: "Y", lspaCovered: "-"),
        Valid(id: "usp-iabgpp-es-001", input: "1---", notice: "-", optOutSale: "-", lspaCovered: "-"),
        Valid(id: "usp-iabgpp-es-003", input: "1YNN", notice: "Y", optOutSale: "N", lspaCovered: "N"),
        Valid(id: "usp-iabgpp-rs-001", input: "1YN-", notice: "Y", optOutSale: "N", lspaCovered: "-"),
        Valid(id: "usp-iabgpp-rs-003", input: "1YYY", notice: "Y", optOutSale: "Y", lspaCovered: "Y"),
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
            id: "invalid-usp-iabgpp-rs-001",
            input: "ZYN-",
            code: .badVersion,
            field: "version",
            characterOffset: 0
        ),
        Invalid(id: "invalid-usp-iabgpp-rs-004", input: "1N", code: .badValue, field: "", characterOffset: 2),
        Invalid(
            id: "invalid-usp-prebid-server-001",
            input: "malformed",
            code: .badValue,
            field: "",
            characterOffset: 4
        ),
        Invalid(id: "invalid-usp-prebid-server-002", input: "1NY", code: .badValue, field: "", characterOffset: 3),
        Invalid(
            id: "invalid-usp-prebid-server-004",
            input: "1X--",
            code: .badValue,
            field: "notice",
            characterOffset: 1
        ),
        Invalid(
            id: "invalid-usp-prebid-server-006",
            input: "1-X-",
            code: .badValue,
            field: "optOutSale",
            characterOffset: 2
        ),
        Invalid(
            id: "invalid-usp-prebid-server-007",
            input: "1-y-",
            code: .badValue,
            field: "optOutSale",
            characterOffset: 2
        ),
        Invalid(
            id: "invalid-usp-prebid-server-009",
            input: "1--y",
            code: .badValue,
            field: "lspaCovered",
            characterOffset: 3
        ),
    ]

    @Test(arguments: valid)
    func decodesValidVectorToItsExpectedJSON(vector: Valid) throws {
        let value = try USPrivacyString(encoded: vector.input)
        let expected = JSONObject([
            ("type", .string("usp")), ("version", .int(1)), ("notice", .string(vector.notice)),
            ("optOutSale", .string(vector.optOutSale)), ("lspaCovered", .string(vector.lspaCovered)),
        ])
        var json = try #require(value.jsonValue().objectValue)
        json["encoding"] = nil
        #expect(json == expected)
        #expect(try value.encoded() == vector.input)
        #expect(try value.encoded(options: .canonical) == vector.input)
        #expect(try USPrivacyString(json: value.jsonValue()) == value)
    }

    @Test(arguments: invalid)
    func rejectsInvalidVectorWithTypedError(vector: Invalid) {
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(encoded: vector.input) }
        #expect(error?.code == vector.code)
        #expect(error?.format == .usp)
        #expect(error?.field.description == vector.field)
        #expect(error?.characterOffset == vector.characterOffset)
    }
}
