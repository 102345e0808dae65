import ConsentKit
import ConsentTestSupport

/// How the conformance tests decode a vector (through ConsentKit, with the vector's kind) and what they compare.
enum VectorDecoding {
    /// Why a valid vector does not pass (empty when it does): the decode error, every mismatch against `expect`,
    /// a re-encoding that differs from the input.
    static func problems(with vector: ConsentVector) -> [String] {
        guard let expect = vector.expect else { return ["not a valid vector"] }
        do throws(ConsentError) {
            let value = try ConsentString(encoded: vector.input, kind: vector.kind)
            var found = value.jsonValue().mismatches(against: expect)
            let reencoded = try value.encoded()
            if reencoded != vector.input { found.append("re-encodes as \(reencoded)") }
            return found
        } catch {
            return ["does not decode: \(error)"]
        }
    }

    /// Why an invalid vector does not pass (empty when it fails with its expected code).
    static func problems(withInvalid vector: ConsentVector) -> [String] {
        do throws(ConsentError) {
            let value = try ConsentString(encoded: vector.input, kind: vector.kind)
            return ["decodes, to \(value.jsonValue())"]
        } catch {
            let expected = vector.expectCode ?? "?"
            return error.code.description == expected ? [] : ["fails with \(error), not \(expected)"]
        }
    }
}
