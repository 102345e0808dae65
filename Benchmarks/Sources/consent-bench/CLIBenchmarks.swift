import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `consent` command end to end: `consent decode --json` streaming stdin to stdout, as a subprocess of the
/// built release binary, timed on the wall clock with its peak resident memory; with its cache of JSON lines (the
/// default: 200 distinct strings repeat) and without (`--no-cache`: every line decoded); and `consent stats` over
/// the same lines (every line decoded and counted, one report at the end).
enum CLIBenchmarks {
    /// Lines in the streamed input: tcf-typical.txt repeated.
    static let lines = 200_000

    static func all(corpus: Corpus, binary: String?) -> [Benchmark] {
        let binary =
            binary
            ?? Corpus.packageDirectory.deletingLastPathComponent()
            .appendingPathComponent(".build/release/consent").path
        let commands = [
            ("cli-decode-stream", ["decode", "--json"]),
            ("cli-decode-stream-nocache", ["decode", "--json", "--no-cache"]),
            ("cli-stats-stream", ["stats"]),
        ]
        return commands.map { name, options in
            Benchmark(
                name: name,
                summary: "consent \(options.map { $0 + " " }.joined())< tcf-typical x "
                    + "\(lines / 1_000)k lines > /dev/null (subprocess)"
            ) { _ in
                try measureStream(
                    name: name,
                    binary: binary,
                    options: options,
                    strings: try corpus.strings("tcf-typical.txt")
                )
            }
        }
    }

    /// Three runs over 200,000 lines (median reported), and one over 20,000 to show whether memory grows with
    /// the input; the time budget does not apply (one run takes seconds).
    static func measureStream(name: String, binary: String, options: [String], strings: [String]) throws -> Measurement
    {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw SkippedBenchmark(
                reason: "no binary at \(binary): run `swift build -c release --product consent` first, "
                    + "or pass --consent PATH"
            )
        }
        let small = try writeInput(strings: strings, lines: lines / 10)
        let large = try writeInput(strings: strings, lines: lines)
        defer {
            try? FileManager.default.removeItem(atPath: small.path)
            try? FileManager.default.removeItem(atPath: large.path)
        }
        let smallRun = try run(binary: binary, options: options, input: small.path)
        var runs: [(nanoseconds: UInt64, peakRSS: Int)] = []
        for _ in 0..<3 { runs.append(try run(binary: binary, options: options, input: large.path)) }
        runs.sort { $0.nanoseconds < $1.nanoseconds }
        let median = runs[1]
        let nsPerString = Double(median.nanoseconds) / Double(lines)
        let peakRSS = runs.map(\.peakRSS).max() ?? 0
        return Measurement(
            name: name,
            nsPerOp: nsPerString,
            p90NsPerOp: Double(runs[2].nanoseconds) / Double(lines),
            allocsPerOp: nil,
            mbPerSecond: Double(large.bytes) / Double(median.nanoseconds) * 1_000,
            rounds: runs.count,
            opsPerRound: lines,
            extras: [
                (key: "stringsPerSecond", value: 1e9 / nsPerString, unit: "strings/s"),
                (key: "peakRSSMB", value: Double(peakRSS) / 1e6, unit: "MB peak RSS"),
                (key: "peakRSSMBAt20k", value: Double(smallRun.peakRSS) / 1e6, unit: "MB at 20k lines"),
            ]
        )
    }

    /// Writes `lines` lines cycling through `strings` to a temporary file.
    private static func writeInput(strings: [String], lines: Int) throws -> (path: String, bytes: Int) {
        let path = NSTemporaryDirectory() + "consent-bench-\(getpid())-\(lines).txt"
        var text = ""
        text.reserveCapacity(lines * 700)
        for index in 0..<lines {
            text += strings[index % strings.count]
            text += "\n"
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (path, text.utf8.count)
    }

    /// Runs `binary OPTIONS` (the command and its options) with stdin from `input` and stdout, stderr to /dev/null;
    /// returns the wall time and the child's peak RSS in bytes.
    private static func run(
        binary: String,
        options: [String],
        input: String
    ) throws -> (nanoseconds: UInt64, peakRSS: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [binary] + options
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var pid: pid_t = 0
        let start = Runner.now()
        let spawned = posix_spawn(&pid, binary, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw CLIError(message: "posix_spawn \(binary): error \(spawned)") }
        // Peak RSS from /proc/PID/status (VmHWM), polled while the child runs: wait4's ru_maxrss would also count
        // this process's own peak, which a spawned child inherits until it calls exec.
        var status: Int32 = 0
        var peakRSS = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            guard waited == 0 || errno == EINTR else { throw CLIError(message: "waitpid: error \(errno)") }
            peakRSS = max(peakRSS, highWaterMark(of: pid))
            usleep(2_000)
        }
        let elapsed = Runner.now() &- start
        // Exited normally with status 0: WIFEXITED and WEXITSTATUS, spelled out (the macros are not imported).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw CLIError(
                message: "\(binary) \(options.joined(separator: " ")) exited with status \(status) on \(input)"
            )
        }
        return (elapsed, peakRSS)
    }
}

extension CLIBenchmarks {
    /// VmHWM of process `pid` in bytes once it has called exec (before, it is still a copy of this process), or
    /// 0 when unknown (not Linux, not yet exec'd, or gone).
    static func highWaterMark(of pid: pid_t) -> Int {
        let files = FileManager.default
        guard let child = try? files.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
            let this = try? files.destinationOfSymbolicLink(atPath: "/proc/self/exe"), child != this,
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        let kilobytes = line.dropFirst(6).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 0
        return kilobytes * 1_024
    }
}

/// The CLI benchmark could not run the binary.
struct CLIError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
