import ConsentCore
import GPP
import TCF
import Testing
import USPrivacy

/// Values a program builds or asks for, out of range: an answer or a typed error naming where, never a trap.
@Suite struct CallerValueTests {
    @Test func aFieldIndexOutsideTheLayoutHasNoValue() {
        let usnat = GPPFieldSection(.usNational)
        #expect(usnat.value(at: 0) != nil)
        #expect(usnat.value(at: usnat.fieldCount) == nil)
        #expect(usnat.value(at: -1) == nil)
        #expect(usnat.value(at: .max) == nil)
    }

    /// The JSON form of a blank section of `declaration` with `key` set to `value`.
    func json(of declaration: GPPSectionDeclaration, setting key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var object) = GPPFieldSection(declaration).jsonValue() else { return .null }
        object[key] = value
        return .object(object)
    }

    @Test func aListItemOutOfRangeInJSONNamesTheSectionAndKey() throws {
        let json = json(
            of: .usNational,
            setting: "sensitiveDataProcessing",
            to: .array(Array(repeating: .int(5), count: 16))
        )
        let error = try #require(throws: ConsentError.self) { try GPPFieldSection(.usNational, json: json) }
        #expect(error.code == .valueOutOfRange)
        #expect(error.format == .gpp)
        #expect(error.segment.description == "usnat")
        #expect(error.field.description == "sensitiveDataProcessing")
        #expect(error.value == 5)
    }

    /// usnat's lists of a length no layout has: the error names the list that is wrong for the layout `version`
    /// names (version 2: 16 and 3 items). It named the list the first layout tried disliked, sensitiveDataProcessing
    /// for a version 2 object whose 16 items are right and whose known-child list has 4. Found by an outside check.
    @Test func listsOfNoLayoutsLengthNameTheListWrongForTheVersion() throws {
        let cases: [(version: Int, sensitive: Int, child: Int, wrong: String)] = [
            (2, 16, 4, "knownChildSensitiveDataConsents"), (2, 12, 3, "sensitiveDataProcessing"),
            (1, 12, 3, "knownChildSensitiveDataConsents"), (2, 15, 3, "sensitiveDataProcessing"),
        ]
        for (version, sensitive, child, wrong) in cases {
            var object = try #require(GPPFieldSection(.usNational).jsonValue().objectValue)
            object["version"] = .int(Int64(version))
            object["sensitiveDataProcessing"] = .array(Array(repeating: .int(0), count: sensitive))
            object["knownChildSensitiveDataConsents"] = .array(Array(repeating: .int(0), count: child))
            let error = try #require(throws: ConsentError.self) {
                try GPPFieldSection(.usNational, json: .object(object))
            }
            #expect(error.code == .badJSON)
            #expect(error.field.description == wrong, "version \(version), \(sensitive) and \(child) items")
        }
    }

    @Test func aBadTimestampInJSONNamesTheSectionAndKey() throws {
        let json = json(of: .tcfCanada, setting: "created", to: .string("2025-02-30T00:00:00Z"))
        let error = try #require(throws: ConsentError.self) { try GPPFieldSection(.tcfCanada, json: json) }
        #expect(error.code == .badJSON)
        #expect(error.format == .gpp)
        #expect(error.segment.description == "tcfcav1")
        #expect(error.field.description == "created")
    }

    @Test func widthsPastIntMaxAreNotCounted() {
        #expect(GPPCoding.integerList(count: .max, bitsPerItem: 2).fixedBitCount == nil)
        #expect(GPPCoding.letters(count: .max).fixedBitCount == nil)
        #expect(GPPCoding.integerList(count: 16, bitsPerItem: 2).fixedBitCount == 32)
    }

    /// Section 2 encoded canonically fails as decoding names its failures: the GPP section, the TC string's field.
    @Test func anEncodingErrorInSectionTwoNamesTheSection() throws {
        var tcString = try TCString(encoded: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
        tcString.cmpId = 5_000
        let string = GPPString(sections: [.tcfEuV2(tcString), .usPrivacy(try USPrivacyString(encoded: "1YNN"))])
        let error = try #require(throws: ConsentError.self) { try string.encoded() }
        #expect(error.code == .valueOutOfRange)
        #expect(error.format == .gpp)
        #expect(error.segment.description == "tcfeuv2")
        #expect(error.field.description == "cmpId")
        let decodeError = try #require(throws: ConsentError.self) {
            try GPPString(encoded: "DBACNY~CPXxRfAPXxRf~1YNN")
        }
        #expect(decodeError.segment.description == "tcfeuv2", "the same segment as a decoding error")
    }
}
