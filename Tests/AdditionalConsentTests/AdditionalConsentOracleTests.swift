import AdditionalConsent
import ConsentCore
import ConsentTestSupport
import Testing

/// The decoder against a character-by-character reading of ac.md §2 and §4, on random strings: long lists
/// (ids across the 64-character blocks the decoder classifies at once), unsorted and repeated ids, leading zeros,
/// ids of six digits and more (up to and past the largest, 2^31 - 1), and one character changed.
@Suite struct AdditionalConsentOracleTests {
    /// What the oracle expects: the two sets, or the error's field, offset and value.
    enum Outcome: Error, Equatable {
        case decoded(version: Int, consented: [Int], disclosed: [Int])
        case failed(field: String, offset: Int, value: Int64?)
    }

    /// The largest id: ac.md §4 names ids above 2^31 - 1 as beyond an implementation's limit.
    static let largestID = 2_147_483_647

    /// ac.md's grammar read one character at a time, for strings that start with `1~` or `2~`.
    static func oracle(_ text: String, strict: Bool) -> Outcome {
        let bytes = Array(text.utf8)
        var index = 2
        func list(_ field: String) -> Result<[Int], Outcome> {
            var ids: [Int] = []
            if index == bytes.count || bytes[index] == UInt8(ascii: "~") { return .success(ids) }
            while true {
                let start = index
                var value = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    if value <= largestID { value = value * 10 + Int(bytes[index] - 0x30) }
                    index += 1
                }
                let length = index - start
                if length == 0 {
                    return .failure(
                        .failed(field: field, offset: start, value: start < bytes.count ? Int64(bytes[start]) : nil)
                    )
                }
                let leadingZeros = length > 1 && bytes[start] == 0x30
                if value == 0 || value > largestID || (strict && leadingZeros) {
                    let reported = length <= 10 || value <= largestID ? Int64(value) : nil
                    return .failure(.failed(field: field, offset: start, value: reported))
                }
                ids.append(value)
                if index == bytes.count || bytes[index] == UInt8(ascii: "~") { return .success(ids) }
                if bytes[index] != UInt8(ascii: ".") {
                    return .failure(.failed(field: field, offset: index, value: Int64(bytes[index])))
                }
                index += 1
            }
        }
        let version = Int(bytes[0] - 0x30)
        let consented: [Int]
        switch list("consentedProviders") {
        case .success(let ids): consented = ids
        case .failure(let outcome): return outcome
        }
        let disclosedFailure = Outcome.failed(field: "disclosedProviders", offset: index, value: nil)
        if version == 1 {
            return index < bytes.count ? disclosedFailure : .decoded(version: 1, consented: consented, disclosed: [])
        }
        for expected in [UInt8(ascii: "~"), UInt8(ascii: "d"), UInt8(ascii: "v")] {
            guard index < bytes.count, bytes[index] == expected else {
                return .failed(field: "disclosedProviders", offset: index, value: nil)
            }
            index += 1
        }
        if index == bytes.count { return .decoded(version: 2, consented: consented, disclosed: []) }
        guard bytes[index] == UInt8(ascii: ".") else {
            return .failed(field: "disclosedProviders", offset: index, value: nil)
        }
        index += 1
        switch list("disclosedProviders") {
        case .success(let disclosed):
            if index < bytes.count { return .failed(field: "disclosedProviders", offset: index, value: nil) }
            return .decoded(version: 2, consented: consented, disclosed: disclosed)
        case .failure(let outcome): return outcome
        }
    }

    static func randomID(_ generator: inout SplitMix64) -> String {
        switch generator.next() % 20 {
        case 0: return "0" + String(Int.random(in: 1...99, using: &generator))
        case 1: return String(repeating: "0", count: Int.random(in: 1...70, using: &generator)) + "7"
        case 2: return String(Int.random(in: 65530...100_000, using: &generator))
        case 7: return String(Int.random(in: largestID - 50...largestID + 50, using: &generator))
        case 3: return String(repeating: "9", count: Int.random(in: 6...80, using: &generator))
        case 4: return String(Int.random(in: 1...64, using: &generator))
        case 5, 6: return String(Int.random(in: 1...65535, using: &generator))
        default: return String(Int.random(in: 1...4000, using: &generator))
        }
    }

    static func randomList(_ generator: inout SplitMix64) -> String {
        let count = Int(generator.next() % 4 == 0 ? generator.next() % 4 : generator.next() % 300)
        var ids = (0..<count).map { _ in Int.random(in: 1...3400, using: &generator) }
        if generator.next() % 2 == 0 { ids.sort() }
        var parts = ids.map(String.init)
        if !parts.isEmpty && generator.next() % 2 == 0 {
            parts[Int(generator.next() % UInt64(parts.count))] = randomID(&generator)
        }
        return parts.joined(separator: ".")
    }

    @Test func decodesOrFailsExactlyAsTheGrammarReadOneCharacterAtATime() {
        let seed: UInt64 = 0x5EED_AC01
        var generator = SplitMix64(seed: seed)
        let replacements = Array("0123456789..~~x d\u{0}")
        for round in 0..<1500 {
            var text =
                generator.next() % 3 == 0 ? "1~" + Self.randomList(&generator) : "2~" + Self.randomList(&generator)
            if text.hasPrefix("2~") { text += generator.next() % 8 == 0 ? "~dv" : "~dv." + Self.randomList(&generator) }
            if generator.next() % 2 == 0 && text.count > 2 {
                var characters = Array(text)
                characters[Int.random(in: 2..<characters.count, using: &generator)] =
                    replacements[Int(generator.next() % UInt64(replacements.count))]
                text = String(characters)
            }
            for strict in [false, true] {
                let expected = Self.oracle(text, strict: strict)
                var actual: Outcome
                do throws(ConsentError) {
                    let value = try AdditionalConsentString(
                        encoded: text,
                        options: strict ? .strict : DecodingOptions()
                    )
                    actual = .decoded(
                        version: value.version.rawValue,
                        consented: value.consentedProviders.sorted,
                        disclosed: value.disclosedProviders.sorted
                    )
                    let encoded = try value.encoded()
                    #expect(encoded == text, "seed \(seed) round \(round)")
                } catch {
                    actual = .failed(
                        field: error.field.description,
                        offset: error.characterOffset ?? -1,
                        value: error.value
                    )
                }
                let expectedSorted: Outcome
                if case .decoded(let version, let consented, let disclosed) = expected {
                    expectedSorted = .decoded(
                        version: version,
                        consented: Array(Set(consented)).sorted(),
                        disclosed: Array(Set(disclosed)).sorted()
                    )
                } else {
                    expectedSorted = expected
                }
                #expect(actual == expectedSorted, "seed \(seed) round \(round) strict \(strict): \(text)")
            }
        }
    }

    @Test func readsIDsOfEveryWidthInTheMiddleOfAList() {
        // Every digit string of one to four digits and many of five to eleven (leading zeros included): the short
        // ones the decoder reads with one load, neither near the start of the input nor last in its list, the long
        // ones up to and past the largest id, 2^31 - 1. Mismatches are collected, not expected one by one.
        var mismatches: [String] = []
        var width = 1
        var limit = 10
        while width <= 11 {
            let numbers =
                width < 5
                ? Array(0..<limit)
                : width == 5
                    ? Array(stride(from: 0, to: limit, by: 7)) + Array(0..<200) + Array(65400..<65700)
                        + Array(99800..<limit)
                    : Array(0..<50) + Array(limit / 10..<limit / 10 + 50) + Array(limit - 50..<limit)
                        + Array(2_147_483_600..<2_147_483_700).filter { $0 < limit }
            for number in numbers {
                let decimal = String(number)
                let text = "2~1.2." + String(repeating: "0", count: width - decimal.count) + decimal + ".3~dv.4"
                let valid = number >= 1 && number <= ProviderIDSet.maximumID
                do throws(ConsentError) {
                    let value = try AdditionalConsentString(encoded: text)
                    if !valid || value.consentedProviders != ProviderIDSet([1, 2, 3, number]) {
                        mismatches.append(text)
                    }
                } catch {
                    // The value is given while the id has ten digits at most (leading zeros count) or is not above
                    // the limit.
                    let value = width <= 10 || number <= ProviderIDSet.maximumID ? Int64(number) : nil
                    if valid || error.characterOffset != 6 || error.value != value { mismatches.append(text) }
                }
            }
            width += 1
            limit *= 10
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
