/// The `consent` command line: picks the subcommand, handles `--help`, `help CMD`, `--version` and usage errors,
/// and runs it. Everything is reachable from tests through ``run(arguments:io:)``.
enum CLI {
    /// The version printed by `consent --version`.
    static let version = "0.1.0"

    /// Every subcommand, in the order `consent --help` lists them.
    static var commands: [any Command.Type] {
        [
            DecodeCommand.self, EncodeCommand.self, LintCommand.self, ExplainCommand.self, KeysCommand.self,
            DiffCommand.self, StatsCommand.self,
        ]
    }

    /// Runs one command line (without the program name) and returns its exit status; flushes both streams. When
    /// standard output could not be written (other than by a reader that went away), says so on standard error and
    /// returns ``ExitCode/outputFailed``: a script must not take a truncated file for a result.
    static func run(arguments: [String], io: CommandIO) -> ExitCode {
        let status = dispatch(arguments, io: io)
        io.output.flush()
        var outcome = status
        if let code = io.output.writeError, !SystemCalls.isClosedPipe(code) {
            io.error.writeLine("error: cannot write standard output: \(SystemCalls.errorText(code))")
            outcome = status.combined(with: .outputFailed)
        }
        io.error.flush()
        return outcome
    }

    private static func dispatch(_ arguments: [String], io: CommandIO) -> ExitCode {
        // `consent --color never decode X`: options every command takes may come before the command's name.
        var leading: [String] = []
        var arguments = arguments[...]
        while let option = arguments.first, option == "--no-color" || option.hasPrefix("--color") {
            leading.append(arguments.removeFirst())
            if option == "--color", let value = arguments.first {
                leading.append(value)
                arguments.removeFirst()
            }
        }
        return dispatch(command: Array(arguments), leading: leading, io: io)
    }

    private static func dispatch(command arguments: [String], leading: [String], io: CommandIO) -> ExitCode {
        guard let first = arguments.first else {
            // `echo 1YNN | consent` decodes standard input, as `consent decode` does; typed alone at a terminal,
            // `consent` shows what it can do.
            if io.input.isTerminal {
                io.output.write(HelpText.main)
                return .success
            }
            return run(DecodeCommand.self, leading, io: io)
        }
        switch first {
        case "-h", "--help":
            io.output.write(HelpText.main)
            return .success
        case "--version":
            io.output.writeLine("consent \(version)")
            return .success
        case "help":
            return help(for: Array(arguments.dropFirst()), io: io)
        default:
            break
        }
        if let command = commands.first(where: { $0.name == first }) {
            return run(command, leading + arguments.dropFirst(), io: io)
        }
        if !first.hasPrefix("-"), looksLikeMisspelledCommand(first) {
            return usageError(.unknownCommand(first), usage: HelpText.mainUsage, io: io)
        }
        // `consent <input>...` and `consent --json <input>...` mean `consent decode ...`.
        return run(DecodeCommand.self, leading + arguments, io: io)
    }

    private static func run(_ command: any Command.Type, _ arguments: [String], io: CommandIO) -> ExitCode {
        if wantsHelp(arguments) {
            io.output.write(command.help)
            return .success
        }
        do {
            let parsed = try command.init(arguments: arguments)
            return parsed.run(io: io)
        } catch {
            return usageError(error, usage: command.usage, io: io)
        }
    }

    private static func help(for arguments: [String], io: CommandIO) -> ExitCode {
        // `consent help help` and `consent help --help` ask about help itself: the main help says what it does.
        guard let name = arguments.first, !["help", "-h", "--help"].contains(name) else {
            io.output.write(HelpText.main)
            return .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return usageError(.unknownCommand(name), usage: HelpText.mainUsage, io: io)
        }
        io.output.write(command.help)
        return .success
    }

    /// `--help` or `-h` anywhere before `--`.
    private static func wantsHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// A short lower-case word is a command name with a typo, not a consent string (those hold digits or
    /// upper-case letters, URLs hold punctuation).
    private static func looksLikeMisspelledCommand(_ word: String) -> Bool {
        word.count <= 12 && word.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    private static func usageError(_ error: UsageError, usage: String, io: CommandIO) -> ExitCode {
        let style = Style(isEnabled: ColorChoice.auto.isEnabled(for: io.error, environment: io.environment))
        io.error.writeLine(style.failure("Error:") + " " + error.message)
        io.error.write(usage)
        io.error.writeLine("  See 'consent help' or 'consent <command> --help'.")
        return .usage
    }
}

extension UsageError {
    /// A word that is neither a command nor an input, with the closest command name.
    static func unknownCommand(_ word: String) -> UsageError {
        let names = CLI.commands.map { $0.name } + ["help"]
        if let closest = names.min(by: { editDistance(word, $0) < editDistance(word, $1) }),
            editDistance(word, closest) <= 2
        {
            return UsageError("unknown command '\(word)'; did you mean '\(closest)'?")
        }
        return UsageError(
            "unknown command '\(word)' (commands: \(names.joined(separator: ", ")); or give a consent string)"
        )
    }
}
