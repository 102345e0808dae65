import ConsentCore
import TCF
import Testing

/// What each invalid TC vector must fail with, worked out by hand from the bits (tcf.md sections in comments).
struct ExpectedFailure: Sendable, CustomStringConvertible {
    let id: String
    let code: ConsentError.Code
    let segment: String
    let field: String
    let bitOffset: Int
    let characterOffset: Int

    var description: String { id }

    static let all: [ExpectedFailure] = [
        // 228 bits: MaxVendorId at 213 needs 16, 15 left.
        .init("invalid-tcf-go-gdpr-001", .truncated, "core", "vendorConsents", 213, 0),
        // v1.1, MaxVendorId 53974, range, 4095 entries claimed; the fifth single entry's id at 255 has 3 bits.
        .init("invalid-tcf-go-gdpr-002", .truncated, "core", "vendorConsents", 255, 0),
        // MaxVendorId 60, bitfield at 230, 10 bits left.
        .init("invalid-tcf-go-gdpr-003", .truncated, "core", "vendorConsents", 230, 0),
        // MaxVendorId 3, range, 1 entry at 242: its id at 243 has 9 bits.
        .init("invalid-tcf-go-gdpr-005", .truncated, "core", "vendorConsents", 243, 0),
        // 2 entries: single id 1, then the second's id at 260 has 4 bits.
        .init("invalid-tcf-go-gdpr-007", .truncated, "core", "vendorConsents", 260, 0),
        // Entry at 242 is the single id 0 (§4: id 0 -> badValue), the id at 243: the offset is the value's, as for
        // a truncated id (go-gdpr-005) and as explain lays it out.
        .init("invalid-tcf-go-gdpr-008", .badValue, "core", "vendorConsents", 243, 0),
        // Entry at 242 is id 1, entry at 259 is id 0 (its id at 260).
        .init("invalid-tcf-go-gdpr-010", .badValue, "core", "vendorConsents", 260, 0),
        // v1.1 of 168 bits: MaxVendorId at 156 has 12.
        .init("invalid-tcf-go-gdpr-012", .truncated, "core", "vendorConsents", 156, 0),
        // First character `A`: Version 0 (§3: any version but 1 and 2 -> badVersion).
        .init("invalid-tcf-go-gdpr-013", .badVersion, "core", "version", 0, 0),
        // v1.1 range, DefaultConsent 1, one range entry from 1 whose EndVendorId at 203 has 7 bits.
        .init("invalid-tcf-go-gdpr-015", .truncated, "core", "vendorConsents", 203, 0),
        // v1.1 range entry at 186: single id 0 (§8), at 187.
        .init("invalid-tcf-go-gdpr-017", .badValue, "core", "vendorConsents", 187, 0),
        // v1.1 range entry at 186: range starting at 0 (§8), at 187.
        .init("invalid-tcf-go-gdpr-018", .badValue, "core", "vendorConsents", 187, 0),
        // ConsentLanguage at 108 is 000000 110001: second letter 49 is no letter (§2: 26-63 -> badValue).
        .init("invalid-tcf-iabconsent-002", .badValue, "core", "consentLanguage", 108, 0),
        // First character `D`: Version 3.
        .init("invalid-tcf-iabgpp-rs-002", .badVersion, "core", "version", 0, 0),
        // §11 example 5: disclosed vendors MaxVendorId 733 as a bitfield at bit 20, 28 bits follow.
        .init("invalid-tcf-iabtcf-es-001", .truncated, "disclosedVendors", "disclosedVendors", 20, 245),
        // `CA==`: Created at 6 needs 36 bits, 6 left.
        .init("invalid-tcf-iabtcf-java-002", .truncated, "core", "created", 6, 0),
        // No core: the first segment starts with `I`, Version 8.
        .init("invalid-tcf-iabtcfv2-001", .badVersion, "core", "version", 0, 0),
        // §3: a later segment of type 0 (the core repeated) -> badValue.
        .init("invalid-tcf-iabtcfv2-002", .badValue, "core", "segmentType", 0, 295),
    ]

    init(
        _ id: String,
        _ code: ConsentError.Code,
        _ segment: String,
        _ field: String,
        _ bitOffset: Int,
        _ characterOffset: Int
    ) {
        self.id = id
        self.code = code
        self.segment = segment
        self.field = field
        self.bitOffset = bitOffset
        self.characterOffset = characterOffset
    }
}

@Suite struct InvalidVectorTests {
    @Test func everyInvalidTCVectorHasAnExpectedFailure() {
        #expect(Set(Vectors.invalid.map(\.id)) == Set(ExpectedFailure.all.map(\.id)))
    }

    @Test(arguments: ExpectedFailure.all)
    func invalidVectorFailsWithItsCodeFieldAndOffset(_ expected: ExpectedFailure) throws {
        let vector = try #require(Vectors.invalid.first { $0.id == expected.id })
        let error = try #require(throws: ConsentError.self) { try TCFString(encoded: vector.input) }
        #expect(error.code == expected.code, "\(expected.id)")
        #expect(error.format == .tcf)
        #expect(error.segment.description == expected.segment, "\(expected.id)")
        #expect(error.field.description == expected.field, "\(expected.id)")
        #expect(error.bitOffset == expected.bitOffset, "\(expected.id)")
        #expect(error.characterOffset == expected.characterOffset, "\(expected.id)")
    }
}
