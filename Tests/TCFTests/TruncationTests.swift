import ConsentCore
import TCF
import Testing

@Suite struct TruncationTests {
    /// Valid strings of every shape: the vectors plus the spec examples with padding and `=`.
    static let strings: [String] =
        Vectors.valid.map(\.input) + [
            "COuQACgOuQACgM-AAAENAPCAAAAAAAAAAAAAAAAAAABgoAAQAAHAAA==",
            "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA"
                + ".IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg=",
        ]

    /// A cut string either still decodes (only padding or whole trailing segments were cut) or fails cleanly.
    func expectCleanOutcome(_ text: String, from original: String) {
        do {
            _ = try TCFString(encoded: text)
        } catch {
            let allowed: [ConsentError.Code] = [.empty, .truncated, .badBase64]
            #expect(allowed.contains(error.code), "\(original) cut to \(text): \(error)")
            #expect(error.format == .tcf)
        }
    }

    @Test func everyPrefixOfAValidStringDecodesOrFailsCleanly() {
        for original in TruncationTests.strings {
            var prefix = ""
            expectCleanOutcome(prefix, from: original)
            for character in original {
                prefix.append(character)
                expectCleanOutcome(prefix, from: original)
            }
        }
    }

    @Test func everyCutOfEachSegmentDecodesOrFailsCleanly() {
        for original in TruncationTests.strings {
            let segments = original.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for (index, segment) in segments.enumerated() {
                for length in 0..<segment.count {
                    var cut = segments
                    cut[index] = String(segment.prefix(length))
                    expectCleanOutcome(cut.joined(separator: "."), from: original)
                }
            }
        }
    }

    @Test func aCutInsideAFieldIsTruncatedAtThatField() throws {
        // Core of 44 characters: cutting to 20 ends inside ConsentLanguage... at bit 120 = VendorListVersion.
        let text = "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA"
        let error = try #require(throws: ConsentError.self) { try TCString(encoded: String(text.prefix(20))) }
        #expect(error.code == .truncated && error.field.description == "vendorListVersion")
        #expect(error.bitOffset == 120 && error.expectedBits == 12 && error.availableBits == 0)
    }

    /// A cut inside the publisher restrictions names them: it said `core.vendorIds`, which reads as a vendor list
    /// of the core.
    @Test func aCutInsideARestrictionNamesThePublisherRestrictions() throws {
        var model = TCString(cmpId: 300)
        model.vendorConsents = [1, 2, 3]
        model.publisherRestrictions = [
            PublisherRestriction(purposeId: 2, restrictionType: .requireConsent, vendorIds: [1, 2, 3, 50]),
            PublisherRestriction(purposeId: 3, restrictionType: .notAllowed, vendorIds: [7]),
        ]
        let core = try model.encoded()
        var fields: Set<String> = []
        // The restrictions start at bit 262 (in character 43); a cut before the last character fails in them (the last
        // one holds only padding).
        for length in 45..<(core.count - 1) {
            do throws(ConsentError) {
                _ = try TCString(encoded: String(core.prefix(length)))
                Issue.record("\(length) characters decode")
            } catch {
                fields.insert(error.fieldPath)
            }
        }
        #expect(
            fields.isSubset(of: [
                "core.publisherRestrictions", "core.publisherRestrictions.purposeId",
                "core.publisherRestrictions.restrictionType", "core.publisherRestrictions.vendorIds",
            ]),
            "\(fields)"
        )
        #expect(fields.contains("core.publisherRestrictions.vendorIds"))
    }

    @Test func anEmptySegmentIsBadBase64() throws {
        for text in [
            "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA.", "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA..YAAA",
        ] {
            let error = try #require(throws: ConsentError.self) { try TCString(encoded: text) }
            #expect(error.code == .badBase64 && error.characterOffset == 45)
        }
    }

    @Test func aCoreEndingBeforeNumPubRestrictionsIsTruncated() throws {
        // spec (tcf.md §5): NumPubRestrictions is "always present, even when 0"; no TC vector needs the GPP
        // tolerance, so a standalone TC string without it is truncated.
        var model = TCString(cmpId: 10)
        model.vendorConsents = [1, 2]
        // 213 fixed bits, consents 17 + 2, legitimate interests 17: NumPubRestrictions at 249.
        let short = String(try model.encoded().prefix(43))  // 258 bits: 9 bits of the count
        let error = try #require(throws: ConsentError.self) { try TCString(encoded: short) }
        #expect(error.code == .truncated && error.field.description == "publisherRestrictions")
        #expect(error.bitOffset == 249)
        // The GPP tcfeuv2 tolerance (gpp-sections.md §2) reads it as having no restrictions, and says so.
        let tolerated = try TCString(gppSection: short, options: DecodingOptions())
        #expect(tolerated.publisherRestrictions.isEmpty && tolerated.vendorConsents == [1, 2])
        #expect(try tolerated.encoded() == short)
        #expect(tolerated.lint().contains { $0.code == "publisherRestrictionsMissing" })
        #expect(
            try TCString(gppSection: String(try model.encoded().prefix(42)), options: DecodingOptions()).cmpId == 10
        )
    }
}
