import ConsentInput

/// Everything a command touches outside itself: its streams, environment, files and clock. The real process
/// passes the standard ones; tests pass memory streams and fixed values, and call `run(io:)` directly.
struct CommandIO {
    /// Standard input, one line at a time.
    var input: LineReader
    /// Results.
    var output: Output
    /// Errors, warnings and hints.
    var error: Output
    /// The environment (`NO_COLOR`, `TERM`).
    var environment: [String: String]
    /// Reads a whole file (`@FILE` inputs, `--gvl`).
    var readFile: (String) -> Result<[UInt8], FileError>
    /// Seconds since 1970-01-01T00:00:00Z, for the rules of `lint` that depend on today's date.
    var currentTime: () -> Int64

    /// True once nothing more the command writes can reach a reader: standard output failed (a full disk, a reader
    /// gone), or the reader of standard error went away (`2>&1 | head`; a failure to write messages to a file does
    /// not stop the work). Commands stop reading their inputs then.
    var cannotWrite: Bool { output.writeError != nil || error.readerIsGone }

    /// The text of the file an `@` names (`-`: standard input read whole), as ``FileContent/text(of:path:)`` makes
    /// it (UTF-8 without a byte order mark, UTF-16 converted, a compressed file refused): what `@FILE` reads, for
    /// decode's inputs and encode's documents alike.
    /// - Throws: `unreadableFile`, with the system's reason, the size limit or the compression.
    func readText(_ path: String) -> Result<[UInt8], InputError> {
        (path == "-" ? readStandardInput() : readFile(path)).mapError { InputError("unreadableFile", $0.description) }
            .flatMap { bytes in Result { () throws(InputError) in try FileContent.text(of: bytes, path: path) } }
    }

    /// Standard input read whole, as a file (`@-`: a curl command over several lines, an HTTP request or a property
    /// list pasted through a pipe), up to the size of a file.
    func readStandardInput() -> Result<[UInt8], FileError> {
        guard let bytes = input.readAll(limit: FileError.maximumFileSize) else {
            let limit = FileError.maximumFileSize >> 20
            let reason = "larger than \(limit) MiB; without @- standard input streams, a line at a time"
            return .failure(FileError(path: "-", reason: reason))
        }
        return .success(bytes)
    }

    /// The process's own streams, environment, files and clock. Standard output is written out whenever reading
    /// standard input would wait, so that results stream.
    static func standard(environment: [String: String], currentTime: @escaping () -> Int64) -> CommandIO {
        let output = Output.standardOutput()
        let error = Output.standardError()
        return CommandIO(
            input: .standardInput(flushingBeforeWaiting: output, messages: error),
            output: output,
            error: error,
            environment: environment,
            readFile: { SystemCalls.readFile(atPath: $0) },
            currentTime: currentTime
        )
    }

    /// Memory streams: `input` is standard input; nothing is a terminal unless asked.
    static func memory(
        input: String = "",
        environment: [String: String] = [:],
        outputIsTerminal: Bool = false,
        inputIsTerminal: Bool = false,
        currentTime: Int64 = 1_780_000_000
    ) -> CommandIO {
        CommandIO(
            input: LineReader(.memory(Array(input.utf8)), isTerminal: inputIsTerminal),
            output: Output(.memory, isTerminal: outputIsTerminal),
            error: Output(.memory),
            environment: environment,
            readFile: { SystemCalls.readFile(atPath: $0) },
            currentTime: { currentTime }
        )
    }
}
