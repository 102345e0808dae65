/// A request copied "as PowerShell" (Chrome, Edge): a web session with its cookies, then `Invoke-WebRequest`, its
/// options on lines continued with a backtick and its headers in a `@{ ... }` table.
///
/// Cookies come from `System.Net.Cookie("name", "value", ...)` and from a `"cookie"="..."` header (any case); the
/// URL from `-Uri`, the method from `-Method`, the body from `-Body`. Strings are PowerShell's: double-quoted with
/// backtick escapes (`` `" ``), or single-quoted (`''` for a quote).
package enum PowerShellRequest {
    /// True when `text` starts such a request: the web session it is copied with, or `Invoke-WebRequest` (or
    /// `Invoke-RestMethod`), after any leading white space.
    package static func looks(like text: String) -> Bool {
        let line = text.drop { $0 == " " || $0 == "\t" }
        return line.hasPrefix("$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession")
            || line.hasPrefix("Invoke-WebRequest ") || line.hasPrefix("Invoke-RestMethod ")
    }

    /// True while the request goes on: before `Invoke-WebRequest`, while the lines set up its session (`$session`);
    /// after it, while a line ends with a backtick or a string or a `@{` table is open.
    package static func continues(_ text: String) -> Bool {
        let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        guard text.contains("Invoke-WebRequest") || text.contains("Invoke-RestMethod") else {
            return lastLine.drop { $0 == " " || $0 == "\t" }.hasPrefix("$session")
        }
        var tokens = Tokenizer(text)
        while tokens.next() != nil {}
        let end = lastLine.utf8.reversed().first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        return tokens.isInString || tokens.depth > 0 || end == UInt8(ascii: "`")
    }

    /// The request `text` makes; nil when it is no such request or it names no URL.
    package static func request(_ text: String) -> RecordedRequest? {
        guard looks(like: text) else { return nil }
        var tokens: [Token] = []
        var tokenizer = Tokenizer(text)
        while let token = tokenizer.next() { tokens.append(token) }
        var request = RecordedRequest(method: "GET")
        var method: String? = nil
        var cookies: [String] = []
        var index = 0
        func value(after index: Int) -> String? {
            guard index + 1 < tokens.count else { return nil }
            switch tokens[index + 1] {
            case .string(let text), .word(let text): return text
            }
        }
        while index < tokens.count {
            switch tokens[index] {
            case .word(let word) where word.hasSuffix("System.Net.Cookie("):
                // ("name", "value", "/", ".domain"): the two strings after it.
                let strings = tokens[(index + 1)...].prefix(4).compactMap { token -> String? in
                    if case .string(let text) = token { return text }
                    return nil
                }
                if strings.count >= 2 { cookies.append(strings[0] + "=" + strings[1]) }
            case .word(let word):
                switch word.lowercased() {
                case "-uri": request.url = value(after: index)
                case "-method": method = value(after: index)
                case "-body": request.body = value(after: index)
                default: break
                }
            case .string(let name):
                // A header of the `@{ "name"="value" }` table.
                if name.lowercased() == "cookie", index + 2 < tokens.count, case .word("=") = tokens[index + 1],
                    case .string(let value) = tokens[index + 2]
                {
                    cookies.append(value)
                }
            }
            index += 1
        }
        guard request.url != nil else { return nil }
        request.cookies = cookies.isEmpty ? nil : cookies.joined(separator: "; ")
        request.method = method?.uppercased() ?? (request.body == nil ? "GET" : "POST")
        return request
    }

    /// A word of the command (a run of characters that are neither white space nor quotes) or a string, unquoted.
    enum Token: Equatable {
        case word(String)
        case string(String)
    }

    /// Splits PowerShell text into ``Token``s, and counts the `@{` tables and parentheses left open.
    struct Tokenizer: IteratorProtocol {
        private let characters: [Character]
        private var index = 0
        /// Tables and parentheses open after the tokens read.
        private(set) var depth = 0
        /// True when the text ended inside a string.
        private(set) var isInString = false

        init(_ text: String) { characters = Array(text) }

        mutating func next() -> Token? {
            while index < characters.count && (characters[index].isWhitespace || characters[index] == "`") {
                index += 1
            }
            guard index < characters.count else { return nil }
            let first = characters[index]
            if first == "\"" || first == "'" { return .string(string(quotedBy: first)) }
            var word = ""
            while index < characters.count, !characters[index].isWhitespace, characters[index] != "\"",
                characters[index] != "'"
            {
                let character = characters[index]
                if character == "(" || character == "{" { depth += 1 }
                if character == ")" || character == "}" { depth -= 1 }
                word.append(character)
                index += 1
            }
            return .word(word)
        }

        /// The string that starts at `index` (at its quote), unescaped; `index` moves past its closing quote.
        private mutating func string(quotedBy quote: Character) -> String {
            var text = ""
            index += 1
            while index < characters.count {
                let character = characters[index]
                index += 1
                if character == quote {
                    // A doubled quote is a quote.
                    if index < characters.count && characters[index] == quote {
                        text.append(quote)
                        index += 1
                        continue
                    }
                    return text
                }
                if quote == "\"" && character == "`" && index < characters.count {
                    let escaped = characters[index]
                    index += 1
                    switch escaped {
                    case "n": text.append("\n")
                    case "r": text.append("\r")
                    case "t": text.append("\t")
                    case "0": text.append("\0")
                    default: text.append(escaped)
                    }
                    continue
                }
                text.append(character)
            }
            isInString = true
            return text
        }
    }
}
