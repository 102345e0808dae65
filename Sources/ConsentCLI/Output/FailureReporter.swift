import ConsentInput
import ConsentKit

/// Reports inputs that fail: one line on standard error each (`error: <input>: <kind> <code>: <message>`), or,
/// with `--json`, the error object of spec/json.md on standard output, in line with the results.
struct FailureReporter {
    /// Where to write.
    let io: CommandIO
    /// True in `--json` mode.
    let json: Bool
    /// Styling of standard error.
    let style: Style

    /// Labels longer than this are shortened in messages.
    static let labelLimit = 48

    /// A string that did not decode.
    func report(_ error: ConsentError, input: String, label: String, source: String?) {
        if json {
            JSONOutput.writeLine(JSONOutput.errorObject(input: input, source: source, error: error), to: io.output)
        } else {
            line(style.failure("error:"), label: label, source: source, text: ErrorText.line(for: error, input: input))
        }
    }

    /// An input from which nothing could be read.
    func report(_ error: InputError, input: String, label: String) {
        if json {
            JSONOutput.writeLine(JSONOutput.errorObject(input: input, error: error), to: io.output)
        } else {
            line(style.failure("error:"), label: label, source: nil, text: "\(error.code): \(error.message)")
        }
    }

    /// A finding printed on standard error (decode's cross-checks in `--json` mode).
    func note(_ diagnostic: Diagnostic, label: String) {
        let prefix =
            diagnostic.severity == .error ? style.failure("error:") : style.warning("\(diagnostic.severity.rawValue):")
        line(
            prefix,
            label: label,
            source: nil,
            text: "\(diagnostic.code)" + (diagnostic.field.isEmpty ? "" : " (\(diagnostic.field))")
                + ": \(diagnostic.message)"
        )
    }

    private func line(_ prefix: String, label: String, source: String?, text: String) {
        // An empty input is shown as '' ("error: : empty" read like a stray colon).
        var where_ = label.isEmpty ? "''" : FailureReporter.shortened(label)
        if let source { where_ += " (\(source))" }
        // Results so far first, so that a terminal shows messages next to the input they concern.
        io.output.flush()
        io.error.writeLine("\(prefix) \(where_): \(text.visibleInTerminal)")
        io.error.flush()
    }

    /// `CPXxRfAPXxRfAAfKABENB-Cg…AAAAAAAA` for long labels.
    static func shortened(_ label: String) -> String {
        let shown = label.count > labelLimit ? String(label.prefix(28)) + "…" + String(label.suffix(12)) : label
        return shown.visibleInTerminal
    }
}
