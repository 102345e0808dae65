import ConsentCore

// TEMPORARY: stands in for ConsentKit until the codecs land (it decodes only US Privacy strings).

/// A decoded string of any kind, as the commands use it.
struct DecodedString {
    /// The kind of string.
    let kind: ConsentFormat
    /// The JSON form of spec/json.md.
    let json: JSONValue
}

/// The one place the command talks to the codecs.
enum Codec {
    /// Decodes `text`, detecting its kind unless `kind` is given.
    static func decode(_ text: String, kind: ConsentFormat?) throws(ConsentError) -> DecodedString {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw ConsentError(.empty) }
        guard kind == nil || kind == .usp, bytes.count == 4, bytes[0] == UInt8(ascii: "1") else {
            throw ConsentError(.unknownFormat)
        }
        let letters = ["notice", "optOutSale", "lspaCovered"]
        var object = JSONObject([("type", .string("usp")), ("version", .int(1))])
        for (index, key) in letters.enumerated() {
            let letter = bytes[index + 1]
            guard letter == UInt8(ascii: "Y") || letter == UInt8(ascii: "N") || letter == UInt8(ascii: "-") else {
                throw ConsentError(.badValue, format: .usp, characterOffset: index + 1)
            }
            object.append(key, .string(String(UnicodeScalar(letter))))
        }
        return DecodedString(kind: .usp, json: .object(object))
    }

    /// The string of a JSON form.
    static func encode(json: JSONValue) throws(ConsentError) -> String {
        guard json["type"]?.stringValue == "usp", let notice = json["notice"]?.stringValue,
            let optOut = json["optOutSale"]?.stringValue, let lspa = json["lspaCovered"]?.stringValue
        else { throw ConsentError(.badJSON) }
        return "1" + notice + optOut + lspa
    }

    /// The lint diagnostics of a decoded string.
    static func lint(_ decoded: DecodedString, now: Int64) -> [Diagnostic] { [] }

    /// The in-app keys for a set of strings.
    static func keys(_ strings: [DecodedString], gdprApplies: String?) -> [PreferencesWriter.Entry] {
        strings.compactMap { decoded in
            guard decoded.kind == .usp else { return nil }
            return PreferencesWriter.Entry(key: "IABUSPrivacy_String", value: .string("1"))
        }
    }
}
