/// When to colour the output: `--color auto|always|never`.
enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty (no-color.org), and `TERM`
    /// is not `dumb`.
    case auto
    /// Always colour (an explicit request beats `NO_COLOR`, as no-color.org recommends).
    case always
    /// Never colour.
    case never

    /// Parses the option's value.
    init(argument: String) throws(UsageError) {
        guard let choice = ColorChoice(rawValue: argument) else {
            throw UsageError("'--color' must be auto, always or never, not '\(argument)'")
        }
        self = choice
    }

    /// Whether output written to `output` gets colour.
    func isEnabled(for output: Output, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return output.isTerminal
        }
    }
}

/// ANSI styling that is a no-op when colour is off, so printing code never branches on it.
struct Style: Sendable {
    /// Whether escape sequences are written.
    let isEnabled: Bool

    /// Section headings and the kind of string.
    func heading(_ text: String) -> String { wrap(text, "1") }
    /// Field names.
    func key(_ text: String) -> String { wrap(text, "36") }
    /// Explanations next to values (names of purposes, meanings of values).
    func note(_ text: String) -> String { wrap(text, "2") }
    /// Values that mean "yes / granted".
    /// Errors.
    func failure(_ text: String) -> String { wrap(text, "31") }
    /// Warnings.
    func warning(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    /// The text with every control character (C0, DEL, C1) written out as `\u{1B}`: text from the input or from a
    /// vendor list reaches a terminal, where an escape sequence in it could clear the screen or retitle the window,
    /// and a line feed would break a tree.
    var visibleInTerminal: String {
        guard unicodeScalars.contains(where: \.isTerminalControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isTerminalControl {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls: what a terminal may act on.
    fileprivate var isTerminalControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
