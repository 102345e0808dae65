import ConsentCore
import TCF
import Testing

@Suite struct LintTests {
    /// 2026-03-02T00:00:00Z in deciseconds: day-level, after the TCF 2.3 deadline.
    static let day: Int64 = 17_723_232_000 + 864_000

    /// A string that breaks no rule.
    static var clean: TCString {
        TCString(
            created: day,
            lastUpdated: day,
            cmpId: 10,
            cmpVersion: 3,
            consentLanguage: TwoLetterCode(letters: "FR"),
            vendorListVersion: 120,
            policyVersion: 5,
            specialFeatureOptins: [1],
            purposeConsents: [1, 2, 3, 4],
            purposeLegitimateInterests: [2, 7],
            publisherCountryCode: TwoLetterCode(letters: "DE"),
            vendorConsents: [2, 6, 8],
            vendorLegitimateInterests: [2, 6],
            publisherRestrictions: [
                PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: [2])
            ],
            disclosedVendors: [2, 6, 8]
        )
    }

    func codes(_ value: TCString, now: Int64? = LintTests.day) -> Set<String> { Set(value.lint(now: now).map(\.code)) }

    @Test func aCleanStringHasNoFindingsBeforeOrAfterEncoding() throws {
        #expect(LintTests.clean.lint(now: LintTests.day).isEmpty)
        #expect(try TCString(encoded: LintTests.clean.encoded()).lint(now: LintTests.day).isEmpty)
    }

    /// tcf.md §9: "0 is never assigned"; of 1 it says only that iabtcf-es rejects it (its meaning is unconfirmed).
    @Test func saysOnlyOfCmpIdZeroThatItIsNeverAssigned() {
        func message(cmpId: Int) -> String? {
            var value = LintTests.clean
            value.cmpId = cmpId
            return value.lint(now: LintTests.day).first { $0.code == "cmpIdNotAssigned" }?.message
        }
        #expect(message(cmpId: 0)?.contains("never assigned") == true)
        #expect(message(cmpId: 1)?.contains("never assigned") == false)
        #expect(message(cmpId: 1)?.contains("iabtcf-es") == true)
        #expect(message(cmpId: 2) == nil)
    }

    /// tcf.md §9 ("Bits for 12-24 set"): the warning names the set that has the bits; it named the consents for
    /// bits set only among the legitimate interests.
    @Test func aPurposeNotDefinedIsReportedOnTheFieldThatHasIt() {
        var value = LintTests.clean
        value.purposeLegitimateInterests.insert(24)
        value.publisherTC = PublisherTC(publisherConsents: [2, 13])
        let fields = value.lint(now: LintTests.day).filter { $0.code == "purposeNotDefined" }.map(\.field)
        #expect(fields == ["core.purposeLegitimateInterests", "publisherTC.publisherConsents"])
    }

    @Test func eachPolicyRuleFiresOnItsBreach() {
        func breach(_ change: (inout TCString) -> Void) -> Set<String> {
            var value = LintTests.clean
            change(&value)
            return codes(value)
        }
        #expect(breach { $0.isServiceSpecific = false } == ["serviceSpecificRequired"])
        #expect(breach { $0.policyVersion = 2 } == ["policyVersionOutdated"])
        #expect(breach { $0.purposeLegitimateInterests = [1] } == ["legitimateInterestNotAllowed"])
        #expect(breach { $0.purposeLegitimateInterests = [3] } == ["legitimateInterestNotAllowed"])
        #expect(breach { $0.created -= 10 } == ["timestampsDiffer", "timestampNotDayLevel"])
        #expect(
            breach { $0.created += LintTests.day } == [
                "timestampsDiffer", "createdAfterLastUpdated", "timestampInFuture",
            ]
        )
        #expect(breach { $0.cmpId = 1 } == ["cmpIdNotAssigned"])
        #expect(
            breach { $0.consentLanguage = TwoLetterCode(letters: "QQ") ?? $0.consentLanguage } == [
                "unknownLanguageCode"
            ]
        )
        #expect(
            breach { $0.publisherCountryCode = TwoLetterCode(letters: "ZZ") ?? $0.publisherCountryCode } == [
                "unknownCountryCode"
            ]
        )
        #expect(breach { $0.purposeConsents.insert(12) } == ["purposeNotDefined"])
        #expect(breach { $0.purposeLegitimateInterests.insert(24) } == ["purposeNotDefined"])
        #expect(breach { $0.specialFeatureOptins.insert(3) } == ["specialFeatureNotDefined"])
        #expect(breach { $0.vendorListVersion = 0 } == ["vendorListVersionZero"])
        #expect(breach { $0.disclosedVendors = nil } == ["disclosedVendorsMissing"])
        #expect(breach { $0.vendorConsents.insert(9) } == ["vendorNotDisclosed"])
        #expect(breach { $0.allowedVendors = [2] } == ["allowedVendorsSegment"])
        #expect(
            breach {
                $0.publisherRestrictions.append(
                    PublisherRestriction(purposeId: 25, restrictionType: .notAllowed, vendorIds: [2])
                )
            }
                == ["restrictionPurposeNotDefined"]
        )
        #expect(
            breach {
                $0.publisherRestrictions = [
                    PublisherRestriction(purposeId: 1, restrictionType: .requireLegitimateInterest, vendorIds: [2])
                ]
            }
                == ["legitimateInterestRestrictionOnPurposeOne"]
        )
        #expect(
            breach {
                $0.publisherRestrictions.append(
                    PublisherRestriction(purposeId: 2, restrictionType: .notAllowed, vendorIds: [2])
                )
            }
                == ["conflictingRestrictions"]
        )
        #expect(
            breach { $0.publisherRestrictions.append(PublisherRestriction(purposeId: 3, restrictionType: .notAllowed)) }
                == ["emptyRestriction"]
        )
    }

    /// tcf.md §9: "a vendor should not appear under two different types for the same purpose", whichever types lie
    /// between the two (a vendor under types 0 and 2 with a type 1 between them was missed).
    @Test func aVendorUnderTwoTypesOfAPurposeIsAConflictWhateverLiesBetween() {
        var value = LintTests.clean
        value.publisherRestrictions = [
            PublisherRestriction(purposeId: 2, restrictionType: .notAllowed, vendorIds: [6]),
            PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: [2]),
            PublisherRestriction(purposeId: 2, restrictionType: .requireLegitimateInterest, vendorIds: [6, 8]),
            PublisherRestriction(purposeId: 3, restrictionType: .notAllowed, vendorIds: [8]),
        ]
        let conflicts = value.lint(now: LintTests.day).filter { $0.code == "conflictingRestrictions" }
        #expect(conflicts.map(\.message) == ["Vendor 6 has two restriction types for purpose 2."])
    }

    /// A finding on a segment of its own is on that segment's field, once: `disclosedVendors` (it was
    /// `disclosedVendors.disclosedVendors`, a path the JSON form does not have).
    @Test func aFindingOnTheDisclosedVendorsSegmentHasItsPathOnce() throws {
        var value = LintTests.clean
        value.vendorConsents = [2]
        value.vendorLegitimateInterests = [2]
        value.disclosedVendors = [2, 300]  // range form: 46 bits where a bit field takes 300
        let parts = try value.encoded().split(separator: ".").map(String.init)
        // The segment: type (3 bits), MaxVendorId (16 bits) 300 -> 10, so that id 300 lies above it.
        var bits = ConsentTestSupportBits.bits(parts[1])
        let start = bits.index(bits.startIndex, offsetBy: 3)
        bits.replaceSubrange(start..<bits.index(start, offsetBy: 16), with: "0000000000001010")
        let decoded = try TCString(encoded: parts[0] + "." + ConsentTestSupportBits.text(bits))
        let findings = decoded.lint(now: LintTests.day)
        #expect(findings.filter { $0.code == "vendorIdAboveMaxVendorId" }.map(\.field) == ["disclosedVendors"])
    }

    @Test func severitiesFollowTheSpecAndTheDeadlines() {
        var value = LintTests.clean
        value.disclosedVendors = nil
        value.policyVersion = 2
        #expect(value.lint().allSatisfy { $0.severity == .error })
        value.created = 16_000_000_000  // 2020: before both deadlines
        value.lastUpdated = value.created
        #expect(value.lint().allSatisfy { $0.severity == .warning })
    }

    @Test func formFindingsComeFromTheRememberedText() throws {
        // iabconsent-004-style ids above MaxVendorId, in a v2 section: MaxVendorId 10, range 123...234.
        let model = TCString(cmpId: 10, vendorConsents: IDSet(123...234))
        var bits = ConsentTestSupportBits.bits(try model.encoded())
        // MaxVendorId at 213 (16 bits): 234 -> 10.
        let start = bits.index(bits.startIndex, offsetBy: 213)
        bits.replaceSubrange(start..<bits.index(start, offsetBy: 16), with: "0000000000001010")
        bits += "1"  // non-zero padding
        let text = ConsentTestSupportBits.text(bits) + "=="
        let value = try TCString(encoded: text)
        #expect(value.vendorConsents.isEmpty, "ids above MaxVendorId are not in the set")
        #expect(try value.encoded() == text, "but the string re-encodes unchanged")
        let found = codes(value, now: nil)
        #expect(found.isSuperset(of: ["vendorIdAboveMaxVendorId", "nonCanonicalPadding", "trailingEquals"]))
        let extra = try TCString(encoded: LintTests.clean.encoded() + ".gAAA." + "IAAA")
        #expect(codes(extra).isSuperset(of: ["unknownSegment", "duplicateSegment"]))
        #expect(extra.unknownSegments == ["gAAA"])
        #expect(extra.disclosedVendors == [2, 6, 8], "the first disclosed vendors segment counts")
    }

    /// A second segment of a type already read is ignored unread, like one of unknown type (tcf.md §3: "first wins
    /// in lenient mode", as iabtcf-java reads it): a fault in it (here a disclosed vendors segment of 9 bits, too
    /// short for its MaxVendorId) fails nothing. It failed the whole string (`truncated` in disclosedVendors at bit
    /// 3), found by an outside check. Strict mode still refuses the repeat, and the string re-encodes as written.
    @Test func aRepeatedSegmentIsIgnoredUnreadEvenWhenItCouldNotBeRead() throws {
        let text = try LintTests.clean.encoded()
        for (second, type) in [("IA", "disclosed"), ("QA", "allowed"), ("YA", "publisher TC")] {
            let first = try TCString(encoded: text + "." + second.prefix(1) + "AAAAAAAAAAA")
            let value = try TCString(encoded: first.encoded() + "." + second)
            #expect(value == first, "\(type)")
            #expect(try value.encoded() == first.encoded() + "." + second)
            #expect(codes(value).contains("duplicateSegment"), "\(type)")
            let strict = #expect(throws: ConsentError.self) {
                try TCString(encoded: first.encoded() + "." + second, options: .strict)
            }
            #expect(strict?.code == .badValue && strict?.field.description == "segmentType", "\(type)")
        }
    }

    @Test func strictDecodingTurnsErrorFindingsAndOddSegmentsIntoErrors() throws {
        let text = try LintTests.clean.encoded()
        #expect(throws: Never.self) { try TCString(encoded: text, options: .strict) }
        let unknown = #expect(throws: ConsentError.self) { try TCString(encoded: text + ".gAAA", options: .strict) }
        #expect(unknown?.code == .badValue && unknown?.field.description == "segmentType")
        let repeated = #expect(throws: ConsentError.self) {
            try TCString(encoded: text + "." + text.split(separator: ".")[1], options: .strict)
        }
        #expect(repeated?.code == .badValue)
        var value = LintTests.clean
        value.isServiceSpecific = false
        let policy = #expect(throws: ConsentError.self) { try TCString(encoded: value.encoded(), options: .strict) }
        #expect(policy?.code == .policyViolation && policy?.field.description == "isServiceSpecific")
    }

    /// A timestamp before the framework existed (1970, what `encode --defaults` or a blank value writes; a CMP's
    /// clock not set) is a warning naming it; it passed lint without a word.
    @Test func aTimestampBeforeTheFrameworkIsReported() throws {
        var value = LintTests.clean
        value.created = 0
        let findings = value.lint().filter { $0.code == "timestampBeforeTCF" }
        #expect(findings.map(\.field) == ["core.created"])
        #expect(findings.first?.message.contains("1970-01-01T00:00:00.000Z is before TCF v2 (2019-08-21)") == true)
        value.created = 15_663_456_000
        #expect(!value.lint().contains { $0.code == "timestampBeforeTCF" })
        var legacy = try TCStringV1(encoded: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        legacy.lastUpdated = 0
        #expect(legacy.lint().map(\.code).contains("timestampBeforeTCF"))
    }

    @Test func legacyStringsAreReportedAsLegacy() throws {
        let value = try TCStringV1(encoded: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        #expect(value.lint().map(\.code) == ["legacyVersion"])
    }

    /// tcf.md §9's vendor list rule holds for v1.1 strings too: VendorListVersion 0 means no vendor list was used.
    @Test func legacyStringsWithVendorListVersionZeroAreReported() throws {
        var value = try TCStringV1(encoded: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        value.vendorListVersion = 0
        let decoded = try TCStringV1(encoded: value.encoded())
        #expect(decoded.vendorListVersion == 0)
        #expect(decoded.lint().map(\.code) == ["legacyVersion", "vendorListVersionZero"])
    }
}
