/// A request copied as a curl command, as a browser's developer tools copy one ("Copy as cURL"): the request it
/// makes, read from the command's words as a POSIX shell splits them.
///
/// The URL is the `--url` or the first word that is no option (nor an option's value); cookies come from `-b` /
/// `--cookie` and `-H 'Cookie: ...'`; the body from `-d`, `--data`, `--data-raw`, `--data-binary`,
/// `--data-ascii` and `--data-urlencode` (several joined with `&`, as curl does); the method from `-X`, or `POST`
/// when there is a body.
package enum CurlCommand {
    /// True when `text` is a curl command: `curl` (or `curl.exe`) and a space, after any leading white space.
    package static func looks(like text: String) -> Bool {
        let command = text.drop { $0 == " " || $0 == "\t" }
        return command.hasPrefix("curl ") || command.hasPrefix("curl.exe ")
    }

    /// True when a command written so far goes on on the next line: its last line ends with `\` (a POSIX shell's
    /// line continuation; `^` in Windows' cmd, which "Copy as cURL (cmd)" writes), or a quote is still open.
    package static func continues(_ text: String) -> Bool {
        let end = text.utf8.reversed().first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        return end == UInt8(ascii: "\\") || end == UInt8(ascii: "^") || ShellWords.split(text) == nil
    }

    /// The request `text` makes; nil when it is no curl command or its quotes do not close.
    package static func request(_ text: String) -> RecordedRequest? {
        guard looks(like: text), var words = ShellWords.split(text), words.count > 1 else { return nil }
        // "Copy all as cURL" ends each command but the last with ` ;`.
        if words.last == ";" { words.removeLast() }
        var request = RecordedRequest(method: "GET")
        var method: String? = nil
        var cookies: [String] = []
        var bodies: [String] = []
        var index = 1
        while index < words.count {
            let word = words[index]
            index += 1
            let value = index < words.count ? words[index] : nil
            if bodyOptions.contains(word) || cookieOptions.contains(word) || word == "-H" || word == "--header"
                || word == "-X" || word == "--request" || word == "--url"
            {
                guard let value else { break }
                index += 1
                if bodyOptions.contains(word) {
                    bodies.append(value)
                } else if cookieOptions.contains(word) {
                    cookies.append(value)
                } else if word == "-H" || word == "--header" {
                    if let cookie = cookieHeader(value) { cookies.append(cookie) }
                } else if word == "--url" {
                    request.url = value
                } else {
                    method = value
                }
            } else if optionsWithValues.contains(word) {
                index += 1
            } else if !word.hasPrefix("-") && request.url == nil {
                request.url = word
            }
        }
        request.body = bodies.isEmpty ? nil : bodies.joined(separator: "&")
        request.cookies = cookies.isEmpty ? nil : cookies.joined(separator: "; ")
        request.method = method ?? (bodies.isEmpty ? "GET" : "POST")
        return request
    }

    /// The options whose value is the body.
    private static let bodyOptions: Set<String> = [
        "-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode",
    ]

    /// The options whose value is cookies (`name=value; ...`).
    private static let cookieOptions: Set<String> = ["-b", "--cookie"]

    /// Other options the copied commands carry that take a value, so that the value is not read as the URL.
    private static let optionsWithValues: Set<String> = [
        "-A", "--user-agent", "-e", "--referer", "-u", "--user", "-o", "--output", "-x", "--proxy", "-c",
        "--cookie-jar", "-m", "--max-time", "--connect-timeout", "-F", "--form", "-T", "--upload-file",
    ]

    /// The value of a `Cookie:` header line (any case); nil for another header.
    private static func cookieHeader(_ header: String) -> String? {
        guard let colon = header.firstIndex(of: ":"),
            header[..<colon].trimmingWhiteSpace().lowercased() == "cookie"
        else { return nil }
        return String(header[header.index(after: colon)...].trimmingWhiteSpace())
    }
}
