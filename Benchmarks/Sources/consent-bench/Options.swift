/// The command line of `consent-bench`.
struct Options {
    /// `--json`: one JSON object per line per benchmark instead of the table.
    var json = false
    /// `--filter REGEX`: run only the benchmarks whose name matches (anywhere in the name).
    var filter: Regex<AnyRegexOutput>?
    /// `--seconds S`: budget per benchmark, warm-up included.
    var seconds = 1.0
    /// `--rounds N`: measured rounds per benchmark.
    var rounds = 11
    /// `--passes K`: a fixed amount of work instead of a time budget: one pass over the inputs to warm up, then
    /// rounds of K passes each (for instruction counts, which need the same work on every run).
    var passes: Int?
    /// `--list`: print the names (after `--filter`) and stop.
    var list = false
    /// `--check FILE`: compare allocations per operation with the ceilings in FILE, exit 1 when one is exceeded.
    var check: String?
    /// `--record FILE`: write the measured allocations per operation as the new ceilings.
    var record: String?
    /// `--consent PATH`: the `consent` binary for the CLI streaming benchmark.
    var consentBinary: String?
    /// `--corpus DIR`: where the corpora are (default: `Corpus/` next to this package's manifest).
    var corpus: String?

    static let usage = """
        usage: consent-bench [--json] [--filter REGEX] [--seconds S] [--rounds N] [--passes K]
                             [--list] [--check Thresholds.json] [--record Thresholds.json]
                             [--consent PATH] [--corpus DIR]

          --json          one JSON object per line per benchmark (name, nsPerOp, p90NsPerOp, allocsPerOp,
                          mbPerSecond, rounds, ops, and any rate of the benchmark)
          --filter REGEX  run the benchmarks whose name matches REGEX (Swift Regex syntax)
          --seconds S     time budget per benchmark, warm-up included (default 1)
          --rounds N      measured rounds; the table shows their median and 90th percentile (default 11)
          --passes K      fixed work instead of --seconds: one warm-up pass over the inputs, then rounds
                          of K passes each (what scripts/bench-instructions.sh counts instructions of)
          --list          print the benchmark names and exit
          --check FILE    exit 1 when a benchmark's allocations per operation exceed its ceiling in FILE
          --record FILE   write the measured allocations per operation to FILE as the new ceilings
          --consent PATH  the release `consent` binary for the cli- benchmarks
                          (default: .build/release/consent of the parent package)
          --corpus DIR    the corpora (default: Benchmarks/Corpus)

        Run as: swift run -c release --package-path Benchmarks consent-bench
        """

    /// A usage error: the message, printed with the usage on standard error (exit 64).
    struct UsageError: Error {
        let message: String
    }

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(_ option: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst() else { throw UsageError(message: "\(option) needs a value") }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": json = true
            case "--list": list = true
            case "--filter":
                let pattern = try value(argument)
                do { filter = try Regex(pattern) } catch {
                    throw UsageError(message: "--filter: not a regular expression: \(pattern)")
                }
            case "--seconds":
                let text = try value(argument)
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw UsageError(message: "--seconds: not a positive number: \(text)")
                }
                self.seconds = seconds
            case "--rounds":
                let text = try value(argument)
                guard let rounds = Int(text), rounds >= 1 else {
                    throw UsageError(message: "--rounds: not a positive integer: \(text)")
                }
                self.rounds = rounds
            case "--passes":
                let text = try value(argument)
                guard let passes = Int(text), passes >= 1 else {
                    throw UsageError(message: "--passes: not a positive integer: \(text)")
                }
                self.passes = passes
            case "--check": check = try value(argument)
            case "--record": record = try value(argument)
            case "--consent": consentBinary = try value(argument)
            case "--corpus": corpus = try value(argument)
            case "-h", "--help": throw UsageError(message: "")
            default: throw UsageError(message: "unknown argument: \(argument)")
            }
        }
    }

    /// True when the benchmark named `name` is selected by `--filter`.
    func selects(_ name: String) -> Bool {
        guard let filter else { return true }
        return name.contains(filter)
    }
}
