import ConsentCore
import ConsentTestSupport
import Testing

/// Every golden vector of `Vectors/`: a valid one decodes to its expectation and re-encodes to its input, an
/// invalid one fails with its error code. A vector in `known-failures.txt` must still fail (the list only
/// shrinks).
@Suite("Golden vectors")
struct VectorConformanceTests {
    @Test("A valid vector decodes to its expectation and re-encodes to its input", arguments: try VectorLoader.valid())
    func validVectorPasses(_ vector: ConsentVector) throws {
        try check(vector, VectorDecoding.problems(with: vector))
    }

    @Test("An invalid vector fails with its error code", arguments: try VectorLoader.invalid())
    func invalidVectorFails(_ vector: ConsentVector) throws {
        try check(vector, VectorDecoding.problems(withInvalid: vector))
    }

    /// Records the problems, unless the vector is a known failure; a known failure that passes is a failure too.
    private func check(_ vector: ConsentVector, _ problems: [String]) throws {
        if let reason = try VectorLoader.knownFailures()[vector.id] {
            #expect(
                !problems.isEmpty,
                "\(vector.id) passes now: remove it from Vectors/known-failures.txt (\(reason))"
            )
            return
        }
        for problem in problems {
            Issue.record("\(vector.id) (\(vector.file):\(vector.line)): \(problem)")
        }
    }
}
