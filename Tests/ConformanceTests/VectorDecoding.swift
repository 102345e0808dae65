import ConsentCore
import ConsentTestSupport
import GPP
import TCF
import USPrivacy

/// How the conformance tests reach a decoder for a vector's kind, and what they compare.
enum VectorDecoding {
    /// What decoding a vector's input gave.
    struct Outcome {
        /// The JSON form (`jsonValue()`).
        var json: JSONValue
        /// `encoded()` of the unmodified value.
        var reencoded: String
    }

    /// Decodes `input` as `kind`; nil when no decoder for the kind has landed yet.
    static func decode(_ input: String, kind: ConsentFormat) throws(ConsentError) -> Outcome? {
        switch kind {
        case .usp:
            let value = try USPrivacyString(encoded: input)
            return Outcome(json: value.jsonValue(), reencoded: try value.encoded())
        case .tcf:
            let value = try TCFString(encoded: input)
            return Outcome(json: value.jsonValue(), reencoded: try value.encoded())
        case .gpp:
            let value = try GPPString(encoded: input)
            return Outcome(json: value.jsonValue(), reencoded: try value.encoded())
        default:
            return nil
        }
    }

    /// Why a valid vector does not pass (empty when it does): the decode error, every mismatch against `expect`,
    /// a re-encoding that differs from the input. Nil when its kind has no decoder yet.
    static func problems(with vector: ConsentVector) -> [String]? {
        guard let expect = vector.expect else { return ["not a valid vector"] }
        do throws(ConsentError) {
            guard let outcome = try decode(vector.input, kind: vector.kind) else { return nil }
            var found = outcome.json.mismatches(against: expect)
            if outcome.reencoded != vector.input { found.append("re-encodes as \(outcome.reencoded)") }
            return found
        } catch {
            return ["does not decode: \(error)"]
        }
    }

    /// Why an invalid vector does not pass (empty when it fails with its expected code). Nil when its kind has no
    /// decoder yet.
    static func problems(withInvalid vector: ConsentVector) -> [String]? {
        do throws(ConsentError) {
            guard let outcome = try decode(vector.input, kind: vector.kind) else { return nil }
            return ["decodes, to \(outcome.json)"]
        } catch {
            let expected = vector.expectCode ?? "?"
            return error.code.description == expected ? [] : ["fails with \(error), not \(expected)"]
        }
    }
}
