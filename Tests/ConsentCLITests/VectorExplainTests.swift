import ConsentTestSupport
import Testing

/// `explain` walks the fields that `decode` reads: every string that decodes, each valid golden vector, explains to
/// its end with no error and exit status 0.
@Suite struct VectorExplainTests {
    static let valid = (try? VectorLoader.valid()) ?? []

    @Test func theVectorsAreLoaded() throws {
        #expect(try VectorLoader.valid().count == Self.valid.count)
        #expect(Self.valid.count > 300)
    }

    @Test(arguments: valid)
    func aStringThatDecodesExplainsWithoutAnError(vector: ConsentVector) {
        let result = run(["explain", "--color", "never", vector.input])
        #expect(result.status == 0, "\(vector): \(result.output.suffix(400)) \(result.error)")
        #expect(!result.output.contains("error:"), "\(vector): \(result.output)")
    }
}
