import ConsentInput
import ConsentKit

/// `consent encode [JSON|@FILE|-]...`: JSON forms back to strings, one per line. Standard input and a file may hold
/// any number of documents (JSON Lines, or pretty-printed objects one after another).
struct EncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Turn the JSON form of `decode --json` back into the string"
    static let usage = HelpText.encodeUsage
    static let help = HelpText.encode

    /// The options; the operands are the documents, files of documents (`@FILE`) or standard input (`-`, or none).
    let options: CommandOptions

    /// Documents longer than this are refused, with an error. The longest JSON that `decode --json` prints for a
    /// TC string is 74 MB: 189 publisher restrictions (purposes 1 to 63, types 0 to 2; repeats are merged) and
    /// four vendor sets, each of all 65,535 ids, written in 1,753 characters; `jq` pretty-prints it in 187 MB.
    /// Only a GPP string that repeats its TC sections (lint's `duplicateSectionId`) prints a longer one. The
    /// memory of a run is that of one document: its text and its parsed form (some 470 MB for those 74 MB).
    static let defaultMaximumDocumentLength = 256 << 20

    /// The limit of this run (tests lower it).
    var maximumDocumentLength = EncodeCommand.defaultMaximumDocumentLength

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.defaults])
    }

    func run(io: CommandIO) -> ExitCode {
        let reporter = options.reporter(io: io)
        var failed = false
        var number = 0
        let encode = { (text: String?) in
            // Output that cannot be written (a reader gone, a full disk) ends the run: nothing after could reach it.
            guard !io.cannotWrite else { return }
            number += 1
            let label = "document \(number)"
            guard let text else {
                let limit = Self.byteCount(maximumDocumentLength)
                reporter.report(
                    InputError("tooLong", "longer than \(limit), the longest document encode reads"),
                    input: "",
                    label: label
                )
                failed = true
                return
            }
            if !encodeDocument(text, label: label, io: io, reporter: reporter) { failed = true }
        }
        for operand in options.operands.isEmpty ? ["-"] : options.operands {
            guard !io.cannotWrite else { break }
            // Blocks, not lines: a document may span lines, and its one line may be far longer than a line of
            // decode's input may be.
            var scanner = JSONDocumentScanner(limit: maximumDocumentLength)
            let documentsBefore = number
            if operand == "-" || operand == "@-" {
                io.input.forEachBlock { scanner.feed($0, encode) }
            } else if operand.hasPrefix("@") {
                switch io.readText(String(operand.dropFirst())) {
                case .success(let text): scanner.feed(text, encode)
                case .failure(let error):
                    reporter.report(error, input: operand, label: operand)
                    failed = true
                    continue
                }
            } else {
                encode(operand)
                continue
            }
            // What is left is a document cut short, unless the reading stopped because the output failed.
            if !io.cannotWrite { scanner.finish(encode) }
            // A file with no document is an input that holds nothing, as decode says of an empty file.
            if operand.hasPrefix("@"), number == documentsBefore {
                let path = operand.dropFirst()
                reporter.report(InputError("empty", "'\(path)' holds no JSON document"), input: operand, label: operand)
                failed = true
            }
        }
        return failed ? .failure : .success
    }

    /// `256 MiB`, or `1000 bytes` for a limit that is no whole number of MiB.
    private static func byteCount(_ count: Int) -> String {
        count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }

    /// Encodes one document; false when it failed (reported on standard error).
    private func encodeDocument(_ text: String, label: String, io: CommandIO, reporter: FailureReporter) -> Bool {
        do throws(ConsentError) {
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
            let encoded = Result { () throws(ConsentError) in
                try Codec.encode(json: options.defaults ? DefaultMembers.completing(json) : json)
            }
            switch encoded {
            case .success(let string):
                io.output.writeLine(string)
                return true
            case .failure(let error):
                // A completed document is no text the error can point in: the key that no member has is named.
                let unknown = options.defaults && error.code == .badJSON ? DefaultMembers.unknownKeys(in: json) : []
                guard let key = unknown.first else { throw error }
                let more = unknown.count > 1 ? " (and \(unknown.dropFirst().joined(separator: ", ")))" : ""
                let message = "the key \"\(key)\"\(more) is not one its object has (misspelt?)"
                reporter.report(InputError("badJSON", message), input: text, label: label)
                return false
            }
        } catch {
            reporter.report(error, input: text, label: label, source: nil)
            return false
        }
    }
}
