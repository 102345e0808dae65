import Testing

/// The vector files are found, so that no vector test can pass by reading nothing.
@Suite struct VectorFileTests {
    @Test func everyGPPVectorIsLoaded() {
        #expect(Vector.valid.count == 58)
        #expect(Vector.invalid.count == 11)
    }
}
