/// Reads an Android shared-preferences file (`/data/data/<app>/shared_prefs/<app>_preferences.xml`):
/// a `<map>` of `<string name="...">text</string>`, `<int name="..." value="..."/>`, `<long>`, `<boolean>`,
/// `<float>`, `<set>` and `<null>` entries. The format is that small, so a small scanner reads it (no XML
/// library: the command then needs no libxml2).
package enum AndroidPreferences {
    /// The entries of the map, in file order (`<set>` and `<null>` entries are skipped).
    /// - Throws: `badXML` when the text is not a shared-preferences map.
    package static func entries(xml bytes: [UInt8]) throws(InputError) -> [(key: String, value: AppPreferences.Value)] {
        var scanner = XMLScanner(bytes)
        scanner.skipMisc()
        guard let map = try scanner.openTag(), map.name == "map" else {
            throw InputError("badXML", "not an Android shared-preferences file (no <map> element)")
        }
        var entries: [(key: String, value: AppPreferences.Value)] = []
        if map.isSelfClosing { return entries }
        while true {
            scanner.skipMisc()
            if scanner.consume("</map") { return entries }
            guard let tag = try scanner.openTag() else { throw scanner.error("an entry or </map>") }
            let name = tag.attributes["name"] ?? ""
            let value = tag.attributes["value"]
            switch tag.name {
            case "string":
                let text = tag.isSelfClosing ? "" : try scanner.text(closing: "string")
                entries.append((name, .string(text)))
            case "int", "long":
                try scanner.skipElement(tag)
                if let value, let number = Int(value) {
                    // A long is kept apart: getInt throws ClassCastException on it, where the IAB tables ask putInt.
                    entries.append((name, tag.name == "long" ? .long(number) : .integer(number)))
                } else {
                    entries.append((name, .string(value ?? "")))
                }
            case "boolean":
                try scanner.skipElement(tag)
                entries.append((name, .boolean(value == "true")))
            case "float":
                try scanner.skipElement(tag)
                entries.append(
                    (name, value.flatMap(Double.init).map(AppPreferences.Value.float) ?? .string(value ?? ""))
                )
            default:
                try scanner.skipElement(tag)
            }
        }
    }
}

/// A forward-only scanner for the small XML subset of shared-preferences files.
package struct XMLScanner {
    /// An opening tag.
    struct Tag {
        var name: String
        var attributes: [String: String]
        var isSelfClosing: Bool
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = ByteOrderMark.length(atStartOf: bytes)
    }

    /// Skips white space, the XML declaration, comments and a doctype.
    mutating func skipMisc() {
        while true {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            if consume("<?") {
                skip(past: "?>")
            } else if consume("<!--") {
                skip(past: "-->")
            } else if consume("<!") {
                skip(past: ">")
            } else {
                return
            }
        }
    }

    /// Consumes `literal` when the input continues with it.
    mutating func consume(_ literal: String) -> Bool {
        let literal = Array(literal.utf8)
        guard bytes.count - index >= literal.count, Array(bytes[index..<index + literal.count]) == literal else {
            return false
        }
        index += literal.count
        return true
    }

    /// An opening tag with its attributes, or nil when the input does not continue with one.
    mutating func openTag() throws(InputError) -> Tag? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count,
            bytes[index + 1] != UInt8(ascii: "/")
        else { return nil }
        index += 1
        var tag = Tag(name: name(), attributes: [:], isSelfClosing: false)
        while true {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw error("the end of <\(tag.name)>") }
            if consume("/>") {
                tag.isSelfClosing = true
                return tag
            }
            if consume(">") { return tag }
            let attribute = name()
            guard !attribute.isEmpty, consume("=") else { throw error("an attribute in <\(tag.name)>") }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error("a quoted value for \(attribute)")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { throw error("the closing quote of \(attribute)") }
            tag.attributes[attribute] = XMLScanner.unescape(bytes[start..<index])
            index += 1
        }
    }

    /// The text content up to `</name>`, which is consumed; entities are decoded, and `<![CDATA[...]]>` sections
    /// (which editors and other tools than Android's own serializer write) are taken as they are.
    mutating func text(closing name: String) throws(InputError) -> String {
        var text = ""
        while true {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            text += XMLScanner.unescape(bytes[start..<index])
            guard consume("<![CDATA[") else { break }
            let contentStart = index
            skip(past: "]]>")
            guard index >= contentStart + 3, bytes[(index - 3)..<index].elementsEqual("]]>".utf8) else {
                throw error("]]> to end the CDATA section")
            }
            text += String(decoding: bytes[contentStart..<(index - 3)], as: UTF8.self)
        }
        guard consume("</\(name)") else { throw error("</\(name)>") }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard consume(">") else { throw error("> after </\(name)") }
        return text
    }

    /// Skips an element whose opening tag was read, with its content and closing tag.
    mutating func skipElement(_ tag: Tag) throws(InputError) {
        if tag.isSelfClosing { return }
        var depth = 1
        while depth > 0 {
            guard index < bytes.count else { throw error("</\(tag.name)>") }
            if consume("</") {
                depth -= 1
                skip(past: ">")
            } else if consume("<!--") {
                skip(past: "-->")
            } else if bytes[index] == UInt8(ascii: "<") {
                guard let inner = try openTag() else { throw error("a tag") }
                if !inner.isSelfClosing { depth += 1 }
            } else {
                index += 1
            }
        }
    }

    /// A parse error naming what was expected and the byte offset.
    func error(_ expected: String) -> InputError {
        InputError("badXML", "malformed preferences XML: expected \(expected) at byte \(index)")
    }

    private mutating func name() -> String {
        let start = index
        while index < bytes.count, !isSpace(bytes[index]),
            ![UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<")].contains(bytes[index])
        {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skip(past literal: String) {
        while index < bytes.count, !consume(literal) { index += 1 }
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Decodes `&amp; &lt; &gt; &quot; &apos; &#NN; &#xNN;`; an unknown entity stays as written.
    package static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].firstIndex(of: ";"),
                rest.distance(from: afterAmpersand, to: semicolon) <= 10
            else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let entity = rest[afterAmpersand..<semicolon]
            if let character = character(for: entity) {
                result.unicodeScalars.append(character)
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func character(for entity: Substring) -> Unicode.Scalar? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
