/// A subcommand of `consent`, shaped like swift-argument-parser's: a name, a one-line abstract for the command
/// list, a help text, a parser from arguments, and `run(io:)` that does the work against the streams it is given.
protocol Command {
    /// The word on the command line: `decode`.
    static var name: String { get }
    /// One line for the command list of `consent --help` (``HelpText/commandList``).
    static var abstract: String { get }
    /// The usage line(s) printed under usage errors.
    static var usage: String { get }
    /// The whole help text: overview, usage, arguments, options, examples.
    static var help: String { get }

    /// Parses the arguments that follow the command's name.
    /// - Throws: a ``UsageError`` naming the argument at fault.
    init(arguments: [String]) throws(UsageError)

    /// Does the work; results go to `io.output`, problems to `io.error` (or, with `--json`, to `io.output`).
    func run(io: CommandIO) -> ExitCode
}
