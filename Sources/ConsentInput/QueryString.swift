package import ConsentKit

/// Consent parameters of a URL or query string: `gdpr`, `gdpr_consent`, `gpp`, `gpp_sid`, `us_privacy`,
/// `addtl_consent` (the names of the IAB and Google URL specifications), percent-decoded.
package enum QueryString {
    /// The parameters that carry consent strings, and the kind each carries.
    package static let stringParameters: [(name: String, kind: ConsentFormat)] = [
        ("gdpr_consent", .tcf), ("gpp", .gpp), ("us_privacy", .usp), ("addtl_consent", .ac),
    ]

    /// Every parameter name this reads.
    package static let parameterNames: Set<String> = [
        "gdpr", "gdpr_consent", "gpp", "gpp_sid", "us_privacy", "addtl_consent",
    ]

    /// True when `text` is a URL or a query string rather than a bare consent string: it has a scheme, starts
    /// with `?`, holds a consent parameter after `?` or `&` (a line of an access log), or holds `name=value` pairs
    /// with a consent parameter name or `&`.
    package static func looks(like text: String) -> Bool {
        if text.contains("://") || text.hasPrefix("?") { return true }
        if text.contains("?"), parameterNames.contains(where: { text.contains("?\($0)=") }) { return true }
        guard let equals = text.firstIndex(of: "=") else { return false }
        // A consent parameter, even with nothing after it (`us_privacy=` is an empty parameter, not a string).
        if parameterNames.contains(String(text[..<equals])) { return true }
        // A TC string may end in `=` padding: only `=` followed by something is a parameter.
        let rest = text[text.index(after: equals)...]
        if rest.allSatisfy({ $0 == "=" }) { return false }
        return text.contains("&")
    }

    /// The consent parameters of a URL or query string. A URL with none of its own that carries another URL in a
    /// parameter, percent-encoded (a user-sync or redirect URL: `getuid?https%3A%2F%2F...%26gdpr_consent%3D...`,
    /// `redir=https%3A...`), has the parameters of that one read, with a note naming the parameter (up to three
    /// URLs deep).
    /// - Throws: when the URL has no query, or neither the query nor a URL in it has any of the parameters.
    package static func extract(_ text: String) throws(InputError) -> ExtractedInput {
        try extract(text, depth: 0)
    }

    /// How many URLs within URLs ``extract(_:)`` opens.
    private static let maxNestedURLs = 3

    private static func extract(_ text: String, depth: Int) throws(InputError) -> ExtractedInput {
        let text = String(urlText(in: text[...]))
        var input = ExtractedInput(form: text.contains("://") ? .url : .queryString)
        let (query, fragment) = parts(of: text, isURL: input.form == .url)
        let pairs = self.pairs(query) + self.pairs(fragment)
        if input.form == .url && query.isEmpty && !pairs.contains(where: { parameterNames.contains($0.name) }) {
            if let nested = nestedURLInput(in: pairs, depth: depth) { return nested }
            throw InputError("unknownFormat", "the URL has no query string (looked for \(namesList))")
        }
        var seen: Set<String> = []
        for (name, rawValue) in pairs {
            guard parameterNames.contains(name) else { continue }
            let value = percentDecoded(rawValue)
            guard seen.insert(name).inserted else {
                input.findings.append(
                    Diagnostic(
                        .warning,
                        code: "repeatedParameter",
                        field: name,
                        message: "\(name) is given twice; the first one is used"
                    )
                )
                continue
            }
            if isUnexpandedMacro(value) {
                input.findings.append(
                    Diagnostic(
                        .error,
                        code: "unexpandedMacro",
                        field: name,
                        message: "\(name) holds the macro \(value), which was never replaced by a value"
                    )
                )
                continue
            }
            switch name {
            case "gdpr": input.gdprApplies = ExtractedInput.Flag(source: name, text: value)
            case "gpp_sid": input.gppSectionIDs = ExtractedInput.Flag(source: name, text: value)
            default:
                guard let kind = stringParameters.first(where: { $0.name == name })?.kind else { continue }
                input.addString(value, from: name, kind: kind)
            }
        }
        if seen.isEmpty {
            if let nested = nestedURLInput(in: pairs, depth: depth) { return nested }
            throw InputError(
                "unknownFormat",
                "no consent parameter in the \(input.form.rawValue) (looked for \(namesList))"
            )
        }
        return input
    }

    /// The consent parameters of the first URL carried, percent-encoded, in one of `pairs` (as a value, or as a
    /// name without a value: `getuid?https%3A%2F%2F...`), with an `info` note naming where; nil when none carries one.
    private static func nestedURLInput(in pairs: [(name: String, value: Substring)], depth: Int) -> ExtractedInput? {
        guard depth < maxNestedURLs else { return nil }
        for (name, rawValue) in pairs {
            let carried = rawValue.isEmpty ? name : percentDecoded(rawValue)
            guard carried.contains("://"), carried.contains("?") || carried.contains("#"),
                parameterNames.contains(where: { carried.contains($0) }),  // perhaps encoded again
                var input = try? extract(carried, depth: depth + 1)
            else { continue }
            let holder = rawValue.isEmpty ? "the query" : "parameter \(name)"
            input.form = .url
            input.findings.insert(
                Diagnostic(
                    .info,
                    code: "nestedURL",
                    field: rawValue.isEmpty ? "" : name,
                    message: "read from the URL in \(holder) (the outer URL has no consent parameter)"
                ),
                at: 0
            )
            return input
        }
        return nil
    }

    /// The URL or query in `text` when it is written among other words, as in a line of an access log
    /// (`... "GET /px?gdpr=1&gdpr_consent=CQ... HTTP/1.1" 200 ...`): the word holding the first `?`, from the space
    /// or quote before it to the one after (a URL holds neither: they would be percent-encoded). `text` itself
    /// when it holds no space or quote, or no `?`.
    package static func urlText(in text: Substring) -> Substring {
        let delimiters: Set<Character> = [" ", "\t", "\"", "'", "<", ">"]
        guard text.contains(where: delimiters.contains), let questionMark = text.firstIndex(of: "?") else {
            return text
        }
        let start = text[..<questionMark].lastIndex(where: delimiters.contains).map(text.index(after:))
        let end = text[questionMark...].firstIndex(where: delimiters.contains) ?? text.endIndex
        return text[(start ?? text.startIndex)..<end]
    }

    /// The query of `text` (after its `?`, or all of it when it is a query string without one) and the part of its
    /// fragment that holds parameters: some pages and single-page apps carry them after the `#`
    /// (`#gdpr_consent=...`, a route's own query in `#/page?gpp=...`). Either is empty when there is none.
    private static func parts(of text: String, isURL: Bool) -> (query: Substring, fragment: Substring) {
        var query = Substring(text)
        var fragment: Substring = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = query[query.index(after: hash)...]
            query = query[..<hash]
            if let questionMark = fragment.firstIndex(of: "?") {
                fragment = fragment[fragment.index(after: questionMark)...]
            }
        }
        if let questionMark = query.firstIndex(of: "?") {
            query = query[query.index(after: questionMark)...]
        } else if isURL {
            query = ""
        }
        return (query, fragment)
    }

    /// The `name=value` pairs of a query, names percent-decoded, values as written. A query copied out of HTML
    /// (`<img src="...?gdpr=1&amp;gdpr_consent=...">`) has its `&` escaped as `&amp;`: that is read as `&`.
    private static func pairs(_ query: Substring) -> [(name: String, value: Substring)] {
        var pairs: [(name: String, value: Substring)] = []
        let isEscaped = query.contains("&amp;")
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            var pair = pair
            if isEscaped && pair.hasPrefix("amp;") { pair = pair.dropFirst(4) }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = parts.first else { continue }
            pairs.append((percentDecoded(first), parts.count > 1 ? parts[1] : ""))
        }
        return pairs
    }

    /// `%XX` sequences decoded as UTF-8 bytes; a `%` not followed by two hex digits stays as it is, and `+` stays
    /// `+` (consent strings never hold spaces, and a `+` that was meant as one is better reported than hidden).
    package static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A macro of the IAB URL conventions (`${GDPR_CONSENT_755}`, `[GDPR_CONSENT]`, `{gdpr_consent}`) that an ad
    /// server should have replaced.
    package static func isUnexpandedMacro(_ value: String) -> Bool {
        // `[6]` or `[2,6]` is a JSON array pasted into a URL (a gpp_sid copied out of a bid request), not a macro:
        // a macro's name has letters.
        if value.hasPrefix("[") && value.hasSuffix("]") {
            return value.contains { $0.isLetter || $0 == "_" }
        }
        return value.hasPrefix("${") || (value.hasPrefix("{") && value.hasSuffix("}")) || value.hasPrefix("%%")
    }

    private static var namesList: String { "gdpr, gdpr_consent, gpp, gpp_sid, us_privacy, addtl_consent" }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
