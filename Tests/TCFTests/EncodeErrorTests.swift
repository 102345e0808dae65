import ConsentCore
import TCF
import Testing

@Suite struct EncodeErrorTests {
    func expectOutOfRange(_ value: TCString, field: String, segment: String = "core") {
        let error = #expect(throws: ConsentError.self) { try value.encoded() }
        #expect(error?.code == .valueOutOfRange, "\(field)")
        #expect(error?.field.description == field)
        #expect(error?.segment.description == segment, "\(field)")
    }

    @Test func valuesThatDoNotFitTheirFieldsAreValueOutOfRangeNamingTheField() {
        expectOutOfRange(TCString(created: -1), field: "created")
        expectOutOfRange(TCString(lastUpdated: 1 << 36), field: "lastUpdated")
        expectOutOfRange(TCString(cmpId: 4096), field: "cmpId")
        expectOutOfRange(TCString(cmpVersion: -3), field: "cmpVersion")
        expectOutOfRange(TCString(consentScreen: 64), field: "consentScreen")
        expectOutOfRange(TCString(vendorListVersion: 4096), field: "vendorListVersion")
        expectOutOfRange(TCString(policyVersion: 64), field: "policyVersion")
        expectOutOfRange(TCString(specialFeatureOptins: [13]), field: "specialFeatureOptins")
        expectOutOfRange(TCString(purposeConsents: [25]), field: "purposeConsents")
        expectOutOfRange(TCString(purposeLegitimateInterests: [1, 30]), field: "purposeLegitimateInterests")
        expectOutOfRange(
            TCString(publisherRestrictions: [PublisherRestriction(purposeId: 0, restrictionType: .notAllowed)]),
            field: "publisherRestrictions.purposeId"
        )
        expectOutOfRange(
            TCString(publisherRestrictions: [PublisherRestriction(purposeId: 64, restrictionType: .notAllowed)]),
            field: "publisherRestrictions.purposeId"
        )
        expectOutOfRange(
            TCString(
                publisherRestrictions: [
                    PublisherRestriction(
                        purposeId: 2,
                        restrictionType: .notAllowed,
                        vendorIds: IDSet(stride(from: 1, through: 9000, by: 2))
                    )
                ]
            ),
            field: "publisherRestrictions.vendorIds"
        )
        expectOutOfRange(
            TCString(publisherTC: PublisherTC(numCustomPurposes: 64)),
            field: "numCustomPurposes",
            segment: "publisherTC"
        )
        expectOutOfRange(
            TCString(publisherTC: PublisherTC(numCustomPurposes: 2, publisherCustomConsents: [3])),
            field: "publisherCustomConsents",
            segment: "publisherTC"
        )
        expectOutOfRange(
            TCString(publisherTC: PublisherTC(publisherConsents: [25])),
            field: "publisherConsents",
            segment: "publisherTC"
        )
        for bad in ["", "CAAA", "YAAA", "gA.A", "g+"] {
            expectOutOfRange(TCString(unknownSegments: [bad]), field: "unknownSegments", segment: "unknownSegment")
        }
    }

    @Test func legacyValuesThatDoNotFitAreValueOutOfRange() {
        let error = #expect(throws: ConsentError.self) { try TCStringV1(cmpId: 5000).encoded() }
        #expect(error?.code == .valueOutOfRange && error?.field.description == "cmpId")
        let purposes = #expect(throws: ConsentError.self) { try TCStringV1(purposesAllowed: [25]).encoded() }
        #expect(purposes?.field.description == "purposesAllowed")
    }

    @Test func vendorSetsPickTheShorterFormWithExactSizesAndTheBitfieldOnATie() throws {
        // [1, 3, 5]: bitfield 5 bits, ranges 12 + 3 * 17 = 63: bitfield.
        #expect(try TCString(vendorConsents: [1, 3, 5]).encodedVendorForm() == "bitField")
        // 1...1000: bitfield 1000 bits, ranges 12 + 33 = 45: range.
        #expect(try TCString(vendorConsents: IDSet(1...1000)).encodedVendorForm() == "range")
        // One id N: bitfield N bits, ranges 12 + 17 = 29 bits. 28: bitfield; 29: a tie keeps the bitfield; 30: range.
        #expect(try TCString(vendorConsents: [28]).encodedVendorForm() == "bitField")
        #expect(try TCString(vendorConsents: [29]).encodedVendorForm() == "bitField")
        #expect(try TCString(vendorConsents: [30]).encodedVendorForm() == "range")
    }

    /// A timestamp no string can hold still has a JSON form (the encoder is what refuses it), for any Int64.
    @Test func theJSONFormOfATimestampOutOfRangeIsWrittenNotTrapped() throws {
        for extreme in [Int64.max, Int64.min, -1] {
            let value = TCString(created: extreme)
            let created = value.jsonValue()["created"]?.stringValue
            #expect(created == Timestamp.iso8601(deciseconds: extreme), "\(extreme)")
            expectOutOfRange(value, field: "created")
            var legacy = TCStringV1()
            legacy.lastUpdated = extreme
            #expect(legacy.jsonValue()["lastUpdated"]?.stringValue == Timestamp.iso8601(deciseconds: extreme))
        }
    }
}

extension TCString {
    /// The form the canonical encoder chose for the vendor consents.
    func encodedVendorForm() throws -> String {
        let text = try encoded()
        let value = try TCString(encoded: text)
        let encoding = value.jsonValue()["encoding"]
        return encoding?["vendorConsents"]?["form"]?.stringValue ?? "?"
    }
}
