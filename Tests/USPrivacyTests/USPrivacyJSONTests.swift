import ConsentCore
import Testing
import USPrivacy

@Suite struct USPrivacyJSONTests {
    @Test func writesTheJSONOfTheSpecInOrder() throws {
        let json = try USPrivacyString(encoded: "1YNN").jsonValue()
        #expect(
            json.serialized()
                == #"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N","encoding":{"original":"1YNN"}}"#
        )
        #expect(
            USPrivacyString().jsonValue(includeType: false).serialized()
                == #"{"version":1,"notice":"-","optOutSale":"-","lspaCovered":"-"}"#
        )
    }

    @Test func readsHandWrittenJSONWithoutTypeOrEncoding() throws {
        let json = try JSONValue(parsing: #"{"version":1,"notice":"N","optOutSale":"Y","lspaCovered":"-"}"#)
        #expect(try USPrivacyString(json: json).encoded() == "1NY-")
    }

    @Test(arguments: [
        (#"[]"#, ""),
        (#"{"type":"tcf","version":1,"notice":"N","optOutSale":"Y","lspaCovered":"-"}"#, "type"),
        (#"{"notice":"N","optOutSale":"Y","lspaCovered":"-"}"#, "version"),
        (#"{"version":"1","notice":"N","optOutSale":"Y","lspaCovered":"-"}"#, "version"),
        (#"{"version":1,"optOutSale":"Y","lspaCovered":"-"}"#, "notice"),
        (#"{"version":1,"notice":"N","optOutSale":"y","lspaCovered":"-"}"#, "optOutSale"),
        (#"{"version":1,"notice":"N","optOutSale":"Y","lspaCovered":"YN"}"#, "lspaCovered"),
        (#"{"version":1,"notice":"N","optOutSale":"Y","lspaCovered":true}"#, "lspaCovered"),
        // A key the form does not have, named when it is one of the form's keys (never, here).
        (#"{"version":1,"notise":"N","notice":"N","optOutSale":"Y","lspaCovered":"-"}"#, ""),
        (#"{"version":1,"notice":"N","optOutSale":"Y","lspaCovered":"-","gpc":true}"#, ""),
    ])
    func rejectsMalformedJSONNamingTheMember(text: String, field: String) throws {
        let json = try JSONValue(parsing: text)
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(json: json) }
        #expect(error?.code == .badJSON)
        #expect(error?.field.description == field)
    }

    @Test func rejectsAnotherVersionAsBadVersion() throws {
        let json = try JSONValue(parsing: #"{"version":2,"notice":"N","optOutSale":"Y","lspaCovered":"-"}"#)
        let error = #expect(throws: ConsentError.self) { try USPrivacyString(json: json) }
        #expect(error?.code == .badVersion)
    }

    @Test func ignoresAnOriginalTextThatNoLongerMatchesTheValues() throws {
        let json = try JSONValue(
            parsing: #"{"version":1,"notice":"Y","optOutSale":"Y","lspaCovered":"N","encoding":{"original":"1ynn"}}"#
        )
        #expect(try USPrivacyString(json: json).encoded() == "1YYN")
    }
}
