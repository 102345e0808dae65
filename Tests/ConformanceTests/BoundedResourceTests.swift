import ConsentCore
import ConsentTestSupport
import Foundation
import GPP
import TCF
import Testing
import USPrivacy

/// Hostile inputs cost memory and time in proportion to their length, never more: a one-megabyte string, the most
/// range entries a section can hold, thousands of separators. Structure is asserted (the error code, the ids
/// read); times are measured in Benchmarks, never here. Peak memory is measured in a child process.
@Suite("Bounded memory and time")
struct BoundedResourceTests {
    /// Decoding options without a length limit.
    static let unlimited: DecodingOptions = {
        var options = DecodingOptions()
        options.maxInputLength = Int.max
        return options
    }()

    /// The code of the error `body` throws; nil when it does not throw.
    private func code(_ body: () throws -> Void) -> ConsentError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ConsentError)?.code
        }
    }

    @Test("A one-megabyte string fails at once with tooLong (US Privacy: with badValue, it is not 4 characters)")
    func megabyteStringsFailTooLong() {
        let tcf = HostileInputs.megabyte(after: HostileInputs.emptyCore)
        #expect(code { _ = try TCFString(encoded: tcf) } == .tooLong)
        #expect(code { _ = try TCFString(encoded: HostileInputs.megabyte(after: "B")) } == .tooLong)
        #expect(code { _ = try GPPString(encoded: HostileInputs.megabyte(after: "DBABLA~")) } == .tooLong)
        #expect(code { _ = try GPPString(encoded: HostileInputs.repeated("~", 1 << 20)) } != nil)
        #expect(code { _ = try USPrivacyString(encoded: HostileInputs.megabyte(after: "1YN")) } == .badValue)
    }

    @Test("4095 range entries of 1-65535 in every vendor field decode to every id, and re-encode as written")
    func fullRangeEntriesDecode() throws {
        let text = HostileInputs.tcStringWithFullRanges
        guard case .v2(let value) = try TCFString(encoded: text) else {
            Issue.record("not read as a v2 string")
            return
        }
        #expect(value.vendorConsents.count == 65_535)
        #expect(value.vendorLegitimateInterests.count == 65_535)
        #expect(value.publisherRestrictions.map(\.vendorIds.count) == [65_535])
        #expect(try value.encoded() == text)
        #expect(try value.encoded(options: .canonical).utf8.count < 100)
        guard case .legacy(let legacy) = try TCFString(encoded: HostileInputs.legacyWithFullRanges) else {
            Issue.record("not read as a v1.1 string")
            return
        }
        // DefaultConsent 1, every id listed: every id flipped to no consent.
        #expect(legacy.vendorConsents.isEmpty)
    }

    @Test("Thousands of ~ fail: more sections than allowed, or parts that do not match the header")
    func thousandsOfTildesFail() {
        #expect(code { _ = try GPPString(encoded: "DBAA" + HostileInputs.repeated("~", 5000)) } == .badValue)
        #expect(code { _ = try GPPString(encoded: HostileInputs.gppHeaderWith4095Sections) } == .tooLong)
        let many = HostileInputs.gppHeaderWith4095Sections + HostileInputs.repeated("~1YNN", 4095)
        #expect(code { _ = try GPPString(encoded: many) } == .tooLong)
        #expect(code { _ = try GPPString(encoded: many, options: Self.unlimited) } == .tooLong)
    }

    @Test("Thousands of . fail with tooLong (empty segments: with badBase64)")
    func thousandsOfDotsFail() {
        let core = HostileInputs.emptyCore
        #expect(code { _ = try TCFString(encoded: core + HostileInputs.repeated(".IAAA", 5000)) } == .tooLong)
        // Empty segments: the first one fails (an empty segment is no base64url), before the count does.
        #expect(code { _ = try TCFString(encoded: core + HostileInputs.repeated(".", 5000)) } == .badBase64)
        let usnat = "DBABLA~BVVqAAEABCA" + HostileInputs.repeated(".QA", 5000)
        #expect(code { _ = try GPPString(encoded: usnat) } == .tooLong)
    }

    @Test("Decoding raises peak memory by at most a small multiple of the input's length")
    func peakMemoryIsBoundedByInputLength() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            BoundedResourceTests.measurePeakMemory()
        }
        if let result { print(String(decoding: result.standardOutputContent, as: UTF8.self), terminator: "") }
    }

    /// Decodes each hostile input (without a length limit) and re-encodes it, and checks how far that raised the
    /// resident memory at its peak: at most 16 bytes per input byte plus 4 MB; exits with failure otherwise. Prints
    /// what it measured. (The JSON form is not measured: it grows with the number of ids, up to 65535 per set,
    /// which a few bytes of range entry can name.)
    static func measurePeakMemory() {
        let cases: [(String, String, (String) throws -> Void)] = [
            (
                "TC string, 1 MB", HostileInputs.megabyte(after: HostileInputs.emptyCore),
                { text in
                    _ = try TCFString(encoded: text, options: unlimited).encoded()
                }
            ),
            (
                "GPP usnat, 1 MB", HostileInputs.megabyte(after: "DBABLA~BVVqAAEABCA"),
                { text in
                    _ = try GPPString(encoded: text, options: unlimited).encoded()
                }
            ),
            (
                "TC string, 3 x 4095 ranges 1-65535", HostileInputs.tcStringWithFullRanges,
                { text in
                    _ = try TCFString(encoded: text).encoded()
                }
            ),
            (
                "TC string 1.1, 4095 ranges 1-65535", HostileInputs.legacyWithFullRanges,
                { text in
                    _ = try TCFString(encoded: text).encoded()
                }
            ),
            (
                "GPP, 4095 section ids and parts",
                HostileInputs.gppHeaderWith4095Sections
                    + HostileInputs.repeated("~1YNN", 4095),
                { text in _ = try? GPPString(encoded: text, options: unlimited) }
            ),
        ]
        var failed = false
        for (name, text, decode) in cases {
            let bytes = text.utf8.count
            let growth = PeakMemory.growth { _ = try? decode(text) }
            let bound = 16 * bytes + (4 << 20)
            print("\(name): \(bytes) bytes in, peak memory +\(growth / 1024) KB (bound \(bound / 1024) KB)")
            if growth > bound { failed = true }
        }
        if failed { exit(1) }
    }
}
