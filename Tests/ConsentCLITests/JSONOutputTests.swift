import ConsentCore
import Testing

@testable import ConsentCLI

@Suite struct JSONOutputTests {
    private func bytes(_ value: JSONValue) -> String {
        let output = Output(.memory)
        JSONOutput.write(value, to: output)
        return output.text
    }

    @Test func writesTheSameTextAsSerialized() throws {
        let documents = [
            #"{"type":"tcf","a":[1,2,3,65535,0,-1,-9223372036854775808,9223372036854775807],"b":null,"c":true}"#,
            #"{"s":"quote \" backslash \\ newline \n tab \t cr \r bell \u0007 nul \u0000 é ✓ 𝄞","e":[],"o":{}}"#,
            #"[1.5,-0.25,1e300,{"x":[{"y":[false]}]}]"#,
        ]
        for text in documents {
            let value = try JSONValue(parsing: text)
            #expect(bytes(value) == value.serialized())
        }
    }

    @Test func growsTheBufferForLargeDocuments() {
        let value = JSONValue.array((0..<200_000).map { .int(Int64($0)) })
        #expect(bytes(value) == value.serialized())
    }

    @Test func writesEveryIntegerWidth() {
        var number: Int64 = 1
        for _ in 0..<19 {
            for candidate in [number - 1, number, -number] {
                #expect(bytes(.int(candidate)) == String(candidate))
                #expect(bytes(.array([.int(candidate), .int(candidate)])) == "[\(candidate),\(candidate)]")
            }
            number = number &* 10
        }
    }

    @Test func errorObjectHasTheShapeOfJsonMd() {
        let error = ConsentError(.truncated, format: .tcf, segment: "core", field: "vendorConsents", bitOffset: 213)
        let object = JSONOutput.errorObject(input: "CO", source: "gdpr_consent", error: error)
        #expect(object["type"] == .string("error"))
        #expect(object["input"] == .string("CO"))
        #expect(object["source"] == .string("gdpr_consent"))
        #expect(object["error"]?["code"] == .string("truncated"))
        #expect(object["error"]?["field"] == .string("vendorConsents"))
        #expect(object["error"]?["bitOffset"] == .int(213))
        #expect(object["error"]?["message"]?.stringValue?.isEmpty == false)
        #expect(object.objectValue?.keys == ["type", "input", "source", "error"])
    }

    /// The message of a JSON error is what the text output says after its code: the same hints (white space around
    /// the input, what an unknown input looked like), not the bare description with a field such as "base64url".
    @Test func errorMessagesSayWhatTheTextOutputSays() throws {
        for input in ["bogus", " 1YNN", "CO", "1YN+"] {
            let json = try JSONValue(parsing: run(["decode", "--json", input]).output)
            let message = try #require(json["error"]?["message"]?.stringValue)
            let text = run(["decode", input]).error
            #expect(text.hasSuffix(message + "\n"), "\(input): \(message) | \(text)")
            #expect(!message.hasPrefix("unknownFormat"), "\(input)")
        }
        let bogus = try JSONValue(parsing: run(["decode", "--json", "bogus"]).output)
        #expect(bogus["error"]?["message"]?.stringValue?.hasPrefix("base64url text, but not a TC string") == true)
        #expect(bogus["error"]?["field"] == nil)
        // Not all base64url: not called base64url text.
        for input in ["bad!", "hello world"] {
            let message = try JSONValue(parsing: run(["decode", "--json", input]).output)["error"]?["message"]
            #expect(
                message?.stringValue?.hasPrefix("not a TC string") == true,
                "\(input): \(String(describing: message))"
            )
        }
        let spaced = try JSONValue(parsing: run(["decode", "--json", " 1YNN"]).output)
        #expect(spaced["error"]?["message"]?.stringValue?.hasSuffix("; the input starts with white space") == true)
        let lint = try JSONValue(parsing: run(["lint", "--json", "bogus"]).output)
        let diagnostic = lint["diagnostics"]?.arrayValue?.first
        #expect(diagnostic?["code"] == .string("unknownFormat"))
        #expect(diagnostic?["field"] == .string(""))
        #expect(diagnostic?["message"]?.stringValue?.hasPrefix("base64url text") == true, "\(lint)")
    }
}
