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
        if text.containsBytes("://") || text.hasPrefix("?") { return true }
        if text.containsByte(UInt8(ascii: "?")), parameterNames.contains(where: { text.containsBytes("?\($0)=") }) {
            return true
        }
        guard let equals = text.firstIndex(of: "=") else { return false }
        // A consent parameter, even with nothing after it (`us_privacy=` is an empty parameter, not a string).
        if parameterNames.contains(String(text[..<equals])) { return true }
        // A TC string may end in `=` padding: only `=` followed by something is a parameter.
        let rest = text[text.index(after: equals)...]
        if rest.allSatisfy({ $0 == "=" }) { return false }
        return text.containsByte(UInt8(ascii: "&"))
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
        var input = ExtractedInput(form: text.containsBytes("://") ? .url : .queryString)
        let (query, fragment) = parts(of: text, isURL: input.form == .url)
        let pairs = self.pairs(query) + self.pairs(fragment)
        if input.form == .url && query.isEmpty && !pairs.contains(where: { parameterNames.contains($0.name) }) {
            if let nested = nestedURLInput(in: pairs, depth: depth) { return nested }
            throw InputError("unknownFormat", "the URL has no query string (looked for \(namesList))")
        }
        var seen: [String: String] = [:]
        for (name, rawValue) in pairs where parameterNames.contains(name) {
            read(name, percentDecoded(rawValue), from: name, into: &input, seen: &seen)
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

    /// Reads the consent parameter `name` (one of ``parameterNames``) of value `value` (decoded), found under
    /// `source`, into `input`: the `gdpr` flag, `gpp_sid`, or a string; a parameter given again is the
    /// `repeatedParameter` warning and an unreplaced macro the `unexpandedMacro` error instead. `seen` maps each
    /// name read to the source it was read from.
    package static func read(
        _ name: String,
        _ value: String,
        from source: String,
        into input: inout ExtractedInput,
        seen: inout [String: String]
    ) {
        if let first = seen[name] {
            // Under another name (a log record's `tcString` beside its `gdpr_consent`), both are named.
            let repeated = first == source ? "is given twice" : "gives \(name) again after \(first)"
            input.findings.append(
                Diagnostic(
                    .warning,
                    code: "repeatedParameter",
                    field: source,
                    message: "\(source) \(repeated); the first one is used"
                )
            )
            return
        }
        seen[name] = source
        if isUnexpandedMacro(value) {
            input.findings.append(
                Diagnostic(
                    .error,
                    code: "unexpandedMacro",
                    field: source,
                    message: "\(source) holds the macro \(value), which was never replaced by a value"
                )
            )
            return
        }
        switch name {
        case "gdpr": input.gdprApplies = ExtractedInput.Flag(source: source, text: value)
        case "gpp_sid": input.gppSectionIDs = ExtractedInput.Flag(source: source, text: value)
        default:
            guard let kind = stringParameters.first(where: { $0.name == name })?.kind else { return }
            input.addString(value, from: source, kind: kind)
        }
    }

    /// The consent parameters of the first URL carried, percent-encoded, in one of `pairs` (as a value, or as a
    /// name without a value: `getuid?https%3A%2F%2F...`), with an `info` note naming where; nil when none carries one.
    private static func nestedURLInput(in pairs: [(name: String, value: Substring)], depth: Int) -> ExtractedInput? {
        guard depth < maxNestedURLs else { return nil }
        for (name, rawValue) in pairs {
            let carried = rawValue.isEmpty ? name : percentDecoded(rawValue)
            guard carried.containsBytes("://"),
                carried.containsByte(UInt8(ascii: "?")) || carried.containsByte(UInt8(ascii: "#")),
                parameterNames.contains(where: { carried.containsBytes($0) }),  // perhaps encoded again
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
        // Bytes, not characters: every delimiter is ASCII, so its index bounds a slice of whole characters.
        func isDelimiter(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x22 || byte == 0x27 || byte == 0x3C || byte == 0x3E
        }
        let bytes = text.utf8
        guard bytes.contains(where: isDelimiter), let questionMark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            return text
        }
        let start = bytes[..<questionMark].lastIndex(where: isDelimiter).map(bytes.index(after:))
        let end = bytes[questionMark...].firstIndex(where: isDelimiter) ?? bytes.endIndex
        return text[(start ?? bytes.startIndex)..<end]
    }

    /// The query of `text` (after its `?`, or all of it when it is a query string without one) and the part of its
    /// fragment that holds parameters: some pages and single-page apps carry them after the `#`
    /// (`#gdpr_consent=...`, a route's own query in `#/page?gpp=...`). Either is empty when there is none.
    private static func parts(of text: String, isURL: Bool) -> (query: Substring, fragment: Substring) {
        // Found as bytes (a `#` or `?` is ASCII, so its index bounds whole characters): a character search is slow.
        var query = Substring(text)
        var fragment: Substring = ""
        if let hash = query.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = query[query.utf8.index(after: hash)...]
            query = query[..<hash]
            if let questionMark = fragment.utf8.firstIndex(of: UInt8(ascii: "?")) {
                fragment = fragment[fragment.utf8.index(after: questionMark)...]
            }
        }
        if let questionMark = query.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = query[query.utf8.index(after: questionMark)...]
        } else if isURL {
            query = ""
        }
        return (query, fragment)
    }

    /// The `name=value` pairs of a query, names percent-decoded, values as written. A query copied out of HTML
    /// (`<img src="...?gdpr=1&amp;gdpr_consent=...">`) has its `&` escaped as `&amp;`: that is read as `&`.
    private static func pairs(_ query: Substring) -> [(name: String, value: Substring)] {
        var pairs: [(name: String, value: Substring)] = []
        let isEscaped = query.containsBytes("&amp;")
        // Cut at the bytes of `&` and `=` (ASCII: their indices bound whole characters), empty pairs skipped.
        let bytes = query.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            var pair = query[start..<end]
            start = end == bytes.endIndex ? end : bytes.index(after: end)
            if pair.isEmpty { continue }
            if isEscaped && pair.utf8.starts(with: "amp;".utf8) { pair = pair.dropFirst(4) }
            guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                pairs.append((percentDecoded(pair), ""))
                continue
            }
            pairs.append((percentDecoded(pair[..<equals]), pair[pair.utf8.index(after: equals)...]))
        }
        return pairs
    }

    /// `%XX` sequences decoded as UTF-8 bytes; a `%` not followed by two hex digits stays as it is, and `+` stays
    /// `+` (consent strings never hold spaces, and a `+` that was meant as one is better reported than hidden).
    package static func percentDecoded(_ text: Substring) -> String {
        guard text.containsByte(UInt8(ascii: "%")) else { return String(text) }
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
