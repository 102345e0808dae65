import ConsentCore
import ConsentTestSupport
import TCF
import Testing

@Suite struct CheckAgreementTests {
    /// What one call gave: the three answers, or the error's code, field, bit offset and character offset.
    struct Outcome: Equatable {
        var answers: [Bool] = []
        var code: ConsentError.Code?
        var field = ""
        var bitOffset: Int?
        var characterOffset: Int?

        init(_ body: () throws(ConsentError) -> (Bool, Bool, Bool)) {
            do throws(ConsentError) {
                let answer = try body()
                answers = [answer.0, answer.1, answer.2]
            } catch {
                code = error.code
                field = error.field.description
                bitOffset = error.bitOffset
                characterOffset = error.characterOffset
            }
        }
    }

    func expectSameOutcome(_ text: String, vendor: Int, purposes: IDSet, seed: UInt64) {
        let quick = Outcome { () throws(ConsentError) in try TCString.check(text, vendor: vendor, purposes: purposes) }
        let full = Outcome { () throws(ConsentError) in
            try TCString.withQuery(text) { query in
                (
                    query.vendorHasConsent(vendor), query.vendorHasLegitimateInterest(vendor),
                    query.purposesHaveConsent(purposes)
                )
            }
        }
        #expect(quick == full, "seed \(seed): \(text) vendor \(vendor)")
        // The same string as a slice of a URL, read where it lies: the same answers and errors (offsets count from
        // the slice's start).
        let url = "https://ads.example/bid?gdpr_consent=" + text + "&gdpr=1"
        let start = url.utf8.index(url.utf8.startIndex, offsetBy: 37)
        let slice = url[start..<url.utf8.index(start, offsetBy: text.utf8.count)]
        #expect(String(slice) == text)
        let sliced = Outcome { () throws(ConsentError) in try TCString.check(slice, vendor: vendor, purposes: purposes)
        }
        #expect(sliced == quick, "seed \(seed): \(text) vendor \(vendor), as a Substring")
        let slicedQuery = Outcome { () throws(ConsentError) in
            try TCString.withQuery(slice) { query in
                (
                    query.vendorHasConsent(vendor), query.vendorHasLegitimateInterest(vendor),
                    query.purposesHaveConsent(purposes)
                )
            }
        }
        #expect(slicedQuery == full, "seed \(seed): \(text) vendor \(vendor), withQuery of a Substring")
    }

    @Test func checkAnswersOrFailsExactlyAsTheFullQueryOnTruncatedAndAlteredStrings() {
        let seed: UInt64 = 41
        var random = SplitMix64(seed: seed)
        let replacements = Array("AB_-wz09.=+*")
        let inputs =
            Vectors.valid.map(\.input).filter { $0.hasPrefix("C") }
            + Vectors.corpusFiles.flatMap {
                Vectors.corpus($0).prefix(20)
            }
        for text in inputs {
            let characters = Array(text)
            var variants = [text]
            for _ in 0..<12 {
                variants.append(String(characters.prefix(Int(random.next() % UInt64(characters.count + 1)))))
                var altered = characters
                altered[Int(random.next() % UInt64(characters.count))] =
                    replacements[Int(random.next() % UInt64(replacements.count))]
                variants.append(String(altered))
            }
            for variant in variants {
                for vendor in [0, 1, 2, 755, Int(random.next() % 1200), 65_535] {
                    expectSameOutcome(variant, vendor: vendor, purposes: [1, 2, 3, 4], seed: seed)
                }
                expectSameOutcome(variant, vendor: 755, purposes: [Int(random.next() % 30) + 1], seed: seed)
            }
        }
    }
}
