import ConsentCore
import ConsentTestSupport
import Testing

/// The comparison rule of the vectors (`Vectors/README.md`), which every vector test shares.
@Suite("Partial JSON comparison")
struct PartialMatchTests {
    private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    @Test("Keys the expectation does not list are not compared")
    func unlistedKeysAreIgnored() throws {
        let actual = try json(#"{"a": 1, "b": {"c": 2, "d": 3}, "encoding": {"x": 1}}"#)
        #expect(actual.mismatches(against: try json(#"{"b": {"c": 2}}"#)).isEmpty)
        #expect(actual.mismatches(against: try json("{}")).isEmpty)
    }

    @Test("Nested objects are compared key by key, with the path in the report")
    func nestedMismatchNamesPath() throws {
        let actual = try json(#"{"sections": {"usnat": {"saleOptOut": 1}}}"#)
        let found = actual.mismatches(against: try json(#"{"sections": {"usnat": {"saleOptOut": 2}}}"#))
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("sections.usnat.saleOptOut:") == true)
    }

    @Test("Arrays must match exactly, objects inside them included")
    func arraysAreExact() throws {
        let actual = try json(#"{"ids": [1, 2, 3], "list": [{"a": 1, "b": 2}]}"#)
        #expect(actual.mismatches(against: try json(#"{"ids": [1, 2]}"#)).count == 1)
        #expect(actual.mismatches(against: try json(#"{"list": [{"a": 1}]}"#)).count == 1)
        #expect(actual.mismatches(against: try json(#"{"list": [{"b": 2, "a": 1}]}"#)).isEmpty)
    }

    @Test("A listed null must be null, and a listed key must be present")
    func listedNullAndMissingKeys() throws {
        let actual = try json(#"{"publisherTC": {"publisherConsents": []}, "allowedVendors": null}"#)
        #expect(actual.mismatches(against: try json(#"{"allowedVendors": null}"#)).isEmpty)
        #expect(actual.mismatches(against: try json(#"{"publisherTC": null}"#)).count == 1)
        #expect(actual.mismatches(against: try json(#"{"disclosedVendors": null}"#)).count == 1)
    }

    @Test("Scalars compare exactly; numbers by value")
    func scalarsAreExact() throws {
        let actual = try json(#"{"n": 2, "s": "EN", "b": false}"#)
        #expect(actual.mismatches(against: try json(#"{"n": 2.0, "s": "EN", "b": false}"#)).isEmpty)
        #expect(actual.mismatches(against: try json(#"{"n": "2"}"#)).count == 1)
        #expect(actual.mismatches(against: try json(#"{"b": 0}"#)).count == 1)
    }
}
