import ConsentCore
import ConsentTestSupport
import Foundation
import GPP
import TCF
import Testing
import USPrivacy
import _ConsentFuzzSupport

/// Seeded property tests over every format: built values round-trip; random text fails cleanly or holds every
/// invariant of a decoded value; damaged valid strings never trap and, when they decode, hold those invariants.
/// Each failure names its seed: rerun with `PROPERTY_SEED=<seed>` to get the same inputs.
@Suite("Round-trip properties")
struct PropertyTests {
    /// The seed of a run: `PROPERTY_SEED` when set, else fixed, so that failures reproduce.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["PROPERTY_SEED"].flatMap { UInt64($0) } ?? 20_261_129

    /// The formats, as the invariants name them.
    enum Format: String, CaseIterable, Sendable {
        case tcf, tcfLegacy, usp, gpp
    }

    @Test(
        "A random value of every format encodes, decodes to the same meaning and holds every invariant",
        arguments: Format.allCases
    )
    func randomModelsRoundTrip(_ format: Format) {
        for index in 0..<150 {
            let seed = Self.seed &+ UInt64(index)
            var generator = SplitMix64(seed: seed)
            let violation: FuzzViolation? =
                switch format {
                case .tcf: FuzzTarget.roundTripViolation(of: TCFString.v2(RandomModels.tcString(using: &generator)))
                case .tcfLegacy:
                    FuzzTarget.roundTripViolation(of: TCFString.legacy(RandomModels.tcStringV1(using: &generator)))
                case .usp: FuzzTarget.roundTripViolation(of: RandomModels.usPrivacy(using: &generator))
                case .gpp: FuzzTarget.roundTripViolation(of: RandomModels.gpp(using: &generator))
                }
            if let violation, violation.openRegression == nil {
                Issue.record("seed \(seed): \(violation)")
                return
            }
        }
    }

    @Test(
        "Random text fails with a ConsentError or decodes to a value that holds every invariant",
        arguments: Format.allCases
    )
    func randomTextFailsCleanlyOrRoundTrips(_ format: Format) {
        var generator = SplitMix64(seed: Self.seed)
        let prefix = ["tcf": "C", "tcfLegacy": "B", "usp": "1", "gpp": "DB"][format.rawValue] ?? ""
        for index in 0..<2_000 {
            let text = (index % 2 == 0 ? prefix : "") + StringMutations.randomText(maxLength: 80, using: &generator)
            if let violation = Self.violation(decoding: text, as: format) {
                Issue.record("seed \(Self.seed), string \(index) \"\(text)\": \(violation)")
                return
            }
        }
    }

    @Test(
        "A damaged valid string never traps, and holds every invariant when it decodes",
        arguments: ConsentFormat.allCases
    )
    func mutatedVectorsNeverTrap(_ kind: ConsentFormat) async throws {
        let inputs = try VectorLoader.valid(kind: kind).map(\.input)
        let seed = Self.seed
        let name = kind.rawValue
        // In a child process: a trap there is this test failing, not the end of the run.
        let passed = await #expect(processExitsWith: .success) {
            [inputs = inputs as [String], seed = seed as UInt64, name = name as String] in
            PropertyTests.mutate(inputs, kind: name, seed: seed)
        }
        if passed == nil {
            let failure = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                [inputs = inputs as [String], seed = seed as UInt64, name = name as String] in
                PropertyTests.mutate(inputs, kind: name, seed: seed)
            }
            let output = failure.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            Issue.record(Comment(rawValue: output.split(separator: "\n").suffix(4).joined(separator: "\n")))
        }
    }

    /// Mutates each input 25 times and checks each result; traps on a broken invariant. Each attempt is written
    /// to standard error first, so that a trap in the code under test leaves its input as the last line.
    static func mutate(_ inputs: [String], kind: String, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for input in inputs {
            for round in 0..<25 {
                let text = StringMutations.mutate(input, using: &generator)
                FileHandle.standardError.write(Data("seed \(seed), \(kind) round \(round): \(text)\n".utf8))
                let formats: [Format] =
                    switch kind {
                    case "tcf": [.tcf]
                    case "gpp": [.gpp]
                    case "usp": [.usp]
                    default: []
                    }
                for format in formats {
                    if let violation = violation(decoding: text, as: format) { fatalError("\(violation)") }
                }
            }
        }
    }

    /// The broken invariant of decoding `text` as `format`, ignoring known open ones.
    static func violation(decoding text: String, as format: Format) -> FuzzViolation? {
        let found: FuzzViolation? =
            switch format {
            case .tcf, .tcfLegacy: FuzzTarget.decodeViolation(TCFString.self, text: text)
            case .usp: FuzzTarget.decodeViolation(USPrivacyString.self, text: text)
            case .gpp: FuzzTarget.decodeViolation(GPPString.self, text: text)
            }
        return found?.openRegression == nil ? found : nil
    }
}
