import ConsentKit
import Testing

@Suite struct ConsentStringTests {
    static let inputs = [
        "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA.IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg=",
        "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA",
        "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN",
        "1YNN",
        "2~41.1.35~dv.9",
    ]

    @Test(arguments: inputs)
    func roundTripsThroughJSONDispatchingOnType(text: String) throws {
        let value = try ConsentString(encoded: text)
        let json = value.jsonValue()
        #expect(json["type"] == .string(value.format.rawValue))
        let reread = try ConsentString(json: json)
        #expect(reread == value)
        #expect(try reread.encoded() == text)
    }

    @Test func rejectsJSONWithoutAKnownType() throws {
        for text in [#"{"version":1}"#, #"{"type":"xyz"}"#] {
            let error = #expect(throws: ConsentError.self) { try ConsentString(json: JSONValue(parsing: text)) }
            #expect(error?.code == .badJSON)
            #expect(error?.field.description == "type")
        }
    }

    @Test func lintsWithTheFormatsRules() throws {
        #expect(try ConsentString(encoded: "2~2.1~dv.").lint().map(\.code) == ["unsortedProviders"])
        #expect(try ConsentString(encoded: "1NNN").lint().map(\.code) == ["optOutSaleWithoutNotice"])
    }
}
