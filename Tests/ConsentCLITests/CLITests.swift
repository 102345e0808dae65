import ConsentInput
import Foundation
import Testing

@testable import ConsentCLI

/// Help, version, usage errors and exit statuses, run in process.
@Suite struct CLITests {
    @Test func printsHelpOnStandardOutputWithStatusZero() {
        for arguments in [["--help"], ["-h"], ["help"], ["help", "help"], ["help", "--help"], []] {
            let result = run(arguments, inputIsTerminal: true)
            #expect(result.status == 0)
            #expect(result.output == HelpText.main)
            #expect(result.error.isEmpty)
        }
    }

    /// `consent <input>...` is `consent decode <input>...`, and so is `echo 1YNN | consent`: with no argument and
    /// standard input not a terminal, standard input is decoded (the help is for `consent` typed alone).
    @Test func withNoArgumentPipedInputIsDecoded() {
        let result = run([], input: "1YNN\n")
        #expect(result.status == 0)
        #expect(result.output == run(["decode"], input: "1YNN\n").output)
        #expect(result.output.hasPrefix("US Privacy string"), "\(result.output)")
        let json = run(["--json"], input: "1YNN\n")
        #expect(json.output == run(["decode", "--json"], input: "1YNN\n").output)
    }

    @Test func printsCommandHelpThreeWays() {
        for command in CLI.commands {
            for arguments in [["help", command.name], [command.name, "--help"], [command.name, "-h", "x"]] {
                let result = run(arguments)
                #expect(result.status == 0, "\(arguments)")
                #expect(result.output == command.help, "\(arguments)")
            }
        }
    }

    @Test func everyCommandHelpHasUsageAndExamples() {
        for command in CLI.commands {
            #expect(command.help.contains("USAGE: consent \(command.name)"), "\(command.name)")
            #expect(command.help.contains("EXAMPLES:"), "\(command.name)")
            #expect(command.help.contains(command.usage), "\(command.name)")
        }
    }

    @Test func helpAfterDoubleDashIsAnInput() {
        let result = run(["decode", "--json", "--", "--help"])
        #expect(result.status == 1)
        #expect(result.output.contains("\"type\":\"error\""))
    }

    @Test func printsVersion() {
        let result = run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "consent \(CLI.version)\n")
    }

    @Test func unknownOptionIsUsageErrorWithUsageOnStandardError() {
        let result = run(["decode", "--jsno", "1YNN"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("Error: unknown option '--jsno'; did you mean '--json'?\n"))
        #expect(result.error.contains(DecodeCommand.usage))
    }

    @Test func misspelledCommandIsUsageError() {
        let result = run(["decod", "1YNN"])
        #expect(result.status == 64)
        #expect(result.error.contains("did you mean 'decode'?"))
        #expect(run(["help", "nothing"]).status == 64)
    }

    @Test func badKindAndColorValuesAreUsageErrors() {
        #expect(run(["decode", "--kind", "tcf2", "1YNN"]).status == 64)
        #expect(run(["decode", "--color=sometimes", "1YNN"]).status == 64)
        #expect(run(["decode", "--kind"]).status == 64)
    }

    @Test func bareInputMeansDecode() {
        #expect(run(["1YNN"]).output == run(["decode", "1YNN"]).output)
        #expect(run(["--json", "1YNN"]).output == run(["decode", "--json", "1YNN"]).output)
    }

    @Test func colorMayComeBeforeTheCommand() {
        #expect(run(["--color", "always", "decode", "1YNN"]).output.contains("\u{1B}["))
        #expect(run(["--color=always", "1YNN"]).output.contains("\u{1B}["))
        #expect(run(["--no-color", "lint", "1YNN"]).status == 0)
    }

    @Test func unreadableVendorListIsUsageError() {
        let result = run(["decode", "--gvl", "/nonexistent/vendor-list.json", "1YNN"])
        #expect(result.status == 64)
        #expect(result.error.contains("/nonexistent/vendor-list.json"))
    }

    @Test func coloursOnlyATerminalWithoutNoColor() {
        let plain = run(["decode", "1YNN"], terminal: false)
        let terminal = run(["decode", "1YNN"], terminal: true)
        let noColor = run(["decode", "1YNN"], environment: ["NO_COLOR": "1"], terminal: true)
        let emptyNoColor = run(["decode", "1YNN"], environment: ["NO_COLOR": ""], terminal: true)
        let never = run(["decode", "--color", "never", "1YNN"], terminal: true)
        let always = run(["decode", "--color=always", "1YNN"], environment: ["NO_COLOR": "1"])
        #expect(!plain.output.contains("\u{1B}["))
        #expect(terminal.output.contains("\u{1B}["))
        #expect(!noColor.output.contains("\u{1B}["))
        #expect(emptyNoColor.output.contains("\u{1B}["))
        #expect(!never.output.contains("\u{1B}["))
        #expect(always.output.contains("\u{1B}["))
    }
}

/// Every example in the help texts that needs no file runs as written (a new user copies them first).
@Suite struct HelpExampleTests {
    /// `consent ...` lines of every help text, without those that need files, pipes or redirection.
    static var examples: [String] {
        let texts = [HelpText.main] + CLI.commands.map { $0.help }
        return texts.flatMap { $0.split(separator: "\n") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("consent ") && !$0.contains("<") && !$0.contains("|") && !$0.contains("@") }
            .filter { !$0.contains(".json") && !$0.contains(".txt") && !$0.contains("...") }
    }

    @Test func helpHasRunnableExamples() {
        #expect(Self.examples.count >= 8)
    }

    @Test(arguments: examples) func exampleRuns(line: String) {
        let arguments = Array((ShellWords.split(line) ?? []).dropFirst())
        let result = run(arguments)
        #expect(result.status != 64, "\(line): \(result.error)")
        #expect(!result.output.isEmpty, "\(line)")
        // lint and diff exit 1 for what they find (an error-level diagnostic, a difference), not for a failure.
        if !["lint", "diff"].contains(arguments.first) { #expect(result.status == 0, "\(line): \(result.error)") }
    }
}
