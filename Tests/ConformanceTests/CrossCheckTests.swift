import ConsentCore
import ConsentKit
import ConsentTestSupport
import Foundation
import Testing

/// Our TC string decoder against an independent one: `Vectors/crosscheck/tcf-iab-tcf.jsonl` holds what the PyPI package
/// iab-tcf decodes from the benchmark corpora and from seeded one-character mutations of them
/// (`scripts/crosscheck/tcf-iab-tcf.py` writes it and describes the line format).
@Suite("Cross-check with iab-tcf")
struct CrossCheckTests {
    /// One line of the file: where its input comes from, and iab-tcf's reading of it.
    struct Case: CustomStringConvertible {
        let corpus: String
        let line: Int
        let mutation: (offset: Int, character: String)?
        let expect: JSONValue

        var description: String {
            "\(corpus):\(line)" + (mutation.map { " with character \($0.offset) replaced by \($0.character)" } ?? "")
        }
    }

    static func cases() throws -> [Case] {
        let url = RepositoryPaths.vectors.appendingPathComponent("crosscheck/tcf-iab-tcf.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONValue(parsing: String(line))
            let mutation = object["mutation"]?.arrayValue.flatMap { pair -> (Int, String)? in
                guard pair.count == 2, let offset = pair[0].intValue, let character = pair[1].stringValue else {
                    return nil
                }
                return (offset, character)
            }
            return Case(
                corpus: try #require(object["corpus"]?.stringValue),
                line: try #require(object["line"]?.intValue),
                mutation: mutation,
                expect: try #require(object["iabTcf"])
            )
        }
    }

    /// The input a case names: its corpus line, with the mutation applied.
    static func input(of testCase: Case, corpora: inout [String: [String]]) throws -> String {
        if corpora[testCase.corpus] == nil {
            let url = RepositoryPaths.root.appendingPathComponent("Benchmarks/Corpus/\(testCase.corpus)")
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            corpora[testCase.corpus] = lines.map(String.init)
        }
        var bytes = Array(try #require(corpora[testCase.corpus]?[testCase.line - 1]).utf8)
        if let mutation = testCase.mutation {
            bytes[mutation.offset] = try #require(mutation.character.utf8.first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// FNV-1a, 64 bits, of `bytes`, in the file's lower-case hexadecimal.
    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A set as the file gives it: its count and the hash of its ids, each as two little-endian bytes.
    static func summary(_ ids: IDSet) -> JSONValue {
        .object(
            JSONObject([
                ("count", .int(Int64(ids.count))),
                ("fnv1a64", .string(fnv1a64(ids.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))),
            ])
        )
    }

    /// Our decoding of `value` in the shape of the file's expectations.
    static func reading(of value: TCString) -> JSONValue {
        var groups: [Int: IDSet] = [:]
        for restriction in value.publisherRestrictions {
            let key = restriction.purposeId << 8 | restriction.restrictionType.rawValue
            for id in restriction.vendorIds { groups[key, default: IDSet()].insert(id) }
        }
        var restrictionBytes: [UInt8] = []
        for key in groups.keys.sorted() {
            for id in groups[key] ?? IDSet() {
                restrictionBytes += [UInt8(key >> 8), UInt8(key & 0xFF), UInt8(id & 0xFF), UInt8(id >> 8)]
            }
        }
        return .object(
            JSONObject([
                ("createdSeconds", .int(value.created / 10)),
                ("lastUpdatedSeconds", .int(value.lastUpdated / 10)),
                ("cmpId", .int(Int64(value.cmpId))),
                ("cmpVersion", .int(Int64(value.cmpVersion))),
                ("consentScreen", .int(Int64(value.consentScreen))),
                ("consentLanguage", .string(value.consentLanguage.letters)),
                ("vendorListVersion", .int(Int64(value.vendorListVersion))),
                ("policyVersion", .int(Int64(value.policyVersion))),
                ("isServiceSpecific", .bool(value.isServiceSpecific)),
                ("useNonStandardTexts", .bool(value.useNonStandardTexts)),
                ("specialFeatureOptins", JSONValue.ids(value.specialFeatureOptins)),
                ("purposeConsents", JSONValue.ids(value.purposeConsents)),
                ("purposeLegitimateInterests", JSONValue.ids(value.purposeLegitimateInterests)),
                ("purposeOneTreatment", .bool(value.purposeOneTreatment)),
                ("publisherCountryCode", .string(value.publisherCountryCode.letters)),
                ("vendorConsents", summary(value.vendorConsents)),
                ("vendorLegitimateInterests", summary(value.vendorLegitimateInterests)),
                (
                    "publisherRestrictions",
                    .object(
                        JSONObject([
                            ("groups", .int(Int64(groups.count))),
                            ("vendorIds", .int(Int64(groups.values.reduce(0) { $0 + $1.count }))),
                            ("fnv1a64", .string(fnv1a64(restrictionBytes))),
                        ])
                    )
                ),
                ("disclosedVendors", value.disclosedVendors.map(summary) ?? .null),
            ])
        )
    }

    @Test("The file covers the corpora and their mutations")
    func fileCoversCorporaAndMutations() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 1_500)
        #expect(Set(cases.map(\.corpus)) == ["tcf-small.txt", "tcf-typical.txt", "tcf-large.txt"])
        #expect(cases.filter { $0.mutation != nil }.count >= 900)
    }

    @Test("Every input iab-tcf decodes, we decode to the same values")
    func everyInputDecodesAsIabTcfReadsIt() throws {
        var corpora: [String: [String]] = [:]
        for testCase in try Self.cases() {
            let input = try Self.input(of: testCase, corpora: &corpora)
            let value: TCString
            do { value = try TCString(encoded: input) } catch {
                Issue.record("\(testCase): \(error)")
                continue
            }
            let mismatches = Self.reading(of: value).mismatches(against: testCase.expect)
            #expect(mismatches.isEmpty, "\(testCase): \(mismatches.joined(separator: "; "))")
        }
    }
}
