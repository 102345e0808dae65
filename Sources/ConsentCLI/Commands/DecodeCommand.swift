import ConsentCache
import ConsentInput
import ConsentKit

/// `consent decode [--json] [--kind K] [--strict] [--field PATH ...] [--gvl FILE] [--no-cache] [INPUT...]`: every
/// string of every input, as a tree for people, as the JSON form (one object per line), or as the members `--field`
/// names (one line a string). Without INPUT, one input per line of standard input, streamed; with `--json`, a bare
/// string seen before is printed from a cache of JSON lines.
struct DecodeCommand: Command {
    static let name = "decode"

    /// The parsed options and inputs (no input: standard input).
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.json, .kind, .strict, .vendorList, .noCache, .field])
    }

    func run(io: CommandIO) -> ExitCode {
        var vendorList: VendorList?
        if let vendorListPath = options.vendorListPath {
            do {
                vendorList = try VendorList.load(path: vendorListPath, io: io)
            } catch {
                return reportSetupError("--gvl: " + error.message, io: io)
            }
        }
        let session = DecodeSession(command: self, io: io, vendorList: vendorList)
        if options.operands.isEmpty && io.input.isTerminal && !options.json {
            io.error.writeLine(
                "Reading inputs from standard input, one per line (end with Ctrl-D). See 'consent decode --help'."
            )
            io.error.flush()
        }
        InputStream(arguments: options.operands, io: io).forEach(
            bareString: options.json && options.fields.isEmpty
                ? { text, label in session.decodeBareLine(text, label: label) } : nil
        ) { extraction, input in
            session.decode(extraction, input: input)
        }
        session.warnAboutFieldsNeverFound()
        return session.failed ? .failure : .success
    }
}

/// The state of one `decode` run: its printers and whether anything failed.
final class DecodeSession {
    let command: DecodeCommand
    let io: CommandIO
    let printer: PrettyPrinter
    let reporter: FailureReporter
    private(set) var failed = false
    private var inputCount = 0
    /// With `--field`: the strings printed, and the fields (by index) that some string had.
    private var decodedCount = 0
    private var fieldsFound: Set<Int> = []
    /// The JSON line (or the error) of each bare string of standard input or of a text file, by its text; nil with
    /// `--no-cache`.
    private let jsonLines: DerivedTextCache?
    /// Where a JSON line is rendered before it is kept.
    private let scratch = Output(.memory)

    /// What the cache of JSON lines may hold: the distinct strings of a few minutes of a bid stream. An entry
    /// costs its string and its JSON line (some 10 KB for a typical TC string).
    static let cacheLimits = CacheLimits(maxEntries: 10_000, maxBytes: 64 << 20)

    init(command: DecodeCommand, io: CommandIO, vendorList: VendorList?) {
        self.command = command
        self.io = io
        printer = PrettyPrinter(style: command.options.style(for: io.output, io: io), vendorList: vendorList)
        reporter = FailureReporter(
            io: io,
            json: command.options.json,
            style: command.options.style(for: io.error, io: io)
        )
        jsonLines = command.options.json && command.options.cache ? DerivedTextCache(limits: Self.cacheLimits) : nil
    }

    /// A bare string on a line of standard input or of a text file in `--json` mode, named by `label` in a message
    /// (made only for one): decoded and printed without the rest of the input machinery (the batch fast path). A
    /// string seen before prints its cached JSON line, the same bytes.
    func decodeBareLine(_ text: String, label: () -> String) -> Bool {
        guard let jsonLines else {
            do {
                let decoded = try Codec.decode(text, kind: command.options.kind, strict: command.options.strict)
                JSONOutput.writeLine(decoded.json, to: io.output)
            } catch {
                reportBareLine(error, text: text, label: label())
            }
            return true
        }
        let result: Result<String, ConsentError>
        if let cached = jsonLines.result(for: text) {
            result = cached
        } else {
            result = Result { () throws(ConsentError) in
                let decoded = try Codec.decode(text, kind: command.options.kind, strict: command.options.strict)
                scratch.removeAll()
                JSONOutput.write(decoded.json, to: scratch)
                return scratch.text
            }
            jsonLines.keep(result, for: text)
        }
        switch result {
        case .success(let line): io.output.writeLine(line)
        case .failure(let error): reportBareLine(error, text: text, label: label())
        }
        return true
    }

    private func reportBareLine(_ error: ConsentError, text: String, label: String) {
        failed = true
        reporter.report(error, input: text, label: label, source: nil)
    }

    /// One input: its strings printed (or their errors reported), then the cross-checks.
    func decode(_ extraction: InputExtractor.Extraction, input: String) {
        guard let decoded = command.options.decoded(extraction, input: input, reporting: reporter) else {
            failed = true
            printFailureFields(origin: FieldPath.Origin(input: input, label: extraction.label, source: nil))
            return
        }
        if decoded.hasFailures { failed = true }
        let findings = CrossChecks.diagnostics(for: decoded)
        if !command.options.fields.isEmpty {
            for item in decoded.items {
                let origin = FieldPath.Origin(
                    input: input,
                    label: extraction.label,
                    source: decoded.input.form == .string ? nil : item.signal.source
                )
                switch item.result {
                case .success(let value):
                    printFields(of: value.json, origin: origin)
                case .failure(let error):
                    reporter.report(error, input: item.signal.text, label: extraction.label, source: item.signal.source)
                    printFailureFields(origin: origin)
                }
            }
            for finding in findings { reporter.note(finding, label: extraction.label) }
            return
        }
        if command.options.json {
            for item in decoded.items {
                switch item.result {
                case .success(let value): JSONOutput.writeLine(value.json, to: io.output)
                case .failure(let error):
                    reporter.report(error, input: item.signal.text, label: extraction.label, source: item.signal.source)
                }
            }
            for finding in findings { reporter.note(finding, label: extraction.label) }
            return
        }
        printPretty(decoded, findings: findings)
    }

    /// The `--field` members of one string's JSON form (and of its `origin`): its values separated by tabs, or with
    /// `--json` a JSON array.
    private func printFields(of json: JSONValue, origin: FieldPath.Origin) {
        let values = command.options.fields.map { $0.value(in: json, origin: origin) }
        for (index, value) in values.enumerated() where value != nil { fieldsFound.insert(index) }
        decodedCount += 1
        if command.options.json {
            JSONOutput.writeLine(.array(values.map { $0 ?? .null }), to: io.output)
        } else {
            io.output.writeLine(values.map(FieldPath.text(of:)).joined(separator: "\t"))
        }
    }

    /// With `--field`, the line of a string (or an input) that failed, so that the output keeps one line a string
    /// and lines up with its input (`paste`): the `@` members filled in, the others empty (`null` says that a decoded
    /// string has no such member). With `--json` the error object, already written to standard output, is the line.
    private func printFailureFields(origin: FieldPath.Origin) {
        guard !command.options.fields.isEmpty, !command.options.json else { return }
        let values = command.options.fields.map { field in
            field.isOrigin ? FieldPath.text(of: field.value(in: .null, origin: origin)) : ""
        }
        io.output.writeLine(values.joined(separator: "\t"))
    }

    /// After the run: a warning for each `--field` that no decoded string has (a misspelt key prints `null` on every
    /// line otherwise, without a word).
    func warnAboutFieldsNeverFound() {
        guard decodedCount > 0 else { return }
        for (index, field) in command.options.fields.enumerated() where !fieldsFound.contains(index) && !field.isOrigin
        {
            io.error.writeLine(
                "warning: --field \(field.text): no string had it (the keys are those of consent decode --json)"
            )
        }
    }

    private func printPretty(_ decoded: DecodedInput, findings: [Diagnostic]) {
        let style = printer.style
        var lines: [String] = []
        for item in decoded.items {
            switch item.result {
            case .success(let value):
                if !lines.isEmpty { lines.append("") }
                let source = decoded.input.form == .string ? nil : item.signal.source
                lines += printer.render(value.json, kind: value.kind, text: item.signal.text, source: source)
            case .failure(let error):
                reporter.report(error, input: item.signal.text, label: decoded.label, source: item.signal.source)
            }
        }
        if !findings.isEmpty {
            lines.append(style.heading("checks"))
            lines += findings.map { "  " + diagnosticLine($0, style: style) }
        }
        if decoded.input.form != .string {
            let count = printer.count(decoded.items.count, "consent string")
            let heading =
                style.heading(decoded.input.form.rawValue) + " " + style.note(FailureReporter.shortened(decoded.label))
            lines.insert(heading + ": \(count)", at: 0)
        }
        guard !lines.isEmpty else { return }
        if inputCount > 0 { io.output.writeLine() }
        inputCount += 1
        for line in lines { io.output.writeLine(line) }
        io.output.flush()
    }
}
