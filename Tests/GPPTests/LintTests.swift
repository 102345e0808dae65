import ConsentCore
import GPP
import Testing

/// Each lint rule of gpp-sections.md "Validation rules", on both sides.
@Suite struct LintTests {
    func usnat(_ changes: [(String, Int)], version2: Bool = true) throws -> GPPFieldSection {
        var section = GPPFieldSection(.usNational, layoutIndex: version2 ? 1 : 0)
        if !version2 { try section.set("version", to: .integer(1)) }
        for (key, value) in changes { try section.set(key, to: .integer(value)) }
        return section
    }

    /// The codes of the findings, without the information-level ones (the doubtful MSPA mode-0 branch fires for
    /// any notice in a default section).
    func codes(_ section: GPPFieldSection) -> [String] { section.lint().filter { $0.severity != .info }.map(\.code) }

    @Test func aDefaultSectionIsClean() throws {
        #expect(try usnat([]).lint().isEmpty)
        for declaration in GPPSectionDeclaration.all {
            #expect(GPPFieldSection(declaration).lint().isEmpty, "\(declaration.prefix)")
        }
    }

    /// gpp-sections.md "Validation rules": rule 3 (2-bit value 3, MspaCoveredTransaction 0) is reported "as
    /// warnings"; gpp.md §7.3: "decode such values faithfully".
    @Test func undefinedValuesAreWarnings() throws {
        let section = try usnat([("saleOptOut", 3), ("mspaCoveredTransaction", 0)])
        let findings = section.lint().filter { $0.code == "undefinedValue" }
        #expect(findings.map(\.field) == ["usnat.saleOptOut", "usnat.mspaCoveredTransaction"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        var list = section
        var items = FixedIntegerList(count: 16, bitsPerItem: 2)
        try items.set(4, to: 3)
        try list.set("sensitiveDataProcessing", to: .list(items))
        #expect(list.lint().map(\.field).contains("usnat.sensitiveDataProcessing[4]"))
    }

    /// Irregular padding says what is irregular when it can: a part ending in `=`, or a core with more characters
    /// than either padding gives it, as iabgpp-java's 52-bit usmn cores (its UsMnTest `BVWSSSSVYA.YA`), read with
    /// the spec's 42-bit layout (gpp-sections.md §23), have.
    @Test func irregularPaddingSaysWhatIsIrregular() throws {
        func message(_ text: String) throws -> String? {
            try GPPString(encoded: text).lint().first { $0.code == "nonCanonicalPadding" }?.message
        }
        #expect(try message("DBABIY~BVWSSSSVYA.YA")?.hasPrefix("the core holds 18 bits after its last field") == true)
        #expect(try message("DBABLA~BVVqAAAAAWA=.QA")?.contains("ends with '='") == true)
        #expect(try message("DBABLA~BVVqAAAAAWB.QA") == "padding is neither 6-bit nor byte-then-6-bit zero bits")
        #expect(try message("DBABLA~BVVqAAAAAWA.QA") == nil)
    }

    @Test func strictDecodingRejectsErrorLevelFindings() throws {
        // usp.md §3: '-' in Opt-Out Sale with a signal in the other letters is an error, in section 6 too.
        let text = "DBABTA~1Y--"
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text, options: .strict) }
        #expect(error?.code == .policyViolation)
        #expect(try GPPString(encoded: "DBABLA~BAAAAAAAAQA.QA", options: .strict).usNational != nil)
        // gpp-iabconsent-001 has MspaCoveredTransaction 0: a warning, which strict decoding lets through.
        let undefined = "DBABLA~BVVqAAEABCA"
        #expect(try GPPString(encoded: undefined, options: .strict).usNational?.mspaCoveredTransaction == 0)
    }

    @Test func noticesAndOptOutsMustAgree() throws {
        // notice 0 -> opt-out 0; notice 1 -> 1 or 2; notice 2 -> 1.
        #expect(codes(try usnat([("saleOptOutNotice", 0), ("saleOptOut", 1)])) == ["noticeOptOutMismatch"])
        #expect(codes(try usnat([("saleOptOutNotice", 1), ("saleOptOut", 0)])) == ["noticeOptOutMismatch"])
        #expect(codes(try usnat([("saleOptOutNotice", 2), ("saleOptOut", 2)])) == ["noticeOptOutMismatch"])
        #expect(codes(try usnat([("saleOptOutNotice", 1), ("saleOptOut", 2)])).isEmpty)
        #expect(codes(try usnat([("saleOptOutNotice", 2), ("saleOptOut", 1)])).isEmpty)
    }

    @Test func theTargetedAdvertisingPairTestsItsOwnOptOut() throws {
        // iabgpp-es <= 3.1.4 tested SaleOptOut here; the intended rule tests TargetedAdvertisingOptOut.
        let section = try usnat([
            ("targetedAdvertisingOptOutNotice", 1), ("targetedAdvertisingOptOut", 0), ("saleOptOut", 0),
        ])
        #expect(section.lint().map(\.field) == ["usnat.targetedAdvertisingOptOut"])
        let fine = try usnat([("targetedAdvertisingOptOutNotice", 1), ("targetedAdvertisingOptOut", 2)])
        #expect(fine.lint().isEmpty)
    }

    @Test func usnatAlsoPairsSharingNoticeWithSharingOptOut() throws {
        let section = try usnat([("sharingOptOutNotice", 1), ("sharingOptOut", 2), ("sharingNotice", 0)])
        #expect(section.lint().filter { $0.severity != .info }.map(\.field) == ["usnat.sharingOptOut"])
    }

    @Test func mspaModesMustAgree() throws {
        #expect(codes(try usnat([("mspaServiceProviderMode", 1), ("mspaOptOutOptionMode", 2)])).isEmpty)
        #expect(
            codes(try usnat([("mspaServiceProviderMode", 1), ("mspaOptOutOptionMode", 1)])) == ["mspaModeConflict"]
        )
        #expect(codes(try usnat([("mspaServiceProviderMode", 2), ("mspaOptOutOptionMode", 1)])).isEmpty)
        #expect(
            codes(try usnat([("mspaServiceProviderMode", 2), ("mspaOptOutOptionMode", 0)])) == ["mspaModeConflict"]
        )
        // Service provider mode: no sale, sharing or sensitive-data-limit notices.
        let provider = try usnat([
            ("mspaServiceProviderMode", 1), ("mspaOptOutOptionMode", 2), ("saleOptOutNotice", 1), ("saleOptOut", 2),
            ("sensitiveDataLimitUseNotice", 1),
        ])
        #expect(provider.lint().map(\.field) == ["usnat.saleOptOutNotice", "usnat.sensitiveDataLimitUseNotice"])
        #expect(provider.lint().allSatisfy { $0.severity == .warning })
    }

    @Test func theDoubtfulModeZeroBranchIsOnlyInformation() throws {
        let section = try usnat([("saleOptOutNotice", 1), ("saleOptOut", 2)])
        #expect(section.lint().map(\.code) == ["mspaModeNotApplicable"])
        #expect(section.lint().allSatisfy { $0.severity == .info })
    }

    @Test func howTheSectionWasWrittenIsReported() throws {
        let extra = try GPPString(encoded: "DBABRg~BVoYYYI.QA")
        #expect(extra.lint().map(\.code).contains("unexpectedSubsection"))
        #expect(try extra.encoded() == "DBABRg~BVoYYYI.QA")
        #expect(extra.jsonValue()["sections"]?["usva"]?["encoding"]?["extraSegments"] == .int(1))
        let padded = try GPPString(encoded: "DBABLA~BAAAAAAAAQAAAAA.QA")
        #expect(padded.lint().map(\.code).contains("nonCanonicalPadding"))
        let dirty = try GPPString(encoded: "DBABLA~BAAAAAAAAQB.QA")
        #expect(dirty.lint().map(\.code).contains("nonCanonicalPadding"))
        for clean in ["DBABLA~BAAAAAAAAQA.QA", "DBABLA~BAAAAAAAAQ.Q"] {
            #expect(!(try GPPString(encoded: clean).lint().map(\.code).contains("nonCanonicalPadding")), "\(clean)")
        }
    }

    @Test func sectionIDsListedTwiceOrOutOfOrder() throws {
        let usca = GPPSection.fields(GPPFieldSection(.usCalifornia))
        let usnat = GPPSection.fields(GPPFieldSection(.usNational))
        // The initializer puts sections in id order; a caller can still set them out of order.
        #expect(GPPString(sections: [usca, usnat, usca]).lint().map(\.code) == ["duplicateSectionId"])
        var string = GPPString()
        string.sections = [usca, usnat, usca]
        #expect(string.lint().map(\.code) == ["sectionIdsNotAscending", "duplicateSectionId"])
        let error = thrownError { () throws(ConsentError) in _ = try string.encoded() }
        #expect(error?.code == .valueOutOfRange)
        #expect(error?.field.description == "sectionIds")
        #expect(try GPPString(sections: [usca, usnat]).encoded() == "DBABrw~CAAAAAAAAABA~BAAAAABA")
    }

    @Test func aTrailingEqualsInTheHeaderIsNonCanonicalPadding() throws {
        // gpp.md §1.1: a trailing `=` "is accepted, kept for the round trip and reported by lint".
        // The sections' padding rule, so non-zero padding bits and extra characters are reported as well.
        for text in ["DBABTA=~1YNN", "DBABTA==~1YNN", "DBABT=~1YNN", "DBABTB~1YNN", "DBABTAA~1YNN"] {
            let string = try GPPString(encoded: text)
            #expect(try string.encoded() == text)
            let findings = string.lint().filter { $0.code == "nonCanonicalPadding" }
            #expect(findings.map(\.field) == ["header"], "\(text)")
            #expect(findings.allSatisfy { $0.severity == .warning }, "\(text)")
        }
        for clean in ["DBABTA~1YNN", "DBABT~1YNN", "DBAA"] {
            #expect(try GPPString(encoded: clean).lint().isEmpty, "\(clean)")
        }
        // Once the ids change, the header is written anew: nothing left to report.
        var changed = try GPPString(encoded: "DBABTA=~1YNN")
        changed[id: 7] = .fields(GPPFieldSection(.usNational))
        #expect(!changed.lint().contains { $0.field == "header" })
        #expect(try !changed.encoded().contains("="))
    }

    @Test func theHeaderIDListedAsASectionIsAnError() throws {
        let built = GPPString(sections: [.unknown(UnknownGPPSection(id: 3, text: "abc"))])
        let findings = built.lint()
        #expect(findings.map(\.code) == ["headerSectionId"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.field == "sectionIds")
        // It does not encode either: the decoder would refuse the string.
        let error = thrownError { () throws(ConsentError) in _ = try built.encoded() }
        #expect(error?.code == .valueOutOfRange)
        #expect(error?.fieldPath == "header.sectionIds")
        #expect(error?.value == 3)
        let document = try JSONValue(
            parsing: #"{"type":"gpp","version":1,"sectionIds":[3],"sections":{"3":{"raw":"abc"}}}"#
        )
        let fromJSON = try GPPString(json: document)
        #expect(fromJSON.lint().map(\.code) == ["headerSectionId"])
        #expect(thrownError { () throws(ConsentError) in _ = try fromJSON.encoded() }?.code == .valueOutOfRange)
    }

    @Test func gppSIDMustNameSectionsTheStringCarries() throws {
        let string = try GPPString(encoded: "DBABLA~BAAAAAAAAQA.QA")
        #expect(string.lint(gppSID: [7]).isEmpty)
        let findings = string.lint(gppSID: [7, 8])
        #expect(findings.map(\.code) == ["gppSIDNotInString"])
        #expect(findings.first?.field == "gpp_sid")
    }
}
