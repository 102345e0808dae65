import ConsentInput
import ConsentKit

/// `consent explain [--json] [--kind K] [--strict] INPUT...`: every field with its bit offset, width, raw bits and
/// value, segment by segment.
struct ExplainCommand: Command {
    static let name = "explain"
    static let abstract = "Show every field with its bit offset, width, raw bits and value"
    static let usage = HelpText.explainUsage
    static let help = HelpText.explain

    /// The parsed options and inputs.
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.json, .kind, .strict])
    }

    func run(io: CommandIO) -> ExitCode {
        let style = options.style(for: io.output, io: io)
        let reporter = options.reporter(io: io)
        var failed = false
        var first = true
        if options.operands.isEmpty && io.input.isTerminal {
            io.error.writeLine("Reading inputs from standard input, one per line (end with Ctrl-D).")
            io.error.flush()
        }
        InputStream(arguments: options.operands, io: io).forEach { extraction, input in
            // Decoded as `decode` decodes it: the decoder, not the walk, tells whether the string is valid.
            guard let decoded = options.decoded(extraction, input: input, reporting: reporter) else {
                failed = true
                return
            }
            // An input with nothing to walk (`gdpr=1`, or no string of the --kind asked for) is said so, not passed
            // over in silence.
            if decoded.items.isEmpty {
                failed = true
                let what = options.kind.map { "\($0.rawValue) string" } ?? "consent string"
                let error = InputError("empty", "no \(what) to explain in the input")
                reporter.report(error, input: input, label: extraction.label)
                return
            }
            for item in decoded.items {
                let signal = item.signal
                let decodes = if case .success = item.result { true } else { false }
                if let kind = Self.kind(of: item) {
                    var segments = Explanation.segments(of: signal.text, kind: kind)
                    if case .failure(let error) = item.result {
                        segments = ExplainedSegment.agreeing(
                            segments,
                            with: error,
                            hint: ErrorText.sectionCountHint(for: error, in: signal.text)
                        )
                    }
                    if segments.contains(where: { $0.failure != nil }) { failed = true }
                    if options.json {
                        // A string that does not decode gets one error object: the decoder's, below, as
                        // `decode --json` prints it. The walk's own are for a string the decoder read.
                        Explanation.writeJSON(
                            segments,
                            input: signal.text,
                            includingFailures: decodes,
                            to: io.output
                        )
                    } else {
                        if !first { io.output.writeLine() }
                        first = false
                        let title = (signal.source.map { $0 + ": " } ?? "") + Explanation.title(kind)
                        io.output.writeLine(style.heading(title) + "  " + style.note(signal.text))
                        for line in Explanation.render(segments, style: style) { io.output.writeLine(line) }
                    }
                }
                if case .failure(let error) = item.result {
                    failed = true
                    reporter.report(error, input: signal.text, label: extraction.label, source: signal.source)
                }
            }
        }
        return failed ? .failure : .success
    }

    /// The kind whose fields the walk reads: the decoded string's, or for one that did not decode, the kind its
    /// input or its first characters name; nil when they name none, or when the string is longer than a decoder
    /// reads (`tooLong`: its walk would be megabytes of fields of a string refused unread).
    private static func kind(of item: DecodedInput.Item) -> ConsentFormat? {
        switch item.result {
        case .success(let decoded): decoded.kind
        case .failure(let error) where error.code == .tooLong: nil
        case .failure: item.signal.kind ?? (try? ConsentString.detectFormat(of: item.signal.text))
        }
    }
}
