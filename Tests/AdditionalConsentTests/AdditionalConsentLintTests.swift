import AdditionalConsent
import ConsentCore
import Testing

@Suite struct AdditionalConsentLintTests {
    func codes(_ text: String) throws -> [String] { try AdditionalConsentString(encoded: text).lint().map(\.code) }

    @Test func findsNothingInACanonicalVersionTwoString() throws {
        #expect(try codes("2~1.35.41~dv.9.21.81").isEmpty)
        #expect(try codes("2~~dv.").isEmpty)
    }

    @Test func reportsUnsortedIDsPerListAsInfo() throws {
        let diagnostics = try AdditionalConsentString(encoded: "2~~dv.2072.70.89.93").lint()
        #expect(diagnostics.map(\.code) == ["unsortedProviders"])
        #expect(diagnostics.first?.severity == .info)
        #expect(diagnostics.first?.field == "disclosedProviders")
    }

    @Test func reportsDuplicatedIDsAsWarning() throws {
        let diagnostics = try AdditionalConsentString(encoded: "2~1.2.1~dv.").lint()
        #expect(diagnostics.map(\.code) == ["duplicateProviders"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.field == "consentedProviders")
    }

    @Test func reportsAnIDInBothListsAsWarning() throws {
        let diagnostics = try AdditionalConsentString(encoded: "2~1.2~dv.2.3").lint()
        #expect(diagnostics.map(\.code) == ["providerInBothLists"])
        #expect(diagnostics.first?.severity == .warning)
    }

    @Test func reportsVersionOneInUseAsInfo() throws {
        #expect(try codes("1~1.2") == ["versionOne"])
    }

    @Test func reportsLeadingZerosAndTheDotlessMarker() throws {
        #expect(try codes("2~01~dv") == ["leadingZeros", "disclosedMarkerWithoutDot"])
    }

    @Test func lintsBuiltValuesOnTheirMeaning() {
        let value = AdditionalConsentString(consentedProviders: [1], disclosedProviders: [1])
        #expect(value.lint().map(\.code) == ["providerInBothLists"])
    }
}
