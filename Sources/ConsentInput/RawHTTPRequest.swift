/// A request written as an HTTP message, as a proxy copies one (Burp, mitmproxy, Charles) and a browser shows its
/// raw request headers: a request line (`GET /px?gdpr=1 HTTP/1.1`), header lines, a blank line, the body. The
/// HTTP/2 pseudo-headers browsers show instead of a request line (`:method`, `:authority`, `:path`) are read too.
package enum RawHTTPRequest {
    /// True when `text` is an HTTP request of more than one line whose first line that is not blank is a request line
    /// (a method in capitals, a target, `HTTP/`) or an HTTP/2 pseudo-header.
    package static func looks(like text: String) -> Bool {
        // The first two lines with something on them: a request is a request line and at least one header.
        var lines = TextLines(text).lazy.filter { !$0.isEmpty }.makeIterator()
        guard let first = lines.next(), lines.next() != nil else { return false }
        return isRequestLine(first) || first.hasPrefix(":method:") || first.hasPrefix(":authority:")
    }

    /// The request `text` writes; nil when it is none.
    package static func request(_ text: String) -> RecordedRequest? {
        guard looks(like: text) else { return nil }
        let lines = text.drop { $0.isNewline }.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var request = RecordedRequest(method: "GET")
        var target = ""
        var host: String? = nil
        var cookies: [String] = []
        var index = 0
        if let first = lines.first, isRequestLine(first) {
            let words = first.split(separator: " ")
            request.method = String(words[0])
            target = String(words[1])
            index = 1
        }
        // Header lines up to the first blank one; the body after it.
        while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) {
            let line = lines[index]
            index += 1
            // A pseudo-header's name starts with its colon (`:path: /px`).
            let nameEnd = line.dropFirst().firstIndex(of: ":") ?? line.endIndex
            guard nameEnd < line.endIndex else { continue }
            let name = line[..<nameEnd].lowercased()
            let value = String(line[line.index(after: nameEnd)...].trimmingWhiteSpace())
            switch name {
            case "host", ":authority": host = value
            case "cookie": cookies.append(value)
            case ":method": request.method = value
            case ":path": target = value
            default: break
            }
        }
        if index < lines.count, let body = body(of: text), !body.isEmpty { request.body = String(body) }
        if !target.isEmpty {
            // Only a host that is one: a "Host" holding a path or a query would make parameters of text that is
            // not one run of the request (its value and the target's, joined).
            if let host, !target.contains("://"), isHost(host) {
                request.url = "https://" + host + target
            } else {
                request.url = target
            }
        }
        request.cookies = cookies.isEmpty ? nil : cookies.joined(separator: "; ")
        return request
    }

    /// What follows the first empty line (`\n\n`, `\r\n\r\n`) after the first line that is not, as written; nil
    /// when there is none.
    private static func body(of text: String) -> Substring? {
        let scalars = text.unicodeScalars
        var seenText = false
        var lineIsEmpty = true
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if scalar == "\n" {
                if seenText && lineIsEmpty { return text[index...] }
                lineIsEmpty = true
            } else if scalar != "\r" {
                lineIsEmpty = false
                seenText = true
            }
        }
        return nil
    }

    /// True for a host name or address with an optional port (`x.example`, `x.example:8080`, `[::1]:443`).
    private static func isHost(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || "-._:[]".unicodeScalars.contains(scalar))
            }
    }

    /// `METHOD TARGET HTTP/x`: a method of capital letters, a target, and a version starting `HTTP/`.
    private static func isRequestLine(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        return words.count == 3 && !words[0].isEmpty && words[0].allSatisfy { $0.isASCII && $0.isUppercase }
            && words[2].hasPrefix("HTTP/")
    }
}
