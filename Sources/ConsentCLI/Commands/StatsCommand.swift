import ConsentInput
import ConsentKit

/// `consent stats [--json] [--kind K] [--vendor ID]... [INPUT...]`: counts over many strings (kinds, failures,
/// purpose and vendor consents, GPP sections and opt-outs, US Privacy opt-outs, AC providers), in memory that does
/// not grow with the input. Failing strings are counted, not reported one by one, and do not change the exit status.
struct StatsCommand: Command {
    static let name = "stats"
    static let abstract = "Count what many strings say: kinds, failures, purpose and vendor consents, opt-outs"
    static let usage = HelpText.statsUsage
    static let help = HelpText.stats

    /// The parsed options and inputs (no input: standard input).
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.json, .kind, .vendor])
    }

    func run(io: CommandIO) -> ExitCode {
        var statistics = ConsentStatistics()
        let kind = options.kind
        // Counts `text`.
        func decode(_ text: String, kind: ConsentFormat?) {
            do throws(ConsentError) {
                statistics.add(try ConsentString(encoded: text, kind: kind))
            } catch {
                statistics.add(failure: error)
            }
        }
        // A file that cannot be read is no count of strings: it is said on standard error and fails the run, so that
        // a misspelt @FILE does not pass for a clean file of zero strings.
        var status = ExitCode.success
        let reporter = FailureReporter(io: io, json: false, style: options.style(for: io.error, io: io))
        let stream = InputStream(arguments: options.operands, io: io)
        stream.forEach(
            bareString: { text, _ in
                statistics.inputs += 1
                decode(text, kind: kind)
                return true
            },
            { extraction, _ in
                // A request's places (URL, body, cookies) are one input.
                if extraction.part == 0 { statistics.inputs += 1 }
                switch extraction.result {
                case .failure(let error):
                    statistics.unreadable.add(error.code)
                    if error.code == "unreadableFile" {
                        reporter.report(error, input: extraction.label, label: extraction.label)
                        status = .failure
                    }
                case .success(let input):
                    let decoded = DecodedInput(label: extraction.label, input: input, kind: kind)
                    for item in decoded.items {
                        switch item.result {
                        case .success(let string): statistics.add(string.value)
                        case .failure(let error): statistics.add(failure: error)
                        }
                    }
                    // What decode says of the input: its findings, and the cross-checks of its strings and flags.
                    for finding in CrossChecks.diagnostics(for: decoded) { statistics.checks.add(finding.code) }
                }
            }
        )
        let report = StatisticsReport(statistics: statistics, vendors: options.vendors)
        if options.json {
            io.output.writeLine(report.jsonValue().serialized())
        } else {
            io.output.write(report.text(style: options.style(for: io.output, io: io)))
        }
        return status
    }
}
