import ConsentKit

/// A path into the JSON form of a decoded string, as `decode --field` takes it: keys separated by dots, a number
/// for an item of an array (`cmpId`, `publisherTC.numCustomPurposes`, `publisherRestrictions.0.vendorIds`,
/// `encoding.vendorConsents.form`), or in brackets as `lint` and `diff` name fields
/// (`usnat.sensitiveDataProcessing[0]`). In a GPP string a section is found by its prefix or id without `sections.`
/// (`usnat.saleOptOut`, `tcfeuv2.vendorConsents`, `6.optOutSale`).
struct FieldPath: Equatable {
    /// Where a string was found, which no JSON form holds: what `@input`, `@label` and `@source` print.
    struct Origin {
        /// The input the string came from, as given (an argument, a line of standard input or of a file).
        var input: String
        /// What messages name the input by (`line 3`, `@log.txt:3`, the argument itself).
        var label: String
        /// Where in the input the string was (`gdpr_consent`, `user.ext.consent`); nil for a bare string.
        var source: String?
    }

    /// The members of ``Origin`` a path may name, so that a line of output can be joined to its input.
    static let originFields = ["@input", "@label", "@source"]

    /// The path as written.
    let text: String
    private let components: [Substring]

    /// The path `text`.
    /// - Throws: a usage error for an empty path or an empty component (`a..b`).
    init(_ text: String) throws(UsageError) {
        if text.hasPrefix("@") {
            guard Self.originFields.contains(text) else {
                throw UsageError(
                    "'--field \(text)': a field that starts with @ is one of \(Self.originFields.joined(separator: ", "))"
                )
            }
            self.text = text
            components = []
            return
        }
        let components = Self.dotted(text).split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, !components.contains(where: \.isEmpty) else {
            throw UsageError("'--field' must be keys separated by dots (cmpId, usnat.saleOptOut), not '\(text)'")
        }
        self.text = text
        self.components = components
    }

    /// `text` with each index in brackets written as a component of its own: `a[0].b` is `a.0.b`.
    private static func dotted(_ text: String) -> String {
        guard text.contains("[") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            let index = rest[rest.index(after: open)..<close]
            guard !index.isEmpty, index.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { break }
            result += rest[..<open] + "." + index
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The value at the path in `json`, or for `@input`, `@label` and `@source` in `origin`; nil when there is no
    /// such member (a bare string has no `@source`).
    func value(in json: JSONValue, origin: Origin) -> JSONValue? {
        switch text {
        case "@input": return .string(origin.input)
        case "@label": return .string(origin.label)
        case "@source": return origin.source.map(JSONValue.string)
        default: return value(in: json)
        }
    }

    /// True for `@input`, `@label` and `@source`, which name no member of a JSON form.
    var isOrigin: Bool { components.isEmpty }

    /// The value at the path in `json`; nil when the form has no such member.
    private func value(in json: JSONValue) -> JSONValue? {
        if let value = Self.lookup(components[...], in: json) { return value }
        // A GPP section without `sections.`: by its prefix, or by its id as a number.
        guard let sections = json["sections"]?.objectValue, let first = components.first else { return nil }
        var key = String(first)
        if let id = Int(key), let prefix = GPPSection.prefix(of: id), sections[prefix] != nil { key = prefix }
        guard let section = sections[key] else { return nil }
        return Self.lookup(components.dropFirst(), in: section)
    }

    private static func lookup(_ components: ArraySlice<Substring>, in json: JSONValue) -> JSONValue? {
        var value = json
        for component in components {
            switch value {
            case .object(let object):
                guard let member = object[String(component)] else { return nil }
                value = member
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    /// `value` as one field of a line: a string as its text, anything else as compact JSON (`null` when missing).
    /// Tabs and line breaks in a string are escaped, so that the line keeps its shape.
    static func text(of value: JSONValue?) -> String {
        guard let value else { return "null" }
        if case .string(let text) = value, !text.contains(where: { $0 == "\t" || $0.isNewline }) { return text }
        return value.description
    }
}
