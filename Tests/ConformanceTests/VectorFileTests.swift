import ConsentCore
import ConsentTestSupport
import Testing

/// The vector files themselves: well formed, ids unique, every invalid vector with an error code, every list
/// entry naming a vector that exists.
@Suite("Vector files")
struct VectorFileTests {
    @Test("Every line of every vector file parses, with a unique id")
    func vectorFilesParse() throws {
        let vectors = try VectorLoader.all()
        #expect(vectors.count >= 192, "the five public files hold 192 vectors")
        for kind in ConsentFormat.allCases {
            #expect(vectors.contains { $0.kind == kind && !$0.expectsError }, "no valid \(kind) vector")
            #expect(vectors.contains { $0.kind == kind && $0.expectsError }, "no invalid \(kind) vector")
        }
    }

    @Test("Every expected error code is a ConsentError code word")
    func errorCodesAreCodeWords() throws {
        let words = Set(ConsentErrorCodes.all.map(\.description))
        for vector in try VectorLoader.invalid() {
            let isCode = words.contains(vector.expectCode ?? "")
            #expect(isCode, "\(vector.id): unknown code \(vector.expectCode ?? "")")
        }
        let ids = Set(try VectorLoader.invalid().map(\.id))
        for id in try VectorLoader.errorCodes().keys {
            let isVector = ids.contains(id)
            #expect(isVector, "error-codes.txt names \(id), which is no invalid vector")
        }
    }

    @Test("Every known failure names a vector")
    func knownFailuresNameVectors() throws {
        let ids = Set(try VectorLoader.all().map(\.id))
        for id in try VectorLoader.knownFailures().keys {
            let isVector = ids.contains(id)
            #expect(isVector, "known-failures.txt names \(id), which is no vector")
        }
    }

    @Test("A valid vector's expectation is a JSON object with the vector's type")
    func expectationsNameTheirType() throws {
        for vector in try VectorLoader.valid() {
            let type = vector.expect?["type"]?.stringValue
            #expect(type == vector.kind.rawValue, "\(vector.id): type \(type ?? "missing")")
        }
    }
}

/// Every `ConsentError.Code`, for checking the code words of the vectors.
enum ConsentErrorCodes {
    static let all: [ConsentError.Code] = [
        .empty, .unknownFormat, .badBase64, .truncated, .badVersion, .badValue, .tooLong, .valueOutOfRange,
        .badJSON, .policyViolation,
    ]

    /// The code whose word is `word`.
    static func code(named word: String) -> ConsentError.Code? { all.first { $0.description == word } }
}
