import ConsentCore
import TCF
import Testing

@Suite struct CorpusTests {
    @Test(arguments: Vectors.corpusFiles)
    func everyCorpusStringDecodesAndReencodesExactly(_ file: String) throws {
        for text in Vectors.corpus(file) {
            let value = try TCString(encoded: text)
            #expect(try value.encoded() == text)
            #expect(try TCString(encoded: value.encoded(options: .canonical)) == value)
        }
    }

    /// The canonical encoder pads like iabtcf-java (whole bytes), which wrote the corpus, so a canonical
    /// re-encoding gives the input back except where iabtcf-java wrote restrictions in an order other than by
    /// purpose and type, or picked ranges that its comparison (without the 12-bit NumEntries) finds shorter.
    @Test func canonicalReencodingUsuallyGivesTheCorpusStringBack() throws {
        var same = 0
        var total = 0
        var explained = 0
        for file in Vectors.corpusFiles {
            for text in Vectors.corpus(file) {
                total += 1
                let value = try TCString(encoded: text)
                if try value.encoded(options: .canonical) == text {
                    same += 1
                    continue
                }
                let layout = value.jsonValue()["encoding"]
                let order = layout?["publisherRestrictions"]?.arrayValue?.map {
                    ($0["purposeId"]?.intValue ?? 0) * 4 + ($0["restrictionType"]?.intValue ?? 0)
                }
                if let order, order != order.sorted() { explained += 1 }
            }
        }
        #expect(same + explained >= total - 12, "\(same) same, \(explained) reordered, of \(total)")
        #expect(same * 2 > total, "\(same) of \(total)")
    }
}
