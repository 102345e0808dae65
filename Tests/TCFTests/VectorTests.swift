import ConsentCore
import ConsentTestSupport
import TCF
import Testing

@Suite struct VectorTests {
    @Test(arguments: Vectors.valid)
    func validVectorDecodesToItsExpectation(_ vector: Vector) throws {
        let value = try TCFString(encoded: vector.input)
        let expect = try #require(vector.expect)
        #expect(partialMismatches(expected: expect, actual: value.jsonValue()) == [], "\(vector.id)")
    }

    @Test(arguments: Vectors.valid)
    func validVectorReencodesToItsInput(_ vector: Vector) throws {
        let value = try TCFString(encoded: vector.input)
        #expect(try value.encoded() == vector.input)
        // The canonical form decodes to the same values.
        let canonical = try value.encoded(options: .canonical)
        #expect(try TCFString(encoded: canonical) == value, "\(vector.id): \(canonical)")
    }

    @Test(arguments: Vectors.valid)
    func validVectorSurvivesItsJSONForm(_ vector: Vector) throws {
        let value = try TCFString(encoded: vector.input)
        let json = try JSONValue(parsing: value.jsonValue().serialized())
        let rebuilt = try TCFString(json: json)
        #expect(rebuilt == value)
        #expect(try rebuilt.encoded() == vector.input, "encoding.original gives the text back")
    }

    @Test func everyVectorFileWasFound() {
        #expect(Vectors.valid.count >= 68)
        #expect(Vectors.invalid.count >= 15)
    }
}
