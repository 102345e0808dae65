import ConsentCore
import Testing
import USPrivacy

@Suite struct USPrivacyLintTests {
    @Test(arguments: ["1Y--", "1--Y", "1N-Y", "1Y-N"])
    func reportsNotApplicableSaleMixedWithSignalsAsError(text: String) throws {
        let diagnostics = try USPrivacyString(encoded: text).lint()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.code == "ccpaNotApplicableMixedWithSignals")
        #expect(diagnostics.first?.field == "optOutSale")
    }

    @Test(arguments: ["1NNN", "1NN-", "1NNY"])
    func warnsWhenNoNoticeWasGivenButUserDidNotOptOut(text: String) throws {
        let diagnostics = try USPrivacyString(encoded: text).lint()
        #expect(diagnostics.map(\.code) == ["optOutSaleWithoutNotice"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.field == "notice")
    }

    @Test(arguments: ["1---", "1YNN", "1-Y-", "1NY-", "1YYY", "1-N-"])
    func findsNothingInConsistentStrings(text: String) throws {
        #expect(try USPrivacyString(encoded: text).lint().isEmpty)
    }
}
