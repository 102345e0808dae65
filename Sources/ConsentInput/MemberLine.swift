package import ConsentCore

/// One line copied out of a larger dump: a name and its value, as the forms that print objects write a member —
/// `tcString: 'CQ...'` (a console's expanded object), `"tcString": "CQ...",` (a line of JSON),
/// `IABTCF_TCString = CQ...;` (`defaults read`), `"IABUSPrivacy_String" => "1YNN"` (`plutil -p`),
/// `IABUSPrivacy_String=1YNN` (a log's key=value). Read as the one-member object it stands for, so that the names a
/// JSON document is read by (CMP API members, in-app keys, consent parameters) say what the value is.
package enum MemberLine {
    /// The object `{name: value}` that `line` writes; nil when it is no such line. The value is a string (quoted, or
    /// bare up to a closing `,` or `;`), or an integer when it is written as one without quotes.
    package static func object(_ line: some StringProtocol) -> JSONValue? {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard let name = quoted(&rest) ?? bareName(&rest), !name.isEmpty else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("=>") {
            rest = rest.dropFirst(2)
        } else if rest.first == ":" || rest.first == "=" {
            rest = rest.dropFirst()
        } else {
            return nil
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        var end = rest
        while let last = end.last, last == " " || last == "\t" || last == "," || last == ";" { end = end.dropLast() }
        let value: JSONValue
        if end.first == "\"" || end.first == "'" {
            var text = end
            guard let string = quoted(&text), text.isEmpty else { return nil }
            value = .string(string)
        } else if let number = Int64(end) {
            value = .int(number)
        } else if !end.isEmpty && !end.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" }) {
            value = .string(String(end))
        } else {
            return nil
        }
        return .object(JSONObject([(name, value)]))
    }

    /// A string in double or single quotes at the start of `text`, unescaped, and `text` moved past it.
    private static func quoted(_ text: inout Substring) -> String? {
        JavaScriptScanner.stringLiteral(at: &text)
    }

    /// A name without quotes: letters, digits, `_`, `-` and `.`, not starting with a digit.
    private static func bareName(_ text: inout Substring) -> String? {
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") }
        guard let first = name.first, !first.isNumber else { return nil }
        text = text[name.endIndex...]
        return String(name)
    }
}
