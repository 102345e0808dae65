import ConsentInput
import ConsentKit

/// `consent explain [--json] [--kind K] INPUT...`: every field with its bit offset, width, raw bits and value,
/// segment by segment.
struct ExplainCommand: Command {
    static let name = "explain"
    static let abstract = "Show every field with its bit offset, width, raw bits and value"
    static let usage = HelpText.explainUsage
    static let help = HelpText.explain

    /// The parsed options and inputs.
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.json, .kind])
        guard !options.operands.isEmpty else { throw UsageError("explain needs a string to explain") }
    }

    func run(io: CommandIO) -> ExitCode {
        let style = options.style(for: io.output, io: io)
        let reporter = options.reporter(io: io)
        var failed = false
        var first = true
        for input in options.operands {
            for extraction in InputExtractor.extract(input, io: io) {
                let extracted: ExtractedInput
                switch extraction.result {
                case .failure(let error):
                    failed = true
                    reporter.report(error, input: input, label: extraction.label)
                    continue
                case .success(let value):
                    extracted = value
                }
                for signal in extracted.signals
                where options.kind == nil || extracted.form == .string || signal.kind == options.kind {
                    let detected =
                        (extracted.form == .string ? options.kind : nil) ?? signal.kind
                        ?? KindDetector.detect(signal.text)
                    guard let detected else {
                        failed = true
                        reporter.report(
                            ConsentError(.unknownFormat),
                            input: signal.text,
                            label: extraction.label,
                            source: signal.source
                        )
                        continue
                    }
                    let segments = Explanation.segments(of: signal.text, kind: detected)
                    if segments.contains(where: { $0.failure != nil }) { failed = true }
                    if options.json {
                        Explanation.writeJSON(segments, input: signal.text, to: io.output)
                    } else {
                        if !first { io.output.writeLine() }
                        first = false
                        let title = (signal.source.map { $0 + ": " } ?? "") + Explanation.title(detected)
                        io.output.writeLine(style.heading(title) + "  " + style.note(signal.text))
                        for line in Explanation.render(segments, style: style) { io.output.writeLine(line) }
                    }
                }
            }
        }
        return failed ? .failure : .success
    }
}
