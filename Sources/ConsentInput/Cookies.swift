package import ConsentKit

/// Consent strings in cookies, as people copy them out of a browser: a `Cookie:` request header, what
/// `document.cookie` returns (`name=value; name=value`), a `Set-Cookie:` line, or one `name=value`.
///
/// The cookies named for consent strings (`euconsent-v2`, `__gpp`, `usprivacy`, ...) are read whatever they hold,
/// so a broken one is reported; any other cookie counts only when its value decodes as a consent string (a CMP's
/// own cookie for a GPP string, `OTGPPConsent`), so session ids and the like are passed over in silence.
package enum Cookies {
    /// The cookies that carry a consent string by name, and the kind each holds: the TC string in `euconsent-v2`
    /// (TCF v2, the CMPs' global-scope cookie), `euconsent` (v1.1), the GPP string in `__gpp` (the name CMPs give
    /// it beside `__gpp_sid`), the US Privacy string in `usprivacy` (USP API, "Where should the string be
    /// stored?") and the Additional Consent string in `addtl_consent`.
    package static let stringCookies: [(name: String, kind: ConsentFormat)] = [
        ("euconsent-v2", .tcf), ("euconsent", .tcf), ("__gpp", .gpp), ("usprivacy", .usp), ("addtl_consent", .ac),
    ]

    /// True when `text` is a cookie header or cookie string rather than a URL, a query string or a bare string:
    /// it starts with `Cookie:` or `Set-Cookie:`, its first `name=` is a consent cookie, or it is two or more
    /// `name=value` pairs joined by `;`.
    package static func looks(like text: String) -> Bool {
        if header(of: text) != nil { return true }
        if text.containsBytes("://") || text.hasPrefix("?") || text.containsByte(UInt8(ascii: "&")) { return false }
        let pairs = self.pairs(Substring(text))
        guard let first = pairs.first else { return false }
        if stringCookies.contains(where: { $0.name == first.name }) { return true }
        return pairs.count >= 2 && pairs.allSatisfy { isToken($0.name) }
    }

    /// The cookie of one row of a cookie table, as `name=value`, or nil when `text` is none: a line of a Netscape
    /// cookie file (what `curl -c` and browser extensions write: domain, subdomains `TRUE`/`FALSE`, path, secure
    /// `TRUE`/`FALSE`, expiry, name, value, separated by tabs), or a row copied out of a browser's developer tools
    /// (name, value, domain, ... separated by tabs) whose name is a consent cookie's.
    package static func tableRow(_ text: String) -> String? {
        guard text.containsByte(0x09) else { return nil }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        let flags: Set<Substring> = ["TRUE", "FALSE"]
        if fields.count == 7, flags.contains(fields[1]), flags.contains(fields[3]), !fields[5].isEmpty {
            return "\(fields[5])=\(fields[6])"
        }
        if fields.count >= 2, stringCookies.contains(where: { $0.name == fields[0] }) {
            return "\(fields[0])=\(fields[1])"
        }
        return nil
    }

    /// The consent strings among the cookies of `text`.
    /// - Throws: when no cookie holds one.
    package static func extract(_ text: String) throws(InputError) -> ExtractedInput {
        var input = ExtractedInput(form: .cookies)
        let header = self.header(of: text)
        var cookies = pairs(header?.value ?? Substring(text))
        // A `Set-Cookie:` line sets one cookie; what follows it (`Path=/`, `Expires=...`) are its attributes.
        if header?.isSetCookie == true { cookies = Array(cookies.prefix(1)) }
        var seen: Set<String> = []
        for cookie in cookies {
            let value = QueryString.percentDecoded(unquoted(cookie.value))
            let kind: ConsentFormat
            if let named = stringCookies.first(where: { $0.name == cookie.name })?.kind {
                kind = named
            } else if let detected = consentKind(of: value) {
                kind = detected
            } else {
                continue
            }
            guard seen.insert(cookie.name).inserted else {
                input.findings.append(
                    Diagnostic(
                        .warning,
                        code: "repeatedParameter",
                        field: cookie.name,
                        message: "the cookie \(cookie.name) is given twice; the first one is used"
                    )
                )
                continue
            }
            input.addString(value, from: cookie.name, kind: kind)
        }
        if seen.isEmpty {
            throw InputError(
                "unknownFormat",
                "no consent string in the cookies (looked for \(stringCookies.map(\.name).joined(separator: ", ")),"
                    + " and for any cookie whose value decodes as one)"
            )
        }
        return input
    }

    /// The kind of consent string `value` is when it decodes as one without error; nil otherwise.
    package static func consentKind(of value: String) -> ConsentFormat? {
        guard let decoded = try? ConsentString(encoded: value) else { return nil }
        return decoded.format
    }

    /// Which header `text` is, `Cookie:` or `Set-Cookie:` (any case, spaces around the colon allowed), and what
    /// follows its colon; nil for neither.
    private static func header(of text: String) -> (isSetCookie: Bool, value: Substring)? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        for header in ["cookie", "set-cookie"] {
            guard trimmed.count > header.count, trimmed.prefix(header.count).lowercased() == header else { continue }
            let rest = trimmed.dropFirst(header.count).drop { $0 == " " || $0 == "\t" }
            if rest.first == ":" { return (header == "set-cookie", rest.dropFirst()) }
        }
        return nil
    }

    /// The `name=value` pairs of a cookie string, split at `;`, names and values trimmed of spaces; a part without
    /// `=` is skipped (a `Set-Cookie` attribute such as `Secure`).
    private static func pairs(_ text: Substring) -> [(name: String, value: Substring)] {
        var pairs: [(name: String, value: Substring)] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let name = part[..<equals].trimmingWhiteSpace()
            guard !name.isEmpty else { continue }
            pairs.append((String(name), part[part.index(after: equals)...].trimmingWhiteSpace()))
        }
        return pairs
    }

    /// A cookie value without the double quotes RFC 6265 allows around it.
    private static func unquoted(_ value: Substring) -> Substring {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        return value.dropFirst().dropLast()
    }

    /// True when `name` is an RFC 6265 cookie name (an HTTP token: no space, separator or control character).
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
            }
    }
}
