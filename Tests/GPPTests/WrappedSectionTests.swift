import ConsentCore
import GPP
import TCF
import Testing
import USPrivacy

/// Sections 1, 2 and 6, decoded by the TCF and US Privacy modules.
@Suite struct WrappedSectionTests {
    static let tcString = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    @Test func theCoreSpecificationExamples() throws {
        for header in ["DBACNY", "DBACNYA"] {
            let text = header + "~" + Self.tcString + "~1YNN"
            let string = try GPPString(encoded: text)
            #expect(string.sectionIDs == [2, 6])
            #expect(string.tcfEuV2?.cmpId == 31)
            #expect(string.tcfEuV2?.cmpVersion == 640)
            #expect(string.usPrivacy?.optOutSale == .no)
            #expect(try string.encoded() == text)
            let json = string.jsonValue()
            #expect(json["sections"]?["tcfeuv2"]?["type"] == nil, "section 2 is the TC string object without type")
            #expect(json["sections"]?["uspv1"]?["notice"] == .string("Y"))
        }
        let quoted = thrownError { () throws(ConsentError) in
            _ = try GPPString(encoded: "DBABMA~" + Self.tcString + "~1YNN")
        }
        #expect(quoted?.code == .badValue)
        #expect(quoted?.field.description == "sectionIds")
    }

    @Test func section2KeepsItsTextWhereItLiesForLosslessEncodingAndJSON() throws {
        let text = "DBACNY~" + Self.tcString + "~1YNN"
        var string = try GPPString(encoded: text)
        let section = try #require(string.tcfEuV2)
        #expect(try section.encoded() == Self.tcString)
        #expect(section.jsonValue()["encoding"]?["original"] == .string(Self.tcString))
        #expect(try TCString(json: section.jsonValue()).encoded() == Self.tcString)
        // Another section changes: the whole text is dropped, section 2 is still written as it was.
        string[id: 6] = .usPrivacy(try USPrivacyString(encoded: "1YYN"))
        #expect(try string.encoded() == "DBACNY~" + Self.tcString + "~1YYN")
        var changed = section
        changed.cmpId = 32
        #expect(!changed.isUnmodifiedDecodedValue)
        #expect(try TCString(encoded: try changed.encoded()).cmpId == 32)
    }

    @Test func aCanonicalOrChangedSection2IsWrittenAsTheTCStringsOwnCanonicalEncoding() throws {
        let text = "DBACNY~" + Self.tcString + "~1YNN"
        var string = try GPPString(encoded: text)
        let section = try #require(string.tcfEuV2)
        let canonical = try section.encoded(options: .canonical)
        let parts = try string.encoded(options: .canonical).split(separator: "~").map(String.init)
        #expect(parts.dropFirst() == [canonical, "1YNN"])
        var changed = section
        changed.vendorConsents = [1, 2, 3, 700]
        string[id: 2] = .tcfEuV2(changed)
        #expect(try string.encoded() == "DBACNY~" + (try changed.encoded()) + "~1YNN")
        #expect(try GPPString(encoded: try string.encoded()).tcfEuV2 == changed)
        changed.cmpId = 4096
        string[id: 2] = .tcfEuV2(changed)
        let error = thrownError { () throws(ConsentError) in _ = try string.encoded() }
        #expect(error?.code == .valueOutOfRange)
        #expect(error?.field.description == "cmpId")
    }

    @Test func uspv1Sections() throws {
        #expect(try GPPString(encoded: "DBABTA~1---").usPrivacy?.notice == .notApplicable)
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: "DBABTA~1YN") }
        #expect(error?.format == .gpp)
        #expect(error?.segment.description == "uspv1")
        #expect(error?.characterOffset ?? 0 >= 7)
    }

    /// A `uspv1` section's error is US Privacy's own (usp.md §3), its offset counted from the GPP string's start:
    /// the section starts at character 7.
    @Test(
        arguments: [
            ("DBABTA~1YN", ConsentError.Code.badValue, 10), ("DBABTA~1YNNN", .badValue, 11),
            ("DBABTA~1YNX", .badValue, 10), ("DBABTA~2YNN", .badVersion, 7), ("DBABTA~1yNN", .badValue, 8),
        ] as [(String, ConsentError.Code, Int)]
    )
    func uspv1ErrorsCountFromTheStartOfTheGPPString(input: String, code: ConsentError.Code, offset: Int) {
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: input) }
        #expect(error?.code == code)
        #expect(error?.format == .gpp)
        #expect(error?.segment.description == "uspv1")
        #expect(error?.characterOffset == offset)
    }

    @Test func aBrokenTCStringIsReportedAsItsSectionsError() {
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: "DBABMA~CPXxRfAPXxRfAAfKABENB")
        }
        #expect(error?.code == .truncated)
        #expect(error?.format == .gpp)
        #expect(error?.segment.description == "tcfeuv2")
        #expect(error?.characterOffset == 7)
        // A bad character inside section 2 is located in the GPP string.
        let bad = thrownError { () throws(ConsentError) in
            _ = try GPPString(encoded: "DBACNY~" + Self.tcString.prefix(8) + "*" + Self.tcString.dropFirst(9) + "~1YNN")
        }
        #expect(bad?.code == .badBase64)
        #expect(bad?.segment.description == "tcfeuv2")
        #expect(bad?.characterOffset == 15)
    }

    @Test func aCoreEndingBeforePubRestrictionsIsAccepted() throws {
        // gpp.md §7.2: the tolerance iabgpp-es applies to section 2 as to section 5.
        let string = try GPPString(encoded: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAAAAAAAAA")
        #expect(string.tcfEuV2?.publisherRestrictions.isEmpty == true)
    }

    /// The cross-signal findings only (the TC string has findings of its own).
    func crossFindings(_ string: GPPString, _ tcString: String) -> [Diagnostic] {
        string.lint(tcString: tcString).filter { $0.code.hasPrefix("tcString") }
    }

    @Test func section2AgainstAStandaloneTCString() throws {
        let string = try GPPString(encoded: "DBABMA~" + Self.tcString)
        #expect(crossFindings(string, Self.tcString).isEmpty)
        var other = try TCString(encoded: Self.tcString)
        other.cmpId = 32
        other.vendorConsents = [1, 2]
        let findings = crossFindings(string, try other.encoded())
        #expect(findings.map(\.code) == ["tcStringMismatch"])
        #expect(findings.first?.message.contains("cmpId") == true)
        #expect(findings.first?.message.contains("vendorConsents") == true)
        #expect(crossFindings(string, "nonsense").map(\.code) == ["tcStringUndecodable"])
        let canonical = try TCString(encoded: Self.tcString).encoded(options: .canonical)
        if canonical != Self.tcString {
            #expect(crossFindings(string, canonical).map(\.code) == ["tcStringEncodedDifferently"])
        }
        let withoutSection = try GPPString(encoded: "DBABTA~1YNN")
        #expect(crossFindings(withoutSection, Self.tcString).map(\.code) == ["tcStringWithoutSection"])
    }

    @Test func wrappedFindingsCarryTheSectionKey() throws {
        // `1-YN`: Opt-Out Sale '-' mixed with signals is a US Privacy error.
        let string = try GPPString(encoded: "DBABTA~1Y-Y")
        let findings = string.lint()
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.field.hasPrefix("uspv1") })
    }

    @Test func aBuiltStringWithEverySectionKind() throws {
        var string = GPPString()
        string[id: 6] = .usPrivacy(try USPrivacyString(encoded: "1YNN"))
        string[id: 2] = .tcfEuV2(try TCString(encoded: Self.tcString))
        var usnat = GPPFieldSection(.usNational)
        try usnat.set("saleOptOut", to: .integer(1))
        try usnat.set("saleOptOutNotice", to: .integer(1))
        string[id: 7] = .fields(usnat)
        #expect(string.sectionIDs == [2, 6, 7])
        let text = try string.encoded()
        #expect(text == "DBACPeA~" + Self.tcString + "~1YNN~CEAQAAAAAABA")
        let decoded = try GPPString(encoded: text)
        #expect(decoded.usNational?.saleOptOut == 1)
        #expect(try GPPQuery.usNational(.saleOptOut, in: text) == 1)
        let fromJSON = try GPPString(json: withoutEncoding(decoded.jsonValue()))
        #expect(try fromJSON.encoded() == text)
    }
}
