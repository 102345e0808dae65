import ConsentKit
import ConsentTestSupport
import Testing

@Suite struct DetectionTests {
    @Test(arguments: [
        ("COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA", ConsentFormat.tcf),
        ("BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA", .tcf),
        ("DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN", .gpp),
        ("1YNN", .usp), ("1---", .usp),
        ("1~1.35.41", .ac), ("2~~dv.", .ac), ("1~", .ac),
    ])
    func detectsEachKindFromItsFirstCharacters(text: String, format: ConsentFormat) throws {
        #expect(try ConsentString.detectFormat(of: text) == format)
        let value = try ConsentString(encoded: text)
        #expect(value.format == format)
        #expect(try value.encoded() == text)
    }

    @Test(arguments: [
        // Near misses go to the decoder whose error says what is wrong.
        ("1NY", ConsentFormat.usp, ConsentError.Code.badValue), ("1YNNN", .usp, .badValue), ("1-y-", .usp, .badValue),
        ("3~1.2.3", .ac, .badVersion), ("12~1", .ac, .badVersion), ("2~2343", .ac, .badValue),
        ("DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN", .gpp, .badValue),
        ("CO+", .tcf, .badBase64),
        // ac.md §4: a version that is not `1` or `2` (`0~…`, `3~1.35`, `a~…`) is `badVersion`.
        ("a~1", .ac, .badVersion), ("0~1", .ac, .badVersion), ("v2~1~dv.", .ac, .badVersion),
    ])
    func routesNearMissesToTheDecoderThatExplainsThem(
        text: String,
        format: ConsentFormat,
        code: ConsentError.Code
    ) throws {
        #expect(try ConsentString.detectFormat(of: text) == format)
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: text) }
        #expect(error?.code == code)
    }

    @Test func rejectsEmptyInputAsEmpty() {
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: "") }
        #expect(error?.code == .empty)
    }

    @Test func rejectsInputPastTheLengthLimitAsTooLong() {
        var options = DecodingOptions()
        options.maxInputLength = 3
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: "1YNN", options: options) }
        #expect(error?.code == .tooLong)
    }

    /// Whitespace is never trimmed; around a string of a known kind, that kind's decoder reports it with the code
    /// its specification names: ac.md §4 (` 2~1~dv.` is `badValue`), usp.md §3 (a fourth character other than `Y`,
    /// `N` or `-`, or a length other than 4, is `badValue`), tcf.md §2 (whitespace is `badBase64`).
    @Test(arguments: [
        (" 2~1~dv.", ConsentFormat.ac, ConsentError.Code.badValue, 0),
        ("2~1~dv. ", .ac, .badValue, 7),
        ("1YN ", .usp, .badValue, 3),
        (" 1YNN", .usp, .badValue, 4),
        ("1YNN\n", .usp, .badValue, 4),
        ("\tCOrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA", .tcf, .badBase64, 0),
    ])
    func leavesWhitespaceAroundAKnownKindToItsDecoder(
        text: String,
        format: ConsentFormat,
        code: ConsentError.Code,
        offset: Int
    ) throws {
        #expect(try ConsentString.detectFormat(of: text) == format)
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: text) }
        #expect(error?.code == code)
        #expect(error?.format == format)
        #expect(error?.characterOffset == offset)
    }

    @Test(arguments: ["  ", " \t", " x "])
    func rejectsWhitespaceAroundNothingKnownAsWhitespace(text: String) {
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: text) }
        #expect(error?.code == .unknownFormat)
        #expect(error?.field.description == "whitespace")
        #expect(error?.characterOffset == 0)
    }

    @Test(arguments: [
        ("gdpr_consent=COrEAV4OrXx94ACABBENAHCIAD", "url", 12, ConsentFormat?.some(.tcf)),
        ("https://example.com/?gpp=DBABMA&gpp_sid=2", "url", 5, .gpp),
        ("us_privacy=1YNN", "url", 10, .usp),
        ("addtl_consent=2~1~dv.", "url", 13, .ac),
        (#"{"type":"usp"}"#, "json", 0, nil),
        ("[1, 2]", "json", 0, nil),
        ("AAAA", "base64url", 0, nil),
        ("invalid", "base64url", 0, nil),
        ("malformed", "base64url", 0, nil),
        ("1x", "text", 1, nil),
        ("%41", "text", 0, nil),
        // The first character that is no US Privacy letter (it said 1, the `Y`, under a message naming the é).
        ("1YNN\u{A0}", "text", 4, nil),
        ("1Y\u{E9}N", "text", 2, nil),
        ("1YNNYNNYNNYNNYNNYNN", "text", 1, nil),
    ])
    func describesWhatAnUnknownInputLookedLike(text: String, hint: String, offset: Int, guess: ConsentFormat?) {
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: text) }
        #expect(error?.code == .unknownFormat)
        #expect(error?.field.description == hint)
        #expect(error?.characterOffset == offset)
        #expect(error?.format == guess)
    }

    @Test func decodesAsTheKindAskedForWithoutDetecting() throws {
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: "1YNN", kind: .tcf) }
        #expect(error?.format == .tcf)
        #expect(try ConsentString(encoded: "1YNN", kind: .usp).format == .usp)
    }

    @Test func strictDecodingTurnsErrorFindingsIntoPolicyViolations() throws {
        #expect(try ConsentString(encoded: "1Y--").lint().contains { $0.severity == .error })
        let error = #expect(throws: ConsentError.self) { try ConsentString(encoded: "1Y--", options: .strict) }
        #expect(error?.code == .policyViolation)
    }

    /// Fuzzing: random short inputs over the characters the formats use never trap and, when they fail, fail
    /// with an offset inside the input.
    /// `ConsentString(encoded:)` takes US Privacy and Additional Consent strings to their decoders before the whole
    /// detection runs; whatever the input, the result (value or error) is the one of the decoder the detection names.
    @Test func quickPathsAgreeWithTheDecoderTheDetectionNames() {
        let seed: UInt64 = 4_711
        var random = SplitMix64(seed: seed)
        let alphabet = Array("12~.dv0935YN-y \t".utf8)
        var options = DecodingOptions()
        for round in 0..<20_000 {
            let length = Int(random.next() % 12)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            options.maxInputLength = random.next() % 4 == 0 ? Int(random.next() % 6) : 64
            let quick = Result { () throws(ConsentError) in try ConsentString(encoded: text, options: options) }
            let named = Result { () throws(ConsentError) in
                let kind = try ConsentString.detectFormat(of: text, options: options)
                return try ConsentString(encoded: text, kind: kind, options: options)
            }
            switch (quick, named) {
            case (.success(let value), .success(let expected)):
                #expect(value == expected, "seed \(seed) round \(round): \(text)")
            case (.failure(let error), .failure(let expected)):
                #expect(
                    error.code == expected.code && error.format == expected.format
                        && error.field.description == expected.field.description
                        && error.characterOffset == expected.characterOffset,
                    "seed \(seed) round \(round): \(text): \(error) against \(expected)"
                )
            default: Issue.record("seed \(seed) round \(round): \(text): \(quick) against \(named)")
            }
        }
    }

    @Test func neverTrapsOnRandomInput() {
        let seed: UInt64 = 7_331
        var random = SplitMix64(seed: seed)
        let alphabet = Array("CBDA019YN-yn~.=&?: _dvAQgw".utf8)
        for round in 0..<20_000 {
            let length = Int(random.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try ConsentString(encoded: text)
            } catch {
                #expect((error.characterOffset ?? 0) <= length, "seed \(seed) round \(round): \(text)")
            }
        }
    }
}
