import ConsentCore
import GPP
import Testing

/// Input that is cut, corrupted or hostile fails with a typed error, quickly and without trapping.
@Suite struct RobustnessTests {
    /// Valid strings that exercise every kind of section this module decodes itself.
    static let samples: [String] = [
        "DBABLA~CVVVkkkkkpFY.YA", "DBABLA~BAAAVVVVUQA.QA", "DBABBg~BVWSSSVY.YA", "DBABRg~BVoYYYI",
        "DBABDA~BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBhADVqxGAD0AILVgAA.fHHHA4444ao",
        "DBABDA~BPXuQIAPXuQIAAfKABENB-CgAAAAAAAAAAAAAAAA",
        "DBABrGA~BVVqAAEABCA~BVoYYZoI~BVoYYYI~BVoYYQg~BVaGGGCA~BVoYYYQg",
        "DBABEYA~YBABYA.BVVU.YA", "DBABUYA~BVVV.kkk", "DBAA",
        "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN", "DBABYA~BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA",
    ]

    @Test(arguments: samples)
    func everyTruncationIsACleanErrorOrAShorterValidString(_ text: String) {
        for length in 0..<text.count {
            let prefix = String(text.prefix(length))
            let error = thrownError { () throws(ConsentError) in
                let string = try GPPString(encoded: prefix)
                #expect(try string.encoded() == prefix, "a prefix that decodes round-trips")
            }
            if length == 0 { #expect(error?.code == .empty) }
            if let error { #expect(error.format == .gpp, "\(prefix): \(error)") }
        }
    }

    @Test(arguments: samples)
    func everyCorruptedHeaderCharacterIsACleanErrorOrADifferentValidString(_ text: String) {
        let characters = Array(text.utf8)
        let headerLength = characters.firstIndex(of: UInt8(ascii: "~")) ?? characters.count
        let replacements = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~.=+/ ".utf8) + [0xC3]
        for position in 0..<headerLength {
            for replacement in replacements where replacement != characters[position] {
                var corrupted = characters
                corrupted[position] = replacement
                let input = String(decoding: corrupted, as: UTF8.self)
                let error = thrownError { () throws(ConsentError) in
                    let string = try GPPString(encoded: input)
                    #expect(try string.encoded() == input)
                    _ = string.jsonValue()
                    _ = string.lint()
                }
                if let error { #expect(error.format == .gpp, "\(input): \(error)") }
            }
        }
    }

    @Test(arguments: samples)
    func everyCorruptedSectionCharacterIsACleanErrorOrAValidString(_ text: String) {
        let characters = Array(text.utf8)
        let headerLength = characters.firstIndex(of: UInt8(ascii: "~")) ?? characters.count
        for position in headerLength..<characters.count {
            for replacement in Array("AB_Q~.=".utf8) where replacement != characters[position] {
                var corrupted = characters
                corrupted[position] = replacement
                let input = String(decoding: corrupted, as: UTF8.self)
                let error = thrownError { () throws(ConsentError) in
                    let string = try GPPString(encoded: input)
                    #expect(try string.encoded() == input)
                    _ = try string.encoded(options: .canonical)
                }
                if let error { #expect(error.format == .gpp, "\(input): \(error)") }
            }
        }
    }

    @Test func aBareTCStringFailsAtTheFirstCharacter() {
        let tcString = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA" + String(repeating: ".IAAA", count: 30_000)
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: tcString) }
        #expect(error?.code == .tooLong, "longer than the default cap")
        var options = DecodingOptions()
        options.maxInputLength = 1_000_000  // the Type check comes first, whatever the length
        let unbounded = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: tcString, options: options)
        }
        #expect(unbounded?.code == .unknownFormat)
        #expect(unbounded?.characterOffset == 0)
        #expect(unbounded?.value == 2, "Type reads 2")
    }

    /// gpp.md §7.1 checks the alphabet (step 2) before it reads the header's Type (step 3): a first character
    /// outside base64url is `badBase64`, not a Type of no value.
    @Test(arguments: [" DBABTA~1YNN", "+BABTA~1YNN", "\tDBABTA~1YNN"])
    func aFirstCharacterOutsideTheAlphabetIsBadBase64(input: String) {
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: input) }
        #expect(error?.code == .badBase64)
        #expect(error?.characterOffset == 0)
        #expect(error?.value == Int64(input.utf8.first ?? 0))
    }

    @Test func sectionCountsAreCheckedBeforeSectionContents() {
        // The header lists [7, 8] but three parts follow, the first broken: the count is the error.
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: "DBACLMA~B~BAAAAACA~x") }
        #expect(error?.code == .badValue)
        #expect(error?.field.description == "sectionIds")
        #expect(error?.value == 3)
        // Same count, broken first section: the section's own error, whatever was decoded before.
        for _ in 0..<2 {
            let sectionError = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: "DBACLMA~B~BAAAAACA")
            }
            #expect(sectionError?.code == .truncated)
            #expect(sectionError?.segment.description == "usnat")
            #expect(sectionError?.field.description == "sharingNotice")
            #expect(sectionError?.bitOffset == 6)
            #expect(sectionError?.characterOffset == 8)
        }
    }

    @Test func theHeaderIDIsNeverASectionID() throws {
        // gpp.md §5: id 3 is "the header itself; never listed in SectionIds". Headers [3], [3, 6] and [2...5].
        #expect(try headerText([3]) == "DBABGA")
        for text in [
            "DBABGA~abc", "DBABGA~A", try headerText([3, 6]) + "~abc~1YNN", try headerText([2, 3, 4, 5]) + "~A~A~A~A",
        ] {
            let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text) }
            #expect(error?.code == .badValue, "\(text)")
            #expect(error?.fieldPath == "header.sectionIds", "\(text)")
            #expect(error?.characterOffset == 0, "\(text)")
            #expect(error?.value == 3, "\(text)")
            // The query path reads the same header.
            let query = thrownError { () throws(ConsentError) in _ = try GPPQuery.containsSection(6, in: text) }
            #expect(query?.code == .badValue, "\(text)")
        }
        // Id 4 (reserved, never specified) is an unknown section, kept verbatim.
        #expect(try GPPString(encoded: "DBABWA~abc").encoded() == "DBABWA~abc")
    }

    @Test func anEmptySectionIsAnError() {
        for text in ["DBACLMA~~BAAAAACA", "DBABLA~", "DBACLMA~BAAAAAAAAQA~"] {
            let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text) }
            #expect(error?.code == .badValue, "\(text)")
        }
    }

    @Test func capsBoundSectionsSegmentsAndLength() {
        var options = DecodingOptions()
        options.maxSections = 2
        let sections = thrownError { () throws(ConsentError) in
            _ = try GPPString(
                encoded: "DBABrGA~BVVqAAEABCA~BVoYYZoI~BVoYYYI~BVoYYQg~BVaGGGCA~BVoYYYQg",
                options: options
            )
        }
        #expect(sections?.code == .tooLong)
        #expect(sections?.field.description == "sectionIds")
        // A header naming ids 1...65535 in one group is refused by the cap, not expanded into sections.
        var writer = BitWriter()
        writer.writeBits(3, count: 6)
        writer.writeBits(1, count: 6)
        writer.writeBits(1, count: 12)
        writer.writeBool(true)
        try? writer.writeFibonacciInteger(1)
        try? writer.writeFibonacciInteger(65_534)
        let huge = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: writer.makeString() + "~A") }
        #expect(huge?.code == .tooLong)
        var segmentOptions = DecodingOptions()
        segmentOptions.maxSegments = 3
        let segments = thrownError { () throws(ConsentError) in
            _ = try GPPString(encoded: "DBABLA~BAAAAAAAAQA.QA.QA.QA", options: segmentOptions)
        }
        #expect(segments?.code == .tooLong)
        #expect(segments?.segment.description == "usnat")
    }

    @Test func badCharactersAreBadBase64WithTheirOffset() {
        for (text, offset) in [("DBA+~A", 3), ("DBABLA~BAAAA/AAAAQA", 12), ("DBABLA~BAAAAAAAAQA.Q=A", 20)] {
            let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text) }
            #expect(error?.code == .badBase64, "\(text)")
            #expect(error?.characterOffset == offset, "\(text)")
        }
    }

    @Test func aGPCSubsectionMustHaveType1() {
        let error = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: "DBABLA~BAAAAAAAAQA.gA") }
        #expect(error?.code == .badValue)
        #expect(error?.segment.description == "usnat")
        #expect(error?.field.description == "gpcSegmentType")
        #expect(error?.bitOffset == 0)
        #expect(error?.characterOffset == 19)
        #expect(error?.value == 2)
    }

    @Test func trailingEqualsSignsDecodeAndRoundTripButLint() throws {
        let string = try GPPString(encoded: "DBABLA~BAAAAAAAAQA==.QA")
        #expect(string.usNational?.mspaCoveredTransaction == 1)
        #expect(try string.encoded() == "DBABLA~BAAAAAAAAQA==.QA")
        #expect(string.lint().map(\.code).contains("nonCanonicalPadding"))
    }
}
