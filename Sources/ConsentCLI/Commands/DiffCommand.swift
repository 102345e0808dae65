import ConsentInput
import ConsentKit

/// `consent diff [--json] [--kind K] FIRST SECOND`: how two strings differ in what they say (field by field, sets
/// of ids as the ids only one has), and, when they say the same, how they were written differently. Exit status 0
/// when they say the same, 1 when they differ or one does not decode.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Show how two strings differ: field by field, then in how they were written"
    static let usage = HelpText.diffUsage
    static let help = HelpText.diff

    /// The parsed options; the operands are the two inputs.
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.json, .kind])
        guard options.operands.count == 2 else {
            throw UsageError("diff compares two inputs, not \(options.operands.count)")
        }
    }

    func run(io: CommandIO) -> ExitCode {
        let reporter = options.reporter(io: io)
        var decoded: [(text: String, value: ConsentString)] = []
        for operand in options.operands {
            switch string(in: operand, io: io) {
            case .failure(let error):
                reporter.report(error, input: operand, label: operand)
            case .success(let signal):
                do throws(ConsentError) {
                    if let section = try carriedString(in: signal) {
                        decoded.append((signal.text, section))
                        continue
                    }
                    decoded.append((signal.text, try ConsentString(encoded: signal.text, kind: signal.kind)))
                } catch {
                    reporter.report(error, input: signal.text, label: operand, source: signal.source)
                }
            }
        }
        guard decoded.count == 2 else { return .failure }
        let comparison = Comparison(decoded[0].value, decoded[1].value, sameText: decoded[0].text == decoded[1].text)
        if options.json {
            io.output.writeLine(comparison.jsonValue().serialized())
        } else {
            io.output.write(comparison.text(style: options.style(for: io.output, io: io)))
        }
        return comparison.valueDifferences.isEmpty ? .success : .failure
    }

    /// With `--kind tcf` or `usp`, the TC or US Privacy string that `signal`, a GPP string, carries in its section 2
    /// (else 1, a v1.1 one) or 6: comparing a GPP string with a standalone string of that kind asks for it (it was
    /// read as a string of that kind, and failed: `tcf badVersion ... value 3`). Nil for any other signal.
    /// - Throws: the GPP string's error, or `unknownFormat` when it carries no such section.
    private func carriedString(in signal: ConsentSignal) throws(ConsentError) -> ConsentString? {
        guard let kind = options.kind, kind == .tcf || kind == .usp,
            (try? ConsentString.detectFormat(of: signal.text)) == .gpp,
            case .gpp(let gpp) = try ConsentString(encoded: signal.text, kind: .gpp)
        else { return nil }
        if kind == .tcf, let tcString = gpp.tcfEuV2 { return .tcf(.v2(tcString)) }
        if kind == .tcf, let legacy = gpp.tcfEuV1 { return .tcf(.legacy(legacy)) }
        if kind == .usp, let usPrivacy = gpp.usPrivacy { return .usp(usPrivacy) }
        throw ConsentError(.unknownFormat, format: kind, field: kind == .tcf ? "tcfeuv2" : "uspv1")
    }

    /// The one string of an input (of `--kind`, when given). With `--kind tcf` or `usp`, an input that has no string
    /// of that kind but a GPP string (a URL's `gpp=`) gives that, for the string its section carries.
    private func string(in operand: String, io: CommandIO) -> Result<ConsentSignal, InputError> {
        var signals: [ConsentSignal] = []
        var gppSignals: [ConsentSignal] = []
        let carriesKind = options.kind == .tcf || options.kind == .usp
        for extraction in InputExtractor.extract(operand, io: io) {
            switch extraction.result {
            case .failure(let error): return .failure(error)
            case .success(let input):
                signals += DecodedInput.signals(of: input, kind: options.kind).signals
                if carriesKind { gppSignals += DecodedInput.signals(of: input, kind: .gpp).signals }
            }
        }
        if signals.isEmpty { signals = gppSignals }
        // The same string in two places (a request's body and its cookie) is one string.
        var distinct: [ConsentSignal] = []
        for signal in signals where !distinct.contains(where: { $0.text == signal.text }) { distinct.append(signal) }
        guard distinct.count == 1 else {
            guard !distinct.isEmpty else { return .failure(InputError("notOneString", "holds no string, not one")) }
            let places = distinct.map { $0.source ?? "a bare string" }.joined(separator: ", ")
            let choose = options.kind == nil ? "choose one with --kind, or give" : "give"
            return .failure(
                InputError(
                    "notOneString",
                    "holds \(distinct.count) strings (\(places)), not one: \(choose) the one to compare as itself"
                )
            )
        }
        return .success(distinct[0])
    }

    /// What two decoded strings have in common and not.
    struct Comparison {
        /// The strings' kinds.
        var kinds: (ConsentFormat, ConsentFormat)
        /// Where their values differ (their JSON forms, `encoding` left out).
        var valueDifferences: [JSONDifference]
        /// Where the records of how they were written differ (`encoding`, the texts themselves left out).
        var encodingDifferences: [JSONDifference]
        /// True when the two texts are the same.
        var sameText: Bool

        init(_ first: ConsentString, _ second: ConsentString, sameText: Bool) {
            kinds = (first.format, second.format)
            self.sameText = sameText
            guard first.format == second.format else {
                // Fields of two kinds do not pair up (a TC string's version against a GPP header's): the kinds are
                // the difference, in the JSON as in the text.
                let kind = { (format: ConsentFormat) in JSONValue.string(format.rawValue) }
                valueDifferences = [
                    JSONDifference(path: "type", first: kind(first.format), second: kind(second.format))
                ]
                encodingDifferences = []
                return
            }
            let (firstValue, firstEncoding) = Self.split(first.jsonValue())
            let (secondValue, secondEncoding) = Self.split(second.jsonValue())
            valueDifferences = JSONDifference.between(firstValue, secondValue)
            encodingDifferences = JSONDifference.between(firstEncoding, secondEncoding, pairsRestrictions: false)
        }

        /// A JSON form without its `encoding` objects (the string's and each GPP section's), and those objects
        /// without the texts they record (`original`, `text`, a GPP string's `header`), which differ whenever
        /// anything does. The records keep their places (`sections.tcfeuv2.encoding.segments`, as decode prints
        /// them); a record left empty (a `uspv1` section's has only its text) is left out.
        private static func split(_ json: JSONValue) -> (value: JSONValue, encoding: JSONValue) {
            guard var object = json.objectValue else { return (json, .null) }
            var encoding = JSONObject()
            if var own = object["encoding"]?.objectValue {
                own["original"] = nil
                own["text"] = nil
                own["header"] = nil
                if own.count > 0 { encoding.append("encoding", .object(own)) }
                object["encoding"] = nil
            }
            if var sections = object["sections"]?.objectValue {
                var sectionEncodings = JSONObject()
                for (key, section) in sections {
                    let (value, sectionEncoding) = split(section)
                    sections[key] = value
                    if case .object(let inner) = sectionEncoding, inner.count > 0 {
                        sectionEncodings.append(key, sectionEncoding)
                    }
                }
                object["sections"] = .object(sections)
                if sectionEncodings.count > 0 { encoding.append("sections", .object(sectionEncodings)) }
            }
            return (.object(object), .object(encoding))
        }

        /// `{"type": "diff", "same": bool, "sameText": bool, "differences": [...], "encodingDifferences": [...]}`.
        func jsonValue() -> JSONValue {
            .object(
                JSONObject([
                    ("type", .string("diff")), ("same", .bool(valueDifferences.isEmpty)), ("sameText", .bool(sameText)),
                    ("differences", .array(valueDifferences.map { $0.jsonValue() })),
                    ("encodingDifferences", .array(encodingDifferences.map { $0.jsonValue() })),
                ])
            )
        }

        /// A heading line, then a line per difference.
        func text(style: Style) -> String {
            var lines: [String] = []
            if sameText {
                lines.append(style.heading("The same string."))
            } else if kinds.0 != kinds.1 {
                lines.append(style.heading("Strings of two kinds: \(kinds.0.rawValue) and \(kinds.1.rawValue)."))
            } else if valueDifferences.isEmpty {
                lines.append(style.heading("The same values, written differently:"))
                lines += encodingDifferences.map { "  " + $0.line }
                if encodingDifferences.isEmpty { lines.append("  (in ways the encoding record does not show)") }
            } else {
                let count = valueDifferences.count
                lines.append(style.heading("\(count) difference\(count == 1 ? "" : "s") in what they say:"))
                lines += valueDifferences.map { "  " + $0.line }
                if !encodingDifferences.isEmpty {
                    lines.append(style.heading("and in how they were written:"))
                    lines += encodingDifferences.map { "  " + $0.line }
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
