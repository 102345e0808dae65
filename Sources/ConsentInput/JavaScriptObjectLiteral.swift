package import ConsentCore

/// An object as JavaScript prints it rather than as JSON: what Node's `console.log` prints of the object a CMP API
/// returned (`{ tcString: 'CQ...', gdprApplies: true }`, over several lines when long), what a browser console's
/// preview shows (Chrome's `{tcString: 'CQ...', cmpId: 10, …}`, Firefox's `Object { tcString: "CQ...", … }`), or an
/// object literal of source code. Read into the JSON value it stands for:
/// - keys as identifiers or in quotes; strings in single, double or back quotes, with JavaScript's escapes;
/// - numbers, `true`, `false`, `null`; `undefined`, `NaN`, `Infinity` and what Node writes for what it does not
///   print (`[Object]`, `[Array]`, `[Function: name]`, `[Getter]`, `[Circular *1]`) as `null`;
/// - a class name or `Object`, `Array` before a bracket (and Chrome's `(2)` before an array), Node's `<ref *1>`,
///   trailing commas, and the `…` (or `...`) where a preview leaves members out, are skipped.
///
/// A string a preview cut short (`'CQ…'`) is read as it is: decoding it then fails, saying what is wrong with it.
package enum JavaScriptObjectLiteral {
    /// The value of `text` when it is one object literal (white space around it allowed); nil otherwise.
    package static func value(_ text: some StringProtocol) -> JSONValue? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.object(), reader.isAtEnd() else { return nil }
        return value
    }

    /// A recursive descent over the bytes, at most ``maximumDepth`` deep.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        /// Deeper nesting is refused: a crafted text must not exhaust the stack.
        static let maximumDepth = 64
        /// The words Node writes in brackets for a value it does not print (`[Object]`, `[Function: f]`).
        static let nodeTags: Set<String> = [
            "Object", "Array", "Function", "AsyncFunction", "GeneratorFunction", "Getter", "Setter", "Circular",
            "class",
        ]

        /// The byte at the reader after any white space, without taking it.
        mutating func peek() -> UInt8? {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                    || bytes[index] == 0x0D
            {
                index += 1
            }
            return index < bytes.count ? bytes[index] : nil
        }

        /// True when nothing but white space is left.
        mutating func isAtEnd() -> Bool { peek() == nil }

        /// Takes `byte` when it is next (after white space).
        mutating func take(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            index += 1
            return true
        }

        /// Takes `…` (UTF-8 E2 80 A6) or `...` when next: members a preview leaves out.
        mutating func takeEllipsis() -> Bool {
            guard let first = peek() else { return false }
            let pattern: [UInt8] = first == 0xE2 ? [0xE2, 0x80, 0xA6] : [0x2E, 0x2E, 0x2E]
            guard bytes[index...].starts(with: pattern) else { return false }
            index += pattern.count
            return true
        }

        /// An object, after an optional class name (`Object`) or `<ref *1>`.
        mutating func object() -> JSONValue? {
            skipPrefix()
            guard take(UInt8(ascii: "{")), enter() else { return nil }
            defer { depth -= 1 }
            var members = JSONObject()
            while !take(UInt8(ascii: "}")) {
                if takeEllipsis() { continue }
                guard let key = key(), take(UInt8(ascii: ":")), let value = value() else { return nil }
                members.append(key, value)
                guard take(UInt8(ascii: ",")) || peek() == UInt8(ascii: "}") || peekEllipsis() else { return nil }
            }
            return .object(members)
        }

        /// An array, after an optional `Array` or Chrome's `(2)`; or what Node writes in brackets for a value it does
        /// not print (`[Object]`, `[Function: f]`), as null.
        mutating func array() -> JSONValue? {
            skipPrefix()
            guard take(UInt8(ascii: "[")), enter() else { return nil }
            defer { depth -= 1 }
            let start = index
            if let tag = identifier(), Reader.nodeTags.contains(tag), index < bytes.count, bytes[index] != 0x2C {
                // `[Object]`, `[Array]`, `[Function: name]`, `[Getter/Setter]`, `[Circular *1]`, `[class A]`.
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
                index = close + 1
                return .null
            }
            index = start
            var items: [JSONValue] = []
            while !take(UInt8(ascii: "]")) {
                if takeEllipsis() { continue }
                guard let item = value() else { return nil }
                items.append(item)
                guard take(UInt8(ascii: ",")) || peek() == UInt8(ascii: "]") || peekEllipsis() else { return nil }
            }
            return .array(items)
        }

        /// True when `…` or `...` is next, without taking it.
        mutating func peekEllipsis() -> Bool {
            let start = index
            defer { index = start }
            return takeEllipsis()
        }

        /// One level deeper; false past ``maximumDepth``.
        mutating func enter() -> Bool {
            depth += 1
            guard depth <= Reader.maximumDepth else {
                depth -= 1
                return false
            }
            return true
        }

        /// Skips what may stand before an object or array: `<ref *1>`, a class name (`Object`, `Array`, `TCData`),
        /// a length (Chrome's `(2)`, Node's `Array(2)`); nothing unless a bracket follows.
        mutating func skipPrefix() {
            let start = index
            if peek() == UInt8(ascii: "<"), let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
            }
            _ = identifier()
            if peek() == UInt8(ascii: "("), let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")),
                bytes[(index + 1)..<close].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            {
                index = close + 1
            }
            if peek() != UInt8(ascii: "{") && peek() != UInt8(ascii: "[") { index = start }
        }

        /// A member's key: an identifier, a string or a number.
        mutating func key() -> String? {
            if let name = identifier() { return name }
            if case .string(let text)? = string() { return text }
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// A JavaScript identifier (ASCII letters, digits, `_`, `$`; not starting with a digit).
        mutating func identifier() -> String? {
            guard let first = peek(), isIdentifierByte(first), !(first >= 0x30 && first <= 0x39) else { return nil }
            let start = index
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$")
        }

        /// Any value.
        mutating func value() -> JSONValue? {
            guard let first = peek() else { return nil }
            switch first {
            case UInt8(ascii: "{"), UInt8(ascii: "<"): return object()
            case UInt8(ascii: "["), UInt8(ascii: "("): return array()
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"): return string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default:
                let start = index
                guard let name = identifier() else { return nil }
                switch name {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null", "undefined", "NaN", "Infinity": return .null
                default:
                    // A class name before its object or array (`Object { ... }`, `Array [ ... ]`).
                    index = start
                    return peekAfterIdentifierIsBracket() ? (isObjectNext() ? object() : array()) : nil
                }
            }
        }

        /// True when an identifier at the reader is followed by `{`, `[` or `(`.
        mutating func peekAfterIdentifierIsBracket() -> Bool {
            let start = index
            defer { index = start }
            _ = identifier()
            return [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "(")].contains(peek())
        }

        /// True when an identifier at the reader is followed by `{`.
        mutating func isObjectNext() -> Bool {
            let start = index
            defer { index = start }
            _ = identifier()
            return peek() == UInt8(ascii: "{")
        }

        /// A string in single, double or back quotes, unescaped as JavaScript does (``JavaScriptScanner``).
        mutating func string() -> JSONValue? {
            guard let quote = peek(),
                quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "`")
            else { return nil }
            // The closing quote: the first not escaped by a backslash.
            var close = index + 1
            while close < bytes.count && bytes[close] != quote {
                close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard close < bytes.count else { return nil }
            defer { index = close + 1 }
            if quote == UInt8(ascii: "`") {
                // A template string as Node prints one (no `${`): read as the same text in double quotes.
                let inner = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                return try? JSONValue(parsing: "\"" + inner.replacing("\"", with: "\\\"") + "\"")
            }
            var literal = Substring(String(decoding: bytes[index...close], as: UTF8.self))
            return JavaScriptScanner.stringLiteral(at: &literal).map(JSONValue.string)
        }

        /// A number as JSON writes it (what a JavaScript number prints as).
        mutating func number() -> JSONValue? {
            let start = index
            while index < bytes.count,
                bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
                    || bytes[index] == UInt8(ascii: ".")
                    || bytes[index] | 0x20 == UInt8(ascii: "e")
                    || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
            {
                index += 1
            }
            return try? JSONValue(parsing: String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }
}
