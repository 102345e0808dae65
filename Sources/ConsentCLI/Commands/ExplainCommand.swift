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
        guard !options.operands.isEmpty else { throw UsageError("explain needs a string to explain") }
    }

    func run(io: CommandIO) -> ExitCode {
        let style = options.style(for: io.output, io: io)
        let reporter = options.reporter(io: io)
        var failed = false
        var first = true
        for input in options.operands {
            InputExtractor.forEachExtraction(input, io: io) { extraction in
                let extracted: ExtractedInput
                switch extraction.result {
                case .failure(let error):
                    failed = true
                    reporter.report(error, input: input, label: extraction.label)
                    return
                case .success(let value):
                    extracted = value
                }
                // Decoded as `decode` decodes it: the decoder, not the walk, tells whether the string is valid.
                let decoded = DecodedInput(
                    label: extraction.label,
                    input: extracted,
                    kind: options.kind,
                    strict: options.strict
                )
                for item in decoded.items {
                    let signal = item.signal
                    let decodes = if case .success = item.result { true } else { false }
                    if let kind = Self.kind(of: item) {
                        let segments = Explanation.segments(of: signal.text, kind: kind)
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
        }
        return failed ? .failure : .success
    }

    /// The kind whose fields the walk reads: the decoded string's, or for one that did not decode, the kind its
    /// input or its first characters name; nil when they name none (nothing to walk).
    private static func kind(of item: DecodedInput.Item) -> ConsentFormat? {
        switch item.result {
        case .success(let decoded): decoded.kind
        case .failure: item.signal.kind ?? (try? ConsentString.detectFormat(of: item.signal.text))
        }
    }
}
