import ConsentCore
import TCF
import Testing

/// The JSON readers refuse a key the form does not have, where they would otherwise drop it without a word: a
/// misspelt optional member (`allowedVendor`) would encode a string without the segment the writer meant.
@Suite struct JSONKeyTests {
    /// A string with every segment, so that every optional member is in its JSON form.
    static let everySegment = "CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.P__wAgAAv__A.QAAA.YAAAAAAAAAA"

    static func document(_ change: (inout JSONObject) -> Void) throws -> JSONObject {
        var object = try #require(TCString(encoded: everySegment).jsonValue(includeEncoding: false).objectValue)
        change(&object)
        return object
    }

    static func error(_ object: JSONObject) -> ConsentError? {
        #expect(throws: ConsentError.self) { try TCString(json: .object(object)) }
    }

    @Test func theDocumentAsWrittenReadsBack() throws {
        let object = try Self.document { _ in }
        #expect(try TCString(json: .object(object)) == TCString(encoded: Self.everySegment))
    }

    @Test(arguments: [
        ("allowedVendor", "", ""),  // misspelt
        ("vendorIds", "", "vendorIds"),  // a restriction's key, out of place
        ("publisherConsents", "", "publisherConsents"),  // a publisherTC key at the top level
        ("gpc", "", ""),
    ])
    func anUnknownTopLevelKeyIsRefused(key: String, segment: String, field: String) throws {
        let object = try Self.document { $0[key] = .array([.int(1)]) }
        let error = Self.error(object)
        #expect(error?.code == .badJSON)
        #expect(error?.segment.description == segment)
        #expect(error?.field.description == field)
    }

    /// Read from text, the error points at the refused key (its UTF-8 offset in the text); built in code, it cannot.
    @Test func aRefusedKeyReadFromTextIsPointedAt() throws {
        let text = try TCString(encoded: Self.everySegment).jsonValue(includeEncoding: false).description
        // A misspelt key at the top level, just after the `{`.
        let topLevel = #"{"allowedVendor":[1],"# + text.dropFirst()
        let topLevelError = try #require(throws: ConsentError.self) { try TCString(json: JSONValue(parsing: topLevel)) }
        #expect(topLevelError.code == .badJSON)
        #expect(topLevelError.characterOffset == 1)
        // One inside publisherTC.
        let nested = text.replacing(#""publisherConsents""#, with: #""publisherConsent""#)
        let key = try #require(nested.utf8.firstRange(of: Array(#""publisherConsent""#.utf8))).lowerBound
        let nestedError = try #require(throws: ConsentError.self) { try TCString(json: JSONValue(parsing: nested)) }
        #expect(nestedError.segment.description == "publisherTC")
        #expect(nestedError.characterOffset == nested.utf8.distance(from: nested.utf8.startIndex, to: key))
        let built = try Self.document { $0["allowedVendor"] = .array([.int(1)]) }
        #expect(Self.error(built)?.characterOffset == nil)
    }

    @Test func anUnknownKeyInPublisherTCIsRefused() throws {
        let object = try Self.document { object in
            guard case .object(var publisherTC)? = object["publisherTC"] else { return }
            publisherTC["publisherConsent"] = .array([.int(2)])
            object["publisherTC"] = .object(publisherTC)
        }
        let error = Self.error(object)
        #expect(error?.code == .badJSON)
        #expect(error?.segment.description == "publisherTC")
        #expect(error?.field.description == "")
    }

    @Test func anUnknownKeyInARestrictionIsRefused() throws {
        let object = try Self.document { object in
            object["publisherRestrictions"] = .array([
                .object(
                    JSONObject([
                        ("purposeId", .int(2)), ("restrictionType", .int(1)), ("vendorIds", .ids([4])),
                        ("vendorId", .int(5)),
                    ])
                )
            ])
        }
        let error = Self.error(object)
        #expect(error?.code == .badJSON)
        #expect(error?.segment.description == "publisherRestrictions")
    }

    @Test func aKeyGivenTwiceInABuiltObjectIsRefused() throws {
        let object = try Self.document { object in
            object = JSONObject(object.members.map { ($0.key, $0.value) } + [("cmpId", .int(7))])
        }
        let error = Self.error(object)
        #expect(error?.code == .badJSON)
        #expect(error?.field.description == "cmpId")
    }

    @Test func aVersion1DocumentRefusesAKeyOfVersion2() throws {
        let legacy = try TCStringV1(encoded: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        var object = try #require(legacy.jsonValue().objectValue)
        #expect(try TCStringV1(json: .object(object)) == legacy)
        object["policyVersion"] = .int(2)
        let error = #expect(throws: ConsentError.self) { try TCStringV1(json: .object(object)) }
        #expect(error?.code == .badJSON)
        #expect(error?.field.description == "policyVersion")
    }
}
