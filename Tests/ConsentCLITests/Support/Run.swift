import ConsentCore
import Foundation
import Testing

@testable import ConsentCLI

/// The outcome of one run: exit status and both streams.
struct RunResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `consent` in process with memory streams.
func run(
    _ arguments: [String],
    input: String = "",
    environment: [String: String] = [:],
    terminal: Bool = false,
    inputIsTerminal: Bool = false
) -> RunResult {
    let io = CommandIO.memory(
        input: input,
        environment: environment,
        outputIsTerminal: terminal,
        inputIsTerminal: inputIsTerminal
    )
    let status = CLI.run(arguments: arguments, io: io)
    return RunResult(status: status.rawValue, output: io.output.text, error: io.error.text)
}

/// The JSON values of JSON Lines output, one a line.
func jsonLines(_ text: String) throws -> [JSONValue] {
    try text.split(separator: "\n").map { try JSONValue(parsing: $0) }
}

/// Runs the built `consent` binary with `Process`, feeding `input` on standard input.
func runBinary(
    _ arguments: [String],
    input: String = "",
    environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> RunResult {
    guard let binary = TestPaths.binary else {
        Issue.record("the consent binary was not built (run swift build first)", sourceLocation: sourceLocation)
        return RunResult(status: -1, output: "", error: "")
    }
    return try runProcess(binary, arguments, input: input, environment: environment)
}

/// Runs an executable with `Process`, feeding `input` on standard input; NO_COLOR is removed from the inherited
/// environment so that tests set it themselves.
func runProcess(
    _ executable: URL,
    _ arguments: [String],
    input: String = "",
    environment: [String: String] = [:]
) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var base = ProcessInfo.processInfo.environment
    base["NO_COLOR"] = nil
    process.environment = base.merging(environment) { $1 }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    // Feed and drain concurrently so that large inputs and outputs never fill a pipe and stall.
    let writer = Thread {
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    let errorReader = DataReader(standardError.fileHandleForReading)
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        output: String(decoding: output, as: UTF8.self),
        error: String(decoding: errorReader.finish(), as: UTF8.self)
    )
}

/// Reads a pipe to its end on a thread of its own.
private final class DataReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
