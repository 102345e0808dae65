import ConsentKit
import ConsentTestSupport
import Testing

/// Every golden vector through the one entry point: detected as its kind, decoded losslessly, or rejected with a
/// typed error; and the in-app keys of every TCF and GPP vector agree with its decoded values (inapp-keys.md).
@Suite struct VectorDetectionTests {
    static let valid = (try? VectorLoader.valid()) ?? []
    static let invalid = (try? VectorLoader.invalid()) ?? []

    @Test func loadsTheVectorFiles() throws {
        #expect(try VectorLoader.valid().count > 100)
    }

    @Test(arguments: valid)
    func detectsEveryValidVectorAsItsKind(vector: ConsentVector) throws {
        #expect(try ConsentString.detectFormat(of: vector.input) == vector.kind)
        let value = try ConsentString(encoded: vector.input)
        #expect(value.format == vector.kind)
        #expect(try value.encoded() == vector.input)
    }

    @Test(arguments: invalid)
    func rejectsEveryInvalidVectorWithATypedError(vector: ConsentVector) throws {
        // Decoded as its kind, it fails (with the code the vector files name, checked here for US Privacy and AC;
        // the conformance tests check every kind).
        let direct = #expect(throws: ConsentError.self) { try ConsentString(encoded: vector.input, kind: vector.kind) }
        if vector.kind == .usp || vector.kind == .ac, let expected = vector.expectCode {
            #expect(direct?.code.description == expected)
        }
        // Detected, it fails too, unless it is a valid string of another kind (a bare TC string given to the GPP
        // decoder).
        do {
            let value = try ConsentString(encoded: vector.input)
            #expect(value.format != vector.kind, "\(vector)")
        } catch {
            #expect((error.characterOffset ?? 0) <= vector.input.utf8.count)
        }
    }

    @Test(arguments: valid.filter { $0.kind == .tcf })
    func derivesTCFKeysThatAgreeWithTheDecodedValues(vector: ConsentVector) throws {
        let expect = try #require(vector.expect)
        let keys = try InAppKeys(encodedTCString: vector.input)
        if vector.input.hasPrefix("B") {  // Version 1 (000001)
            Self.expectBits(keys["IABConsent_ParsedPurposeConsents"], expect["purposesAllowed"], vector)
            Self.expectBits(keys["IABConsent_ParsedVendorConsents"], expect["vendorConsents"], vector)
            return
        }
        Self.expectTCF(keys, prefix: "IABTCF_", expect, vector)
        Self.expectBits(keys["IABTCF_DisclosedVendors"], expect["disclosedVendors"], vector)
        #expect(keys["IABTCF_TCString"] == .string(vector.input))
    }

    @Test(arguments: valid.filter { $0.kind == .gpp })
    func derivesGPPKeysThatAgreeWithTheDecodedValues(vector: ConsentVector) throws {
        let expect = try #require(vector.expect)
        let keys = try InAppKeys(encodedGPPString: vector.input)
        let ids = expect["sectionIds"]?.arrayValue?.compactMap(\.intValue) ?? []
        if expect["sectionIds"] != nil {
            #expect(keys["IABGPP_HDR_Sections"] == .string(ids.map(String.init).joined(separator: "_")), "\(vector)")
        }
        // The sections in force are the CMP's to say (inapp-keys.md §2 note 5), and none were given.
        #expect(keys["IABGPP_GppSID"] == nil)
        #expect(keys["IABGPP_HDR_GppString"] == .string(vector.input))
        for id in ids { #expect(keys["IABGPP_\(id)_String"] != nil, "\(vector) section \(id)") }
        if let tcf = expect["sections"]?["tcfeuv2"] { Self.expectTCF(keys, prefix: "IABGPP_TCFEU2_", tcf, vector) }
        if let usp = expect["sections"]?["uspv1"] {
            for (key, member) in [("Notice", "notice"), ("OptOut", "optOutSale"), ("LSPACovered", "lspaCovered")]
            where usp[member] != nil {
                #expect(keys["IABGPP_USP1_\(key)"].flatMap(\.stringValue) == usp[member]?.stringValue, "\(vector)")
            }
        }
    }

    /// The TC string keys of inapp-keys.md §1 against the decoded JSON; a member the vector does not list is not
    /// checked (expectations may be partial, Vectors/README.md).
    static func expectTCF(_ keys: InAppKeys, prefix: String, _ expect: JSONValue, _ vector: ConsentVector) {
        if let version = expect["policyVersion"] {
            #expect(keys[prefix + "PolicyVersion"]?.integerValue == version.intValue, "\(vector)")
        }
        if let country = expect["publisherCountryCode"] {
            #expect(keys[prefix + "PublisherCC"]?.stringValue == country.stringValue, "\(vector)")
        }
        if let treatment = expect["purposeOneTreatment"] {
            #expect(keys[prefix + "PurposeOneTreatment"] == (treatment == .bool(true) ? .integer(1) : .integer(0)))
        }
        expectBits(keys[prefix + "PurposeConsents"], expect["purposeConsents"], vector)
        expectBits(keys[prefix + "PurposeLegitimateInterests"], expect["purposeLegitimateInterests"], vector)
        expectBits(keys[prefix + "SpecialFeaturesOptIns"], expect["specialFeatureOptins"], vector)
        expectBits(keys[prefix + "VendorConsents"], expect["vendorConsents"], vector)
        expectBits(keys[prefix + "VendorLegitimateInterests"], expect["vendorLegitimateInterests"], vector)
        for restriction in expect["publisherRestrictions"]?.arrayValue ?? [] {
            guard let purpose = restriction["purposeId"]?.intValue, let type = restriction["restrictionType"]?.intValue
            else { continue }
            let text = keys[prefix + "PublisherRestrictions\(purpose)"]?.stringValue.map { Array($0.utf8) } ?? []
            for vendor in restriction["vendorIds"]?.arrayValue?.compactMap(\.intValue) ?? [] {
                // The lower type wins when a vendor is listed under two (inapp-keys.md §1.1).
                let written = vendor <= text.count ? Int(text[vendor - 1]) - 48 : -1
                #expect(written >= 0 && written <= type, "\(vector) purpose \(purpose) vendor \(vendor)")
            }
        }
        if let publisher = expect["publisherTC"], publisher != .null {
            expectBits(keys[prefix + "PublisherConsent"], publisher["publisherConsents"], vector)
            expectBits(keys[prefix + "PublisherCustomPurposesConsents"], publisher["publisherCustomConsents"], vector)
        }
    }

    /// A binary string has `1` exactly at the positions of the ids (position *n* = id *n+1*); when the JSON
    /// holds `null` there is no string, and when it does not list the member at all nothing is checked.
    static func expectBits(_ value: InAppValue?, _ ids: JSONValue?, _ vector: ConsentVector) {
        guard let ids else { return }
        guard ids != .null else {
            #expect(value == nil, "\(vector)")
            return
        }
        let expected = Set(ids.arrayValue?.compactMap(\.intValue) ?? [])
        let text = Array(value?.stringValue?.utf8 ?? "".utf8)
        let ones = Set(text.indices.filter { text[$0] == UInt8(ascii: "1") }.map { $0 + 1 })
        #expect(ones == expected, "\(vector)")
    }
}
