import ConsentCore
import GPP
import TCF
import USPrivacy

// TEMPORARY: talks to the format modules directly until ConsentKit's ConsentString lands; then this file shrinks
// to a thin wrapper over ConsentString (and ConsentCLI imports only ConsentKit and ConsentCache again).

/// A decoded string of any kind.
enum ConsentValue {
    case tcf(TCFString)
    case gpp(GPPString)
    case usp(USPrivacyString)
}

/// A decoded string, as the commands use it.
struct DecodedString {
    /// The kind of string.
    let kind: ConsentFormat
    /// The decoded value.
    let value: ConsentValue
    /// The JSON form of spec/json.md.
    let json: JSONValue
}

/// The one place the command talks to the codecs.
enum Codec {
    /// Decodes `text`, detecting its kind unless `kind` is given.
    static func decode(_ text: String, kind: ConsentFormat?) throws(ConsentError) -> DecodedString {
        guard !text.isEmpty else { throw ConsentError(.empty, format: kind) }
        guard let kind = kind ?? KindDetector.detect(text) else { throw ConsentError(.unknownFormat) }
        switch kind {
        case .tcf:
            let value = try TCFString(encoded: text)
            return DecodedString(kind: .tcf, value: .tcf(value), json: value.jsonValue())
        case .gpp:
            let value = try GPPString(encoded: text)
            return DecodedString(kind: .gpp, value: .gpp(value), json: value.jsonValue())
        case .usp:
            let value = try USPrivacyString(encoded: text)
            return DecodedString(kind: .usp, value: .usp(value), json: value.jsonValue())
        case .ac:
            throw ConsentError(.unknownFormat, format: .ac)
        }
    }

    /// The string of a JSON form.
    static func encode(json: JSONValue) throws(ConsentError) -> String {
        switch json["type"]?.stringValue {
        case "tcf": return try TCFString(json: json).encoded()
        case "gpp": return try GPPString(json: json).encoded()
        case "usp": return try USPrivacyString(json: json).encoded()
        default: throw ConsentError(.badJSON, field: "type")
        }
    }

    /// The lint diagnostics of a decoded string; `now` is seconds since 1970, `gppSID` the applicable sections
    /// sent beside a GPP string.
    static func lint(_ decoded: DecodedString, now: Int64, gppSID: [Int]? = nil) -> [Diagnostic] {
        switch decoded.value {
        case .tcf(let value): value.lint(now: now * 10)
        case .gpp(let value): value.lint(gppSID: gppSID)
        case .usp(let value): value.lint()
        }
    }

    /// The in-app keys for a set of strings.
    static func keys(_ strings: [DecodedString], gdprApplies: String?) -> [PreferencesWriter.Entry] {
        strings.compactMap { decoded in
            guard case .usp(let value) = decoded.value else { return nil }
            return PreferencesWriter.Entry(key: "IABUSPrivacy_String", value: .string(value.description))
        }
    }
}
