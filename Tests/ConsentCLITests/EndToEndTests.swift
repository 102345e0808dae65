import ConsentCore
import Foundation
import Testing

/// Runs the built `consent` binary with `Process`: the golden vectors through decode and encode, exit statuses,
/// standard input, every input form, colour and help.
@Suite(.serialized) struct EndToEndTests {
    static let kinds = ["tcf", "gpp", "usp", "ac"]

    /// `consent decode --json --kind K` over the inputs, one per line; the output lines, one per input.
    private func decodeLines(_ inputs: [String], kind: String) throws -> (RunResult, [String]) {
        let result = try runBinary(["decode", "--json", "--kind", kind], input: inputs.joined(separator: "\n") + "\n")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return (result, lines)
    }

    @Test(arguments: kinds) func decodesEveryPublicVectorAsExpected(kind: String) throws {
        let vectors = try Vector.load("\(kind).jsonl")
        let known = Vector.knownFailures
        let (result, lines) = try decodeLines(vectors.map(\.input), kind: kind)
        try #require(lines.count == vectors.count, "one output line per input: \(result.error)")
        for (vector, line) in zip(vectors, lines) where !known.contains(vector.id) {
            let actual = try JSONValue(parsing: line)
            guard let expect = vector.expect else { continue }
            let mismatch = partialMismatch(expected: expect, actual: actual)
            #expect(mismatch == nil, "\(vector.id): \(mismatch ?? "")")
        }
    }

    @Test(arguments: kinds) func encodeOfDecodedJSONGivesEveryVectorBack(kind: String) throws {
        let known = Vector.knownFailures
        let vectors = try Vector.load("\(kind).jsonl").filter { !known.contains($0.id) }
        let (_, lines) = try decodeLines(vectors.map(\.input), kind: kind)
        try #require(lines.count == vectors.count)
        let encoded = try runBinary(["encode"], input: lines.joined(separator: "\n") + "\n")
        #expect(encoded.status == 0, "\(encoded.error)")
        let strings = encoded.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init
        )
        try #require(strings.count == vectors.count, "\(encoded.error)")
        for (vector, string) in zip(vectors, strings) {
            #expect(string == vector.input, "\(vector.id)")
        }
    }

    @Test(arguments: kinds) func invalidVectorsExitOneWithErrorObjects(kind: String) throws {
        let vectors = try Vector.load("invalid.jsonl").filter { $0.kind == kind }
        try #require(!vectors.isEmpty)
        let (result, lines) = try decodeLines(vectors.map(\.input), kind: kind)
        #expect(result.status == 1)
        let known = Vector.knownFailures
        for (vector, line) in zip(vectors, lines) where !known.contains(vector.id) {
            let object = try JSONValue(parsing: line)
            #expect(object["type"] == .string("error"), "\(vector.id) decoded: \(line)")
            #expect(object["input"] == .string(vector.input), "\(vector.id)")
            #expect(object["error"]?["code"]?.stringValue?.isEmpty == false, "\(vector.id)")
        }
    }

    @Test func exitStatusesAreZeroOneAndSixtyFour() throws {
        #expect(try runBinary(["decode", "1YNN"]).status == 0)
        #expect(try runBinary(["decode", "1YNN", "1YNX"]).status == 1)
        #expect(try runBinary(["decode", "--nope"]).status == 64)
        #expect(try runBinary(["--version"]).status == 0)
        let failing = try runBinary(["decode", "1YNX"])
        #expect(failing.output.isEmpty)
        #expect(failing.error.hasPrefix("error: 1YNX: usp badValue"))
        #expect(failing.error.split(separator: "\n").count == 1)
    }

    /// `consent decode --json < strings.txt > decoded.jsonl` on a full disk: a message and status 74 (EX_IOERR),
    /// never a silent 0 with a truncated file. A reader that goes away (`| head`) is not an error.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFailedWriteOfStandardOutputIsAnErrorButAClosedPipeIsNot() throws {
        let binary = try #require(TestPaths.binary)
        let shell = URL(fileURLWithPath: "/bin/sh")
        let full = try runProcess(shell, ["-c", #""$0" decode --json 1YNN > /dev/full"#, binary.path])
        #expect(full.status == 74)
        #expect(full.error.contains("error: cannot write standard output: No space left on device"), "\(full.error)")

        // The input comes from the shell, not from this process: a write into the closed pipe would signal us. The
        // status is consent's own (bash's PIPESTATUS): it was 141, killed by SIGPIPE. Endless input ends too.
        let bash = URL(fileURLWithPath: "/bin/bash")
        let usp = #"'{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"}'"#
        for (command, input) in [
            ("decode --json", "yes 1YNN | head -n 200000"), ("decode", "yes 1YNN | cat"),
            ("lint --json", "yes 1YNN | cat"),
            ("explain", "yes 1YNN | cat"), ("encode", "yes \(usp) | head -n 200000"), ("encode", "yes \(usp) | cat"),
        ] {
            // encode of a stream cut mid-document by the closed pipe said `badJSON` for the half it had read.
            let pipeline =
                #"\#(input) | timeout 60 "$0" \#(command) | head -c 10 > /dev/null; exit "${PIPESTATUS[2]}""#
            let closed = try runProcess(bash, ["-c", pipeline, binary.path])
            #expect(closed.status == 0, "\(command)")
            #expect(closed.error.isEmpty, "\(command): \(closed.error)")
        }
        // Messages alone in the pipe (every input fails): its reader going away ends the run too; it ran forever.
        let messages = #"yes garbage | timeout 60 "$0" decode 2>&1 | head -c 10 > /dev/null; exit "${PIPESTATUS[1]}""#
        #expect(try runProcess(bash, ["-c", messages, binary.path]).status == 1)
    }

    @Test func streamsStandardInputLineByLine() throws {
        let count = 20_000
        let input = String(repeating: "1YNN\n", count: count)
        let result = try runBinary(["decode", "--json"], input: input)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.allSatisfy { $0 == lines[0] })
        #expect(
            lines.first?.hasPrefix(#"{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N""#)
                == true
        )
    }

    /// `tail -f log | consent decode --json`: each line's result comes out while standard input stays open, the
    /// next line not written yet.
    @Test(arguments: [["decode", "--json"], ["decode", "--json", "--no-cache"], ["lint", "--json"]])
    func writesEachResultOutBeforeWaitingForMoreInput(arguments: [String]) throws {
        let binary = try #require(TestPaths.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            _ = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        for string in ["1YNN", "1NYN", "1YNN"] {
            input.fileHandleForWriting.write(Data((string + "\n").utf8))
            let line = readLine(from: output.fileHandleForReading.fileDescriptor)
            #expect(line?.contains(#""\#(string)""#) == true, "\(arguments): \(line ?? "nothing came")")
            if line == nil { return }
        }
    }

    /// The bytes of `descriptor` up to a line feed, or nil when none comes within a minute. The bound only keeps a
    /// failing run from hanging: a result that is not written out before the command waits never comes at all.
    private func readLine(from descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.last != 0x0A {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 60_000) > 0, read(descriptor, &byte, 1) == 1 else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func decodesEveryInputForm() throws {
        let forms: [(String, Int)] = [
            ("@" + TestPaths.fixture("openrtb-2.6.json"), 4), ("@" + TestPaths.fixture("openrtb-2.5.json"), 2),
            ("@" + TestPaths.fixture("preferences.json"), 4), ("@" + TestPaths.fixture("preferences-ios.plist"), 2),
            ("@" + TestPaths.fixture("preferences-ios-binary.plist"), 2),
            ("@" + TestPaths.fixture("preferences-android.xml"), 4),
            ("https://ads.example/x?gdpr=1&us_privacy=1YNN&addtl_consent=2~1.35.41~dv.9.21", 2),
            ("us_privacy=1YNN", 1),
            (#"{"tcString":"CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA","addtlConsent":"1~7"}"#, 2),
            (#""1YNN""#, 1),
        ]
        for (input, expected) in forms {
            let result = try runBinary(["decode", "--json", input])
            let lines = result.output.split(separator: "\n")
            #expect(lines.count == expected, "\(input): \(result.output) \(result.error)")
        }
    }

    @Test func explicitColorBeatsNoColorAndPipesGetNone() throws {
        #expect(!(try runBinary(["decode", "1YNN"]).output.contains("\u{1B}[")))
        #expect(
            try runBinary(["decode", "--color", "always", "1YNN"], environment: ["NO_COLOR": "1"]).output.contains(
                "\u{1B}["
            )
        )
    }

    @Test func noColorSilencesATerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), let binary = TestPaths.binary else {
            return
        }
        // `script` gives the command a pseudo-terminal, so `--color auto` sees a terminal.
        let command = "\(binary.path) decode 1YNN"
        let script = URL(fileURLWithPath: "/usr/bin/script")
        let coloured = try runProcess(script, ["-qec", command, "/dev/null"])
        let plain = try runProcess(script, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        #expect(coloured.output.contains("\u{1B}["))
        #expect(!plain.output.contains("\u{1B}["))
        #expect(plain.output.contains("US Privacy string"))
    }

    @Test func helpTextMatchesSnapshot() throws {
        let result = try runBinary(["--help"])
        #expect(result.status == 0)
        assertSnapshot(result.output, named: "help")
        for command in ["decode", "encode", "lint", "explain", "keys", "diff", "stats"] {
            assertSnapshot(try runBinary([command, "--help"]).output, named: "help-\(command)")
        }
    }
}
