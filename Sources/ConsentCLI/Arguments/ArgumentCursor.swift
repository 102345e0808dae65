/// Walks a command's arguments one at a time, in the conventions of swift-argument-parser:
/// `--flag`, `--option value`, `--option=value`, short `-h`, `--` (every later argument is an operand) and `-`
/// (an operand meaning standard input).
struct ArgumentCursor {
    /// One step of the walk.
    enum Element: Equatable {
        /// An option as written (`--json`, `-h`), with the value given after `=`, if any.
        case option(String, inlineValue: String?)
        /// A positional argument.
        case operand(String)
    }

    private let arguments: [String]
    private var index = 0
    private var operandsOnly = false

    init(_ arguments: some Sequence<String>) {
        self.arguments = Array(arguments)
    }

    /// The next option or operand, or nil at the end.
    mutating func next() -> Element? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if operandsOnly || argument == "-" || !argument.hasPrefix("-") { return .operand(argument) }
            if argument == "--" {
                operandsOnly = true
                continue
            }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                let value = String(argument[argument.index(after: equals)...])
                return .option(String(argument[..<equals]), inlineValue: value)
            }
            return .option(argument, inlineValue: nil)
        }
        return nil
    }

    /// The value of an option that takes one: the part after `=`, or else the next argument.
    /// - Throws: a usage error when the value is missing (end of arguments, or another option follows).
    mutating func value(of option: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard index < arguments.count, !operandsOnly, !arguments[index].hasPrefix("--") else {
            throw UsageError("missing value for '\(option)'")
        }
        defer { index += 1 }
        return arguments[index]
    }

    /// Checks that a flag was not given a value (`--json=yes`).
    func flag(_ option: String, inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError("'\(option)' takes no value") }
    }
}
