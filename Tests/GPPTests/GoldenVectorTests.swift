import ConsentCore
import GPP
import Testing

@Suite struct GoldenVectorTests {
    @Test func theVectorFilesAreThere() {
        #expect(Vector.valid.count == 58)
        #expect(Vector.invalid.count == 11)
    }

    @Test(arguments: Vector.valid)
    func everyValidVectorDecodesToItsExpectation(_ vector: Vector) throws {
        let string = try GPPString(encoded: vector.input)
        let expect = try #require(vector.expect)
        let mismatch = subsetMismatch(expected: expect, actual: string.jsonValue())
        #expect(mismatch == nil, "\(vector.id)")
    }

    @Test(arguments: Vector.valid)
    func everyDeclaredSectionOfEveryVectorDecodesToItsExpectation(_ vector: Vector) throws {
        let string = try GPPString(encoded: vector.input)
        let sections = try #require(vector.expect?["sections"]?.objectValue)
        let actual = string.jsonValue()["sections"]
        for (key, expected) in sections where GPPSectionDeclaration.declaration(prefix: key) != nil {
            let mismatch = subsetMismatch(expected: expected, actual: actual?[key], path: key)
            #expect(mismatch == nil, "\(vector.id)")
        }
    }

    @Test(arguments: Vector.valid)
    func everyValidVectorReencodesToItsInput(_ vector: Vector) throws {
        let string = try GPPString(encoded: vector.input)
        #expect(try string.encoded() == vector.input)
        // Through JSON too: the document's encoding memory gives the text back.
        let again = try GPPString(json: string.jsonValue())
        #expect(try again.encoded() == vector.input)
    }

    @Test(arguments: Vector.valid)
    func everyValidVectorReencodesCanonicallyToTheSameValues(_ vector: Vector) throws {
        let string = try GPPString(encoded: vector.input)
        let canonical = try string.encoded(options: .canonical)
        let decoded = try GPPString(encoded: canonical)
        #expect(
            withoutEncoding(decoded.jsonValue()) == withoutEncoding(string.jsonValue()),
            "\(vector.id): \(canonical)"
        )
    }

    /// Code, segment, field and bit offset each invalid vector must fail with.
    static let expectedErrors: [String: (ConsentError.Code, String, String, Int?)] = [
        "invalid-gpp-go-gpp-002": (.badVersion, "usca", "version", 0),
        "invalid-gpp-go-gpp-003": (.truncated, "header", "sectionIds", 12),
        "invalid-gpp-go-gpp-004": (.unknownFormat, "header", "type", 0),
        "invalid-gpp-iabconsent-002": (.unknownFormat, "header", "type", 0),
        "invalid-gpp-iabconsent-004": (.badVersion, "header", "version", 6),
        "invalid-gpp-iabconsent-005": (.badValue, "header", "sectionIds", 12),
        "invalid-gpp-iabconsent-007": (.unknownFormat, "header", "type", 0),
        "invalid-gpp-iabgpp-es-002": (.badValue, "header", "sectionIds", 12),
        "invalid-gpp-iabgpp-java-001": (.unknownFormat, "header", "type", 0),
        "invalid-gpp-iabgpp-java-002": (.unknownFormat, "header", "type", 0),
        "invalid-gpp-iabgpp-rs-002": (.unknownFormat, "header", "type", 0),
    ]

    @Test(arguments: Vector.invalid)
    func everyInvalidVectorFailsWithItsCodeFieldAndOffset(_ vector: Vector) throws {
        let expected = try #require(Self.expectedErrors[vector.id], "no expectation for \(vector.id)")
        let thrown = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: vector.input) }
        let error = try #require(thrown, "\(vector.id) decoded")
        #expect(error.code == expected.0, "\(vector.id): \(error)")
        #expect(error.segment.description == expected.1, "\(vector.id): \(error)")
        #expect(error.field.description == expected.2, "\(vector.id): \(error)")
        #expect(error.bitOffset == expected.3, "\(vector.id): \(error)")
        #expect(error.format == ConsentFormat.gpp)
    }
}
