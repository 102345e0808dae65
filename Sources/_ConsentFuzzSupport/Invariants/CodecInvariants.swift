public import ConsentCore

/// What the codec invariants need of a format's value type: the shape every format module follows, under names
/// of our own so that each format adapts its own signatures (`CodecAdapters.swift`).
public protocol FuzzCodec: Hashable {
    /// `init(encoded:options:)`.
    static func decode(_ text: String, options: DecodingOptions) throws(ConsentError) -> Self
    /// `encoded(options:)`.
    func encode(options: EncodingOptions) throws(ConsentError) -> String
    /// `jsonValue()`: the json.md form with `type` and `encoding`.
    var json: JSONValue { get }
    /// `init(json:)`.
    static func fromJSON(_ json: JSONValue) throws(ConsentError) -> Self
    /// `lint()`.
    var diagnostics: [Diagnostic] { get }
    /// What the value means, as JSON: ``json`` without `encoding`, and normalized where the format has two ways
    /// to say the same (an AC id both consented and disclosed).
    var meaning: JSONValue { get }
}

extension FuzzCodec {
    /// ``json`` without `encoding`.
    public var meaning: JSONValue { json.removingKey("encoding") }
}

extension JSONValue {
    /// This value with the member `key` removed from every object, at any depth: `removingKey("encoding")` is
    /// what a value means, without how it was written.
    public func removingKey(_ key: String) -> JSONValue {
        switch self {
        case .object(let object):
            var result = JSONObject()
            for member in object where member.key != key { result.append(member.key, member.value.removingKey(key)) }
            return .object(result)
        case .array(let values):
            return .array(values.map { $0.removingKey(key) })
        default:
            return self
        }
    }
}

/// The invariants of every format, on arbitrary text (`check`) or on a value built from scratch
/// (`checkRoundTrip`).
enum CodecInvariants {
    /// Decodes the input; a failure must be a well-formed error, a success must hold ``checkDecoded``.
    static func check<V: FuzzCodec>(_ type: V.Type, _ target: FuzzTarget, _ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(target)
        let tooLong = input.text.utf8.count > input.decoding.maxInputLength
        do throws(ConsentError) {
            let value = try V.decode(input.text, options: input.decoding)
            checker.check(
                !tooLong,
                "\(input.text.utf8.count) bytes decode with maxInputLength \(input.decoding.maxInputLength)"
            )
            checkDecoded(value, from: input.text, input.decoding, &checker)
            _ = try? value.encode(options: input.encoding)
        } catch {
            checkRejection(V.self, error, input, &checker)
        }
        return checker.violation
    }

    /// A rejection names a code that decoding can produce, and `policyViolation` only in strict mode, where
    /// lenient decoding succeeds and lint finds an error.
    static func checkRejection<V: FuzzCodec>(
        _ type: V.Type,
        _ error: ConsentError,
        _ input: FuzzInput,
        _ checker: inout InvariantChecker
    ) {
        checker.check(
            error.code != .valueOutOfRange && error.code != .badJSON,
            "decoding a string failed with an encoder's error: \(error)"
        )
        if error.code == .policyViolation {
            checker.check(input.decoding.strict, "policyViolation without strict decoding: \(error)")
            var lenient = input.decoding
            lenient.strict = false
            let value = try? V.decode(input.text, options: lenient)
            checker.check(
                value != nil,
                "\(input.text): strict decoding fails with \(error), lenient decoding fails too"
            )
            if let value {
                checker.check(
                    value.diagnostics.contains { $0.severity == .error },
                    "strict decoding failed (\(error)) but lint finds no error"
                )
            }
        }
    }

    /// Everything a decoded value must satisfy: lossless re-encoding, a stable canonical form with the same
    /// meaning, a JSON form that gives the string back, lint agreeing with strict decoding.
    static func checkDecoded<V: FuzzCodec>(
        _ value: V,
        from text: String,
        _ options: DecodingOptions,
        _ checker: inout InvariantChecker
    ) {
        // Lossless: an unmodified value gives its input back, and that decodes to an equal value.
        do throws(ConsentError) {
            let again = try value.encode(options: EncodingOptions())
            checker.check(again == text, "not lossless: \(text) re-encodes as \(again)")
            let redecoded = try V.decode(again, options: .withoutSizeLimits)
            checker.check(redecoded == value, "\(text): the re-encoded string decodes to another value")
        } catch {
            checker.fail("\(text) decodes but does not re-encode: \(error)")
        }
        let meaning = value.meaning
        checkCanonical(value, meaning: meaning, from: text, &checker)
        checkJSON(V.self, value.json, from: text, &checker)
        checkLint(value, from: text, options, &checker)
    }

    /// The canonical encoding exists, decodes to the same meaning and is its own canonical encoding.
    static func checkCanonical<V: FuzzCodec>(
        _ value: V,
        meaning: JSONValue,
        from text: String,
        _ checker: inout InvariantChecker
    ) {
        do throws(ConsentError) {
            let canonical = try value.encode(options: .canonical)
            let decoded = try V.decode(canonical, options: .withoutSizeLimits)
            let decodedMeaning = decoded.meaning
            checker.check(
                decodedMeaning == meaning,
                "\(text): canonical form \(canonical) means \(decodedMeaning), not \(meaning)"
            )
            let twice = try decoded.encode(options: .canonical)
            checker.check(twice == canonical, "\(text): canonical form \(canonical) is not stable (\(twice))")
        } catch {
            checker.fail("\(text): no canonical form that decodes: \(error)")
        }
    }

    /// The JSON form survives printing and parsing and `init(json:)` gives the string back; without its
    /// `encoding` member (a document written by hand) it gives a value with the same meaning, which encodes.
    ///
    /// Not "the canonical string": what json.md files under `encoding` (unknown TC string segments, for one) is
    /// lost without it, while a canonical re-encoding of the decoded value keeps it.
    static func checkJSON<V: FuzzCodec>(
        _ type: V.Type,
        _ json: JSONValue,
        from text: String,
        _ checker: inout InvariantChecker
    ) {
        do throws(ConsentError) {
            let printed = json.serialized()
            let parsed = try JSONValue(parsing: printed)
            checker.check(parsed == json, "\(text): its JSON does not survive printing: \(printed)")
            let fromJSON = try V.fromJSON(parsed).encode(options: EncodingOptions())
            checker.check(fromJSON == text, "\(text): its JSON encodes as \(fromJSON)")
        } catch {
            checker.fail("\(text): its JSON does not give a value back: \(error)")
        }
        do throws(ConsentError) {
            let meaning = try V.fromJSON(json).meaning
            let bare = try V.fromJSON(json.removingKey("encoding"))
            let bareMeaning = bare.meaning
            checker.check(bareMeaning == meaning, "\(text): its JSON without encoding means \(bareMeaning)")
            let written = try bare.encode(options: EncodingOptions())
            let again = try V.decode(written, options: .withoutSizeLimits).meaning
            checker.check(again == meaning, "\(text): its JSON without encoding writes \(written), meaning \(again)")
        } catch {
            checker.fail("\(text): its JSON without encoding gives no string: \(error)")
        }
    }

    /// Lint does not trap; when it finds an error, strict decoding fails (strict decoding may also refuse forms
    /// that lint only warns about, such as repeated or unknown TC string segments).
    static func checkLint<V: FuzzCodec>(
        _ value: V,
        from text: String,
        _ options: DecodingOptions,
        _ checker: inout InvariantChecker
    ) {
        let hasError = value.diagnostics.contains { $0.severity == .error }
        if options.strict {
            checker.check(!hasError, "\(text) decodes strictly, yet lint finds an error")
            return
        }
        guard hasError else { return }
        var strict = options
        strict.strict = true
        checker.check(
            (try? V.decode(text, options: strict)) == nil,
            "\(text): lint finds an error, strict decoding passes"
        )
    }

    /// A value built from scratch: its canonical encoding decodes to an equal meaning, and everything
    /// ``checkDecoded`` asks of a decoded value holds for the result.
    static func checkRoundTrip<V: FuzzCodec>(_ value: V, _ target: FuzzTarget) -> FuzzViolation? {
        var checker = InvariantChecker(target)
        let meaning = value.meaning
        do throws(ConsentError) {
            let text = try value.encode(options: EncodingOptions())
            let decoded = try V.decode(text, options: .withoutSizeLimits)
            let decodedMeaning = decoded.meaning
            checker.check(decodedMeaning == meaning, "\(meaning) encodes as \(text), which means \(decodedMeaning)")
            checkDecoded(decoded, from: text, .withoutSizeLimits, &checker)
        } catch {
            checker.check(
                error.code == .valueOutOfRange,
                "a built value fails to encode or decode with \(error): \(meaning)"
            )
        }
        return checker.violation
    }
}
