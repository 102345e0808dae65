import ConsentInput
import ConsentKit

/// `consent encode [JSON|-]`: JSON forms back to strings, one per line. Standard input may hold any number of
/// documents (JSON Lines, or pretty-printed objects one after another).
struct EncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Turn the JSON form of `decode --json` back into the string"
    static let usage = HelpText.encodeUsage
    static let help = HelpText.encode

    /// The options; the operands are the documents (none: standard input).
    let options: CommandOptions

    /// Documents longer than this are refused (a TC string's JSON with every vendor is about half a megabyte).
    static let maximumDocumentLength = 16 << 20

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [])
    }

    func run(io: CommandIO) -> ExitCode {
        let reporter = options.reporter(io: io)
        var failed = false
        var number = 0
        let encode = { (text: String?) in
            number += 1
            guard let text else {
                let limit = "\(EncodeCommand.maximumDocumentLength >> 20) MiB"
                reporter.report(InputError("tooLong", "longer than \(limit)"), input: "", label: "document \(number)")
                failed = true
                return
            }
            if !encodeDocument(text, label: "document \(number)", io: io, reporter: reporter) { failed = true }
        }
        if !options.operands.isEmpty {
            for document in options.operands { encode(document) }
        } else {
            var scanner = JSONDocumentScanner(limit: EncodeCommand.maximumDocumentLength)
            io.input.forEachLine { _, line in
                guard case .text(let text) = line else {
                    failed = true
                    return
                }
                scanner.feed(text.utf8, encode)
                scanner.feed(CollectionOfOne(0x0A), encode)
            }
            scanner.finish(encode)
        }
        return failed ? .failure : .success
    }

    /// Encodes one document; false when it failed (reported on standard error).
    private func encodeDocument(_ text: String, label: String, io: CommandIO, reporter: FailureReporter) -> Bool {
        do {
            let json = try JSONValue(parsing: text)
            if json["type"]?.stringValue == "error" {
                let message = json["error"]?["message"]?.stringValue ?? "no message"
                reporter.report(
                    InputError("errorDocument", "an error object from decode, not a string: \(message)"),
                    input: text,
                    label: label
                )
                return false
            }
            io.output.writeLine(try Codec.encode(json: json))
            return true
        } catch {
            reporter.report(error, input: text, label: label, source: nil)
            return false
        }
    }
}
