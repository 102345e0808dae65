import ConsentInput
import ConsentKit

/// Writes in-app keys in the three forms an app stores or a developer pastes: a JSON object, an iOS property list
/// (XML) and an Android shared-preferences file. Integers stay integers (`setInteger` / `putInt`), strings stay
/// strings, as the IAB CMP API specifications type them.
enum PreferencesWriter {
    /// A key and its typed value.
    struct Entry: Equatable {
        /// The key, `IABTCF_PurposeConsents`.
        var key: String
        /// Its value.
        var value: AppPreferences.Value
    }

    /// The output form of `consent keys --format`.
    enum Format: String, CaseIterable {
        case json
        case plist
        case androidXML = "android-xml"

        /// Parses the option's value.
        init(argument: String) throws(UsageError) {
            guard let format = Format(rawValue: argument) else {
                throw UsageError("'--format' must be json, plist or android-xml, not '\(argument)'")
            }
            self = format
        }
    }

    /// The whole document, ending with a line feed.
    static func document(_ entries: [Entry], format: Format) -> String {
        switch format {
        case .json: json(entries)
        case .plist: propertyList(entries)
        case .androidXML: android(entries)
        }
    }

    private static func json(_ entries: [Entry]) -> String {
        var object = JSONObject()
        for entry in entries {
            switch entry.value {
            case .string(let text): object.append(entry.key, .string(text))
            case .integer(let number), .long(let number): object.append(entry.key, .int(Int64(number)))
            case .float(let number): object.append(entry.key, .double(number))
            case .boolean(let flag): object.append(entry.key, .bool(flag))
            }
        }
        return JSONValue.object(object).serialized(pretty: true) + "\n"
    }

    private static func propertyList(_ entries: [Entry]) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#, "<dict>",
        ]
        for entry in entries {
            lines.append("\t<key>\(escaped(entry.key))</key>")
            switch entry.value {
            case .string(let text): lines.append("\t<string>\(escaped(text))</string>")
            case .integer(let number), .long(let number): lines.append("\t<integer>\(number)</integer>")
            case .float(let number): lines.append("\t<real>\(number)</real>")
            case .boolean(let flag): lines.append(flag ? "\t<true/>" : "\t<false/>")
            }
        }
        lines += ["</dict>", "</plist>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func android(_ entries: [Entry]) -> String {
        var lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for entry in entries {
            let name = escaped(entry.key)
            switch entry.value {
            case .string(let text): lines.append("    <string name=\"\(name)\">\(escaped(text))</string>")
            case .integer(let number): lines.append("    <int name=\"\(name)\" value=\"\(number)\" />")
            case .long(let number): lines.append("    <long name=\"\(name)\" value=\"\(number)\" />")
            case .float(let number): lines.append("    <float name=\"\(name)\" value=\"\(number)\" />")
            case .boolean(let flag): lines.append("    <boolean name=\"\(name)\" value=\"\(flag)\" />")
            }
        }
        lines.append("</map>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// XML escapes for text and attribute values.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
