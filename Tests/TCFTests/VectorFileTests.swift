import Testing

/// The vector and corpus files are found, so that no vector test can pass by reading nothing.
@Suite struct VectorFileTests {
    @Test func everyTCFVectorAndCorpusStringIsLoaded() {
        #expect(Vectors.valid.count == 68)
        #expect(Vectors.invalid.count == 18)
        for file in Vectors.corpusFiles { #expect(Vectors.corpus(file).count == 200, "\(file)") }
    }
}
