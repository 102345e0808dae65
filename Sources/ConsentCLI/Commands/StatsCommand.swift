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
        // Counts `text`; true when it is a TC string, standalone or in a GPP string, or may be one (a string of
        // either kind that fails).
        @discardableResult
        func decode(_ text: String, kind: ConsentFormat?) -> Bool {
            do throws(ConsentError) {
                let value = try ConsentString(encoded: text, kind: kind)
                statistics.add(value)
                return Self.isTCString(value)
            } catch {
                statistics.add(failure: error)
                return [kind, error.format].contains { $0 == .tcf || $0 == .gpp }
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
                    let (signals, skippedKinds) = DecodedInput.signals(of: input, kind: kind)
                    var carriesTC = !skippedKinds.isDisjoint(with: [.tcf, .gpp])
                    for signal in signals where decode(signal.text, kind: signal.kind) { carriesTC = true }
                    for finding in input.findings { statistics.checks.add(finding.code) }
                    // As the cross-checks of decode and lint say it (CrossChecks), another place of a request included.
                    if input.gdprApplies?.isSet == true, !carriesTC, !input.otherPlaces.contains(where: Self.carriesTC)
                    {
                        statistics.checks.add("gdprWithoutTCString")
                    }
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

    /// True for a TC string, standalone or as a GPP string's section 2.
    private static func isTCString(_ value: ConsentString) -> Bool {
        switch value {
        case .tcf: true
        case .gpp(let string): string.tcfEuV2 != nil
        case .usp, .ac: false
        }
    }

    /// True when a place of a request holds a TC string (or a string of a kind that may be one, failing).
    private static func carriesTC(_ place: ExtractedInput) -> Bool {
        place.signals.contains { signal in
            if signal.kind == .tcf || signal.kind == .gpp { return true }
            return (try? ConsentString(encoded: signal.text, kind: signal.kind)).map(isTCString) ?? false
        }
    }
}
