import AdditionalConsent
import ConsentCore
import Testing

@Suite struct AdditionalConsentJSONTests {
    @Test func writesTheJSONOfTheSpecWithTheOriginalText() throws {
        let value = try AdditionalConsentString(encoded: "2~35.1~dv.9")
        #expect(
            value.jsonValue().serialized()
                == #"{"type":"ac","version":2,"consentedProviders":[1,35],"disclosedProviders":[9],"encoding":{"original":"2~35.1~dv.9"}}"#
        )
        #expect(
            AdditionalConsentString(version: .v1, consentedProviders: [4]).jsonValue(includeType: false).serialized()
                == #"{"version":1,"consentedProviders":[4],"disclosedProviders":null}"#
        )
    }

    @Test func readsHandWrittenJSONAndEncodesCanonically() throws {
        let json = try JSONValue(
            parsing: #"{"type":"ac","version":2,"consentedProviders":[5,1],"disclosedProviders":[1,9]}"#
        )
        #expect(try AdditionalConsentString(json: json).encoded() == "2~1.5~dv.9")
        let v1 = try JSONValue(parsing: #"{"version":1,"consentedProviders":[]}"#)
        #expect(try AdditionalConsentString(json: v1).encoded() == "1~")
    }

    @Test func ignoresAnOriginalTextThatNoLongerMatches() throws {
        let json = try JSONValue(
            parsing: #"{"version":2,"consentedProviders":[1],"disclosedProviders":[],"encoding":{"original":"2~2~dv"}}"#
        )
        #expect(try AdditionalConsentString(json: json).encoded() == "2~1~dv.")
    }

    @Test(arguments: [
        (#"3"#, ""),
        (#"{"type":"usp","version":2,"consentedProviders":[],"disclosedProviders":[]}"#, "type"),
        (#"{"consentedProviders":[],"disclosedProviders":[]}"#, "version"),
        (#"{"version":2,"disclosedProviders":[]}"#, "consentedProviders"),
        (#"{"version":2,"consentedProviders":[0],"disclosedProviders":[]}"#, "consentedProviders"),
        (#"{"version":2,"consentedProviders":[2147483648],"disclosedProviders":[]}"#, "consentedProviders"),
        (#"{"version":2,"consentedProviders":["1"],"disclosedProviders":[]}"#, "consentedProviders"),
        (#"{"version":2,"consentedProviders":[]}"#, "disclosedProviders"),
        (#"{"version":1,"consentedProviders":[],"disclosedProviders":[3]}"#, "disclosedProviders"),
        (#"{"version":2,"consentedProviders":[],"disclosedProviders":[],"consented":[3]}"#, ""),
    ])
    func rejectsMalformedJSONNamingTheMember(text: String, field: String) throws {
        let error = #expect(throws: ConsentError.self) { try AdditionalConsentString(json: JSONValue(parsing: text)) }
        #expect(error?.code == .badJSON)
        #expect(error?.field.description == field)
    }

    @Test func rejectsAnUnknownVersionAsBadVersion() throws {
        let json = try JSONValue(parsing: #"{"version":3,"consentedProviders":[],"disclosedProviders":[]}"#)
        let error = #expect(throws: ConsentError.self) { try AdditionalConsentString(json: json) }
        #expect(error?.code == .badVersion)
    }

    @Test func answersProviderQuestions() throws {
        let value = try AdditionalConsentString(encoded: "2~1.35~dv.9.35")
        #expect(value.hasConsent(forProvider: 35))
        #expect(!value.hasConsent(forProvider: 9))
        #expect(value.wasDisclosed(provider: 9) && !value.wasDisclosed(provider: 2))
        #expect(value.allDisclosedProviders == [1, 9, 35])
        #expect(value.providersWithoutConsent == [9])
    }
}
