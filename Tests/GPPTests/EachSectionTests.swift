import ConsentCore
import GPP
import Testing

/// `GPPString.decodingEachSection`: the same header and sections as `GPPString(encoded:)`, each section's outcome
/// on its own.
@Suite struct EachSectionTests {
    static let tcString = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    /// A US Privacy section one letter short does not hide the TC string before it, and its error is the one the
    /// whole string fails with.
    @Test func aBrokenSectionLeavesTheOthersDecoded() throws {
        let broken = "DBACNYA~\(Self.tcString)~1YN"
        let wholeError = thrownError { () throws(ConsentError) in _ = try GPPString(encoded: broken) }
        let outcomes = try GPPString.decodingEachSection(broken)
        #expect(outcomes.map(\.id) == [2, 6])
        let tcSection = try outcomes[0].result.get()
        #expect(try tcSection == GPPString(encoded: "DBACNYA~\(Self.tcString)~1YNN").sections[0])
        guard case .failure(let error) = outcomes[1].result else {
            Issue.record("section 6 decoded")
            return
        }
        #expect(error == wholeError)
        #expect(error.segment.description == "uspv1")
    }

    /// The property over every vector: a string that decodes has every section decoded, equal to its sections; a
    /// string that fails either fails here with the same error (its header, its count of parts), or has a first
    /// failing section whose error is that error.
    @Test func agreesWithTheWholeDecodeOnEveryVector() throws {
        let inputs =
            (Vector.valid + Vector.invalid).map(\.input) + [
                "DBACNYA~\(Self.tcString)~1YN", "DBACNYA~\(Self.tcString)", "DBACNYA~~1YNN", "DBABMA~CPXx", "", "DBA",
                "DBABzw~BVVV~1YNN~x", "DBACNYA~\(Self.tcString)~1yNN",
            ]
        #expect(inputs.count > 50)
        for input in inputs {
            var sections: [GPPSection] = []
            let wholeError = thrownError { () throws(ConsentError) in
                sections = try GPPString(encoded: input).sections
            }
            let outcomes: [GPPSectionOutcome]
            do throws(ConsentError) {
                outcomes = try GPPString.decodingEachSection(input)
            } catch {
                #expect(error == wholeError, "\(input)")
                continue
            }
            if let wholeError {
                let firstFailure = outcomes.lazy.compactMap { outcome -> ConsentError? in
                    if case .failure(let error) = outcome.result { return error }
                    return nil
                }.first
                #expect(firstFailure == wholeError, "\(input)")
            } else {
                #expect(outcomes.map { try? $0.result.get() } == sections.map { $0 }, "\(input)")
            }
        }
    }

    /// Strict decoding's rule checks concern the whole string: each section is read leniently.
    @Test func strictRuleChecksAreLeftToTheWholeDecode() throws {
        let text = "DBABTA~1Y--"  // Opt-Out Sale '-' with a notice: an error-level lint finding (usp.md §3)
        #expect(thrownError { () throws(ConsentError) in _ = try GPPString(encoded: text, options: .strict) } != nil)
        let outcomes = try GPPString.decodingEachSection(text, options: .strict)
        #expect(try outcomes.map { try $0.result.get() } == GPPString(encoded: text).sections)
    }
}
