import ConsentKit
import ConsentTestSupport
import Testing

/// `explain` walks the fields that `decode` reads: every string that decodes, each valid golden vector, explains to
/// its end with no error and exit status 0; every string that does not, each invalid vector, fails in the listing
/// where the decoder fails.
@Suite struct VectorExplainTests {
    static let valid = (try? VectorLoader.valid()) ?? []
    static let invalid = (try? VectorLoader.invalid()) ?? []

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

    /// The walk reads every field without judging its value, so it ran on past a vendor id 0, a GPP header's version
    /// or a second core segment and failed later (`truncated ... at bit 276` under the decoder's `badValue ... at bit
    /// 243`), or not at all: 11 of the 22 vectors whose error has a bit offset. The listing now ends where the
    /// decoder's error is, with the decoder's code.
    @Test(arguments: invalid)
    func aStringThatDoesNotDecodeFailsInTheListingWhereTheDecoderFails(vector: ConsentVector) throws {
        let line = run(["decode", "--json", vector.input]).output.split(separator: "\n").first
        let decoded = try JSONValue(parsing: String(try #require(line, "\(vector)")))
        guard let error = decoded["error"], let code = error["code"]?.stringValue,
            case .int(let bitOffset)? = error["bitOffset"]
        else { return }
        let listing = run(["explain", "--color", "never", vector.input]).output
        let failures = listing.split(separator: "\n").filter { $0.hasPrefix("  error: ") }
        #expect(
            failures.contains { $0.hasPrefix("  error: \(code) ") && $0.contains(" at bit \(bitOffset)") },
            "\(vector): \(code) at bit \(bitOffset), listing says \(failures)"
        )
    }

    @Test func theInvalidVectorsAreLoaded() {
        #expect(Self.invalid.count > 100)
    }
}
