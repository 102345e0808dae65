import ConsentInput
import ConsentKit

/// `consent lint [--json] [--kind K] [INPUT...]`: the diagnostics of every string, and the cross-signal checks of
/// every input. Exit status 1 when any diagnostic is an error (a string that does not decode is one).
struct LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check strings against their specifications and policies, and against each other"
    static let usage = HelpText.lintUsage
    static let help = HelpText.lint

    /// The parsed options and inputs (no input: standard input).
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.json, .kind])
    }

    /// A finding with the string it concerns, when the input held several.
    struct Finding {
        var source: String?
        var diagnostic: Diagnostic
    }

    func run(io: CommandIO) -> ExitCode {
        let style = options.style(for: io.output, io: io)
        var failed = false
        var first = true
        InputStream(arguments: options.operands, io: io).forEach { extraction, input in
            let findings = self.findings(extraction, io: io)
            if findings.contains(where: { $0.diagnostic.severity == .error }) { failed = true }
            if options.json {
                writeJSON(findings, input: input, to: io.output)
            } else {
                if !first { io.output.writeLine() }
                first = false
                // The place of a request (its URL, body, cookies) is named as decode names it: one request gives one
                // block a place, all with the request's label.
                let form = (try? extraction.result.get()).map(\.form)
                let place = form.map { $0 == .string ? "" : $0.rawValue + " " } ?? ""
                writePretty(findings, place: place, label: extraction.label, style: style, to: io.output)
            }
        }
        return failed ? .failure : .success
    }

    /// The diagnostics of each string of an input, then its cross-checks; strings that do not decode and inputs
    /// that cannot be read are error-level findings.
    private func findings(_ extraction: InputExtractor.Extraction, io: CommandIO) -> [Finding] {
        let extracted: ExtractedInput
        switch extraction.result {
        case .failure(let error):
            return [Finding(source: nil, diagnostic: Diagnostic(.error, code: error.code, message: error.message))]
        case .success(let value):
            extracted = value
        }
        let decoded = DecodedInput(label: extraction.label, input: extracted, kind: options.kind)
        var findings: [Finding] = []
        let now = io.currentTime()
        for item in decoded.items {
            switch item.result {
            case .success(let value):
                findings += Codec.lint(value, now: now).map { Finding(source: item.signal.source, diagnostic: $0) }
            case .failure(let error):
                let diagnostic = Diagnostic(
                    .error,
                    code: error.code.description,
                    field: ErrorText.namesAField(error) ? error.fieldPath : "",
                    message: ErrorText.message(for: error, input: item.signal.text)
                )
                findings.append(Finding(source: item.signal.source, diagnostic: diagnostic))
            }
        }
        findings += CrossChecks.diagnostics(for: decoded).map { Finding(source: nil, diagnostic: $0) }
        findings += InAppKeyChecks.diagnostics(for: decoded).map { Finding(source: nil, diagnostic: $0) }
        findings += CMPDataChecks.diagnostics(for: decoded).map { Finding(source: nil, diagnostic: $0) }
        return findings.sorted { $0.diagnostic.severity < $1.diagnostic.severity }
    }

    private func writeJSON(_ findings: [Finding], input: String, to output: Output) {
        let diagnostics: [JSONValue] = findings.map { finding in
            var object = finding.diagnostic.jsonValue.objectValue ?? JSONObject()
            if let source = finding.source { object.append("source", .string(source)) }
            return .object(object)
        }
        let count = { (severity: Diagnostic.Severity) in
            Int64(findings.filter { $0.diagnostic.severity == severity }.count)
        }
        JSONOutput.writeLine(
            .object(
                JSONObject([
                    ("type", .string("lint")), ("input", .string(input)), ("errors", .int(count(.error))),
                    ("warnings", .int(count(.warning))), ("diagnostics", .array(diagnostics)),
                ])
            ),
            to: output
        )
    }

    private func writePretty(_ findings: [Finding], place: String, label: String, style: Style, to output: Output) {
        let errors = findings.filter { $0.diagnostic.severity == .error }.count
        let warnings = findings.filter { $0.diagnostic.severity == .warning }.count
        var summary = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if findings.isEmpty { summary = "no findings" }
        output.writeLine(style.heading(place + FailureReporter.shortened(label)) + "  " + style.note(summary))
        for finding in findings {
            output.writeLine("  " + diagnosticLine(finding.diagnostic, source: finding.source, style: style))
        }
    }
}
