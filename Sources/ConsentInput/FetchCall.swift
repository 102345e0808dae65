import ConsentKit

/// A request copied "as fetch" (Chrome, Edge; "as fetch (Node.js)" is the same) or "as Fetch" (Firefox):
/// `fetch("URL", { "headers": {...}, "body": ..., "method": "POST" });`, over several lines.
///
/// The URL is the first argument, a JavaScript string; the options object is JSON as Chromium writes it (Firefox
/// adds trailing commas, which are allowed): cookies from a `cookie` header (any case), the body from `body` (a
/// string), the method from `method`.
package enum FetchCall {
    /// True when `text` starts a fetch call, `fetch("` (or `await fetch("`, or with a `'`), after any leading white
    /// space.
    package static func looks(like text: String) -> Bool {
        var call = text.drop { $0 == " " || $0 == "\t" }
        if call.hasPrefix("await ") { call = call.dropFirst(6).drop { $0 == " " } }
        return call.hasPrefix("fetch(\"") || call.hasPrefix("fetch('")
    }

    /// True while a parenthesis, brace or bracket of the call is open, or a string is.
    package static func continues(_ text: String) -> Bool {
        var scanner = JavaScriptScanner()
        for byte in text.utf8 { scanner.read(byte) }
        return scanner.depth > 0 || scanner.quote != nil
    }

    /// The request `text` makes; nil when it is no fetch call or its URL cannot be read.
    package static func request(_ text: String) -> RecordedRequest? {
        guard looks(like: text), let open = text.utf8.firstIndex(of: UInt8(ascii: "(")) else { return nil }
        var rest = Substring(text)[text.utf8.index(after: open)...].drop(while: \.isWhitespace)
        guard let url = JavaScriptScanner.stringLiteral(at: &rest) else { return nil }
        var request = RecordedRequest(method: "GET", url: url)
        rest = rest.drop(while: \.isWhitespace)
        guard rest.first == "," else { return request }
        rest = rest.dropFirst().drop(while: \.isWhitespace)
        guard rest.first == "{", let object = JavaScriptScanner.objectText(at: rest),
            let options = (try? JSONValue(parsing: JavaScriptScanner.withoutTrailingCommas(object)))?.objectValue
        else { return request }
        if let headers = options["headers"]?.objectValue {
            let cookies = headers.compactMap { $0.key.lowercased() == "cookie" ? $0.value.stringValue : nil }
            if !cookies.isEmpty { request.cookies = cookies.joined(separator: "; ") }
        }
        request.body = options["body"]?.stringValue
        request.method = options["method"]?.stringValue?.uppercased() ?? (request.body == nil ? "GET" : "POST")
        return request
    }
}

/// Reads JavaScript text as far as a copied fetch call needs: strings (`"`, `'`, with backslash escapes) and the
/// nesting of parentheses, braces and brackets outside them.
struct JavaScriptScanner {
    /// The quote of the string being read, or nil outside strings.
    private(set) var quote: UInt8?
    /// True after a backslash in a string.
    private var escaped = false
    /// Open parentheses, braces and brackets.
    private(set) var depth = 0

    /// Takes the next byte of the text.
    mutating func read(_ byte: UInt8) {
        if let open = quote {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == open {
                quote = nil
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
        case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
    }

    /// Ends the line: a string still open ends with it. Neither JSON nor a copied value has a line break in a string,
    /// so a quote left open must not hide the brackets of the lines after it.
    mutating func endLine() {
        quote = nil
        escaped = false
    }

    /// The string literal at the start of `text` (double or single quotes), unescaped, and `text` moved past it; nil
    /// when `text` starts with none or it does not close.
    static func stringLiteral(at text: inout Substring) -> String? {
        guard let quote = text.utf8.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            return nil
        }
        var scanner = JavaScriptScanner()
        var end = text.utf8.startIndex
        for index in text.utf8.indices {
            scanner.read(text.utf8[index])
            if index != text.utf8.startIndex && scanner.quote == nil {
                end = index
                break
            }
        }
        guard end != text.utf8.startIndex else { return nil }
        var inner = String(text[text.utf8.index(after: text.utf8.startIndex)..<end])
        text = text[text.utf8.index(after: end)...]
        // As JSON reads a double-quoted string (JavaScript's escapes are the same); a `\'` is a `'`.
        inner = inner.replacing("\\'", with: "'")
        if quote == UInt8(ascii: "'") { inner = inner.replacing("\"", with: "\\\"") }
        return (try? JSONValue(parsing: "\"" + inner + "\""))?.stringValue
    }

    /// The object literal at the start of `text` (from its `{` to the `}` that closes it); nil when it does not close.
    static func objectText(at text: Substring) -> Substring? {
        var scanner = JavaScriptScanner()
        for index in text.utf8.indices {
            scanner.read(text.utf8[index])
            if scanner.depth == 0 && scanner.quote == nil { return text[...index] }
        }
        return nil
    }

    /// `text` without the commas that end a list or an object (`[1,]`, `{"a": 1,}`), outside strings: JavaScript
    /// allows them, JSON does not.
    static func withoutTrailingCommas(_ text: Substring) -> String {
        var scanner = JavaScriptScanner()
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingComma: Int? = nil
        for byte in text.utf8 {
            let outside = scanner.quote == nil
            scanner.read(byte)
            guard outside else {
                result.append(byte)
                continue
            }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"), let comma = pendingComma {
                result.remove(at: comma)
            }
            if byte == UInt8(ascii: ",") {
                pendingComma = result.count
            } else if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                pendingComma = nil
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
