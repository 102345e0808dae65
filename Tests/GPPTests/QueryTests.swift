import ConsentCore
import ConsentTestSupport
import Foundation
import GPP
import TCF
import Testing

/// The query path answers as the full decoder does.
@Suite struct QueryTests {
    static let typical: [String] = {
        guard
            let text = try? String(
                contentsOfFile: Vector.root.appendingPathComponent("Benchmarks/Corpus/gpp-typical.txt").path,
                encoding: .utf8
            )
        else {
            return []
        }
        return text.split(separator: "\n").map(String.init)
    }()

    static let usnatStrings: [String] =
        Vector.valid.map(\.input).filter { (try? GPPQuery.containsSection(7, in: $0)) == true } + [
            "DBABLA~BVVVkkkkkpFY", "DBABLA~CVQqAAAACg", "DBACLMA~BAAAAAAAAAA.QA~BaAAAAA", "DBABLA~CVVVkkkkkpFY.YA",
        ]

    @Test func theCorpusIsThere() { #expect(Self.typical.count == 200) }

    @Test(arguments: usnatStrings)
    func usnatSignalsMatchTheFullDecoder(_ text: String) throws {
        let section = try #require(try GPPString(encoded: text).usNational)
        #expect(try GPPQuery.usNational(.saleOptOut, in: text) == section.saleOptOut)
        #expect(try GPPQuery.usNational(.sharingOptOut, in: text) == section.sharingOptOut)
        #expect(try GPPQuery.usNational(.targetedAdvertisingOptOut, in: text) == section.targetedAdvertisingOptOut)
        #expect(try GPPQuery.usNationalGPC(in: text) == section.gpc)
        #expect(try GPPQuery.containsSection(7, in: text))
    }

    @Test func theTypicalCorpusAnswersAsTheFullDecoder() throws {
        for text in Self.typical {
            let string = try GPPString(encoded: text)
            #expect(try GPPQuery.usNational(.saleOptOut, in: text) == string.usNational?.saleOptOut)
            #expect(try GPPQuery.usNationalGPC(in: text) == string.usNational?.gpc)
            for id in 1...30 { #expect(try GPPQuery.containsSection(id, in: text) == string.sectionIDs.contains(id)) }
            #expect(try GPPQuery.sectionIDs(in: text).sorted == string.sectionIDs)
            let tcString = try #require(try GPPQuery.tcfEuV2(in: text))
            #expect(text.split(separator: "~")[1] == tcString)
            // Section 2 as the Substring tcfEuV2 gives, asked without a copy, answers as the TC string decoded.
            let section = try #require(string.tcfEuV2)
            let answer = try TCString.check(tcString, vendor: 755, purposes: [1, 2, 3, 4])
            #expect(answer.vendorConsent == section.vendorConsents.contains(755))
            #expect(answer.vendorLegitimateInterest == section.vendorLegitimateInterests.contains(755))
            #expect(answer.purposesConsent == IDSet([1, 2, 3, 4]).isSubset(of: section.purposeConsents))
            // The GPP string as a slice of a URL: the same answers.
            let url = "gpp=" + text + "&gpp_sid=2"
            let slice = url.dropFirst(4).prefix(text.count)
            #expect(try GPPQuery.usNational(.saleOptOut, in: slice) == string.usNational?.saleOptOut)
            #expect(try GPPQuery.usNationalGPC(in: slice) == string.usNational?.gpc)
            #expect(try GPPQuery.containsSection(7, in: slice) == string.sectionIDs.contains(7))
        }
    }

    /// The header alone is read: a string whose sections do not follow still gives its ids, and a header that
    /// lists its own id 3 fails as the full decoder does.
    @Test func sectionIDsReadTheHeaderAlone() throws {
        #expect(try GPPQuery.sectionIDs(in: "DBACNYA") == [2, 6])
        let error = thrownError { () throws(ConsentError) in _ = try GPPQuery.sectionIDs(in: "DBACNg~CP~1YNN") }
        #expect(error?.code == .badValue)
        #expect(error?.field.description == "sectionIds")
        #expect(error?.value == 3)
    }

    @Test func absentSectionsAnswerNil() throws {
        #expect(try GPPQuery.usNational(.saleOptOut, in: "DBABBg~BAAAAACA") == nil)
        #expect(try GPPQuery.usNationalGPC(in: "DBAA") == nil)
        #expect(try GPPQuery.usNationalGPC(in: "DBABLA~BAAAAAAAAQA") == nil)
        #expect(try GPPQuery.tcfEuV2(in: "DBABLA~BAAAAAAAAQA") == nil)
        #expect(try !GPPQuery.containsSection(2, in: "DBAA"))
    }

    @Test func theTCStringIsFoundAfterSection1() throws {
        let text = "DBAB-A~BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        #expect(try GPPQuery.tcfEuV2(in: text) == "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
        let range = try #require(try GPPQuery.tcfEuV2Range(in: text))
        #expect(text[range].count == 44)
    }

    /// Section 2 of field-gpp-035 ends 11 bits after its vendor sections (no NumPubRestrictions), which the GPP
    /// decoder reads as no restrictions (gpp-sections.md §2): the TC string query over the section's text answers
    /// the same, where it used to throw `truncated`.
    @Test func theTCStringQueryReadsASectionWithoutRestrictionsAsTheDecoderDoes() throws {
        let text = "DBABMA~CPf_zglPf_zglNwAAAENAwCAAAAAAAAAAAAAAAAAAAA.QAAA.IAAA"
        let section = try #require(try GPPQuery.tcfEuV2(in: text))
        #expect(try GPPString(encoded: text).tcfEuV2?.publisherRestrictions == [])
        let types = try TCString.withQuery(String(section)) { query throws(ConsentError) in
            try query.restrictionTypes(forVendor: 1, purpose: 2)
        }
        #expect(types.isEmpty)
    }

    @Test func errorsAreTheFullDecodersErrors() {
        let inputs = [
            "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", "DCACNY", "DB", "DBABLA~B", "DBABLA~DAAAAAAAAABA",
            "DBABLA~BAAAAAAAA", "DBABLA~BAAAAAAAAQA.gA", "DBABLA~", "DBABLA~BAAA+AAAAQA",
        ]
        for text in inputs {
            let full = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text) }
            let query = thrownError { () throws(ConsentError) in
                _ = try GPPQuery.usNational(.saleOptOut, in: text)
                _ = try GPPQuery.usNationalGPC(in: text)
            }
            #expect(full != nil, "\(text)")
            #expect(query == full, "\(text): \(String(describing: query)) vs \(String(describing: full))")
        }
    }

    @Test func sectionsThatAreNotReadDoNotMatter() throws {
        // The query reads only usnat: a broken later section is the full decoder's business.
        #expect(try GPPQuery.usNational(.saleOptOut, in: "DBACLMA~BVVVVVVVVWA~x") == 1)
    }

    @Test func everyVersionAndCoreLengthAnswersAsTheFullDecoder() {
        // Versions 0-3 with cores of 8 to 15 characters (48 to 90 bits, across both layouts' widths): the layout
        // the query picks, its answer or its error are the full decoder's.
        let seed: UInt64 = 20_261_129
        var random = SplitMix64(seed: seed)
        for version in 0...3 {
            for characters in 8...15 {
                var bits = String(version, radix: 2)
                bits = String(repeating: "0", count: 6 - bits.count) + bits
                while bits.count < characters * 6 { bits.append(random.next() & 1 == 0 ? "0" : "1") }
                // Also with `=` padding and a bad character, which the quick reading leaves to the reader.
                for text in [
                    "DBABLA~" + BitString.base64URL(bits), "DBABLA~" + BitString.base64URL(bits) + "==",
                    "DBABLA~" + BitString.base64URL(bits) + "+",
                ] {
                    var full: Int?
                    let fullError = thrownError { () throws(ConsentError) in
                        full = try GPPString(encoded: text).usNational?.saleOptOut
                    }
                    var query: Int?
                    let queryError = thrownError { () throws(ConsentError) in
                        query = try GPPQuery.usNational(.saleOptOut, in: text)
                    }
                    #expect(query == full, "seed \(seed): \(text)")
                    #expect(queryError == fullError, "seed \(seed): \(text)")
                }
            }
        }
    }
}
