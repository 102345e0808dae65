import ConsentInput

/// Walks the inputs of a command: its arguments, or, without any, the lines of standard input (streamed, blank
/// lines and `#` comments skipped, a curl command over several lines one input), each turned into extractions.
/// Only arguments may name files (`@FILE`, and `@-` for standard input read whole).
struct InputStream {
    /// The arguments; empty means standard input.
    var arguments: [String]
    /// Where standard input and files come from.
    var io: CommandIO

    /// Calls `body` with each extraction and the input text it came from: the argument, the line of standard input,
    /// or, for an `@FILE` that holds several inputs, the line of the file or the label of the entry
    /// (`@log.har:2 GET ...`), so that JSON results of one file can be told apart. `bareString`, when given, sees
    /// each line of standard input or of a text file that is a bare string first, with the label that names it
    /// (`line 3`, `@list.txt:3`), and returns true when it handled it (the batch fast path). Overlong lines reach
    /// `body` as failed extractions.
    func forEach(
        bareString: InputExtractor.BareLineHandler? = nil,
        _ body: (_ extraction: InputExtractor.Extraction, _ input: String) -> Void
    ) {
        guard !arguments.isEmpty else {
            forEachLineOfStandardInput(bareString: bareString, body)
            return
        }
        for argument in arguments {
            // Output that cannot be written (a full disk) ends the run: what comes after could not reach it.
            if io.cannotWrite { return }
            // `-` among other inputs is standard input, read where it stands (once: a second `-` finds its end).
            if argument == "-" {
                forEachLineOfStandardInput(bareString: bareString, body)
                continue
            }
            let text = InputExtractor.argumentText(argument)
            let fromFile = text.hasPrefix("@")
            InputExtractor.forEachExtraction(
                argument,
                io: io,
                bareLine: bareString,
                until: { io.cannotWrite }
            ) { extraction in
                if io.cannotWrite { return }
                body(extraction, fromFile ? extraction.line ?? extraction.label : text)
            }
        }
    }

    private func forEachLineOfStandardInput(
        bareString: InputExtractor.BareLineHandler?,
        _ body: (_ extraction: InputExtractor.Extraction, _ input: String) -> Void
    ) {
        // A copied request (a curl command, a fetch call, a PowerShell command) goes on over the lines after it, as in
        // a text file (``CopiedRequest/Lines``): its first line, its text so far and how it is written.
        var command: (number: Int, text: String, notation: CopiedRequest, lines: Int)? = nil
        func extract(_ text: String, number: Int) {
            // A line is data, never a file name: `@/etc/passwd` in a log must not make the command read it.
            for extraction in InputExtractor.extract(inline: text, label: "line \(number)") {
                body(extraction, text)
            }
        }
        io.input.forEachLine { number, line in
            switch line {
            case .tooLong:
                if let pending = command { extract(pending.text, number: pending.number) }
                command = nil
                let error = InputError(
                    "tooLong",
                    "line \(number) is longer than \(LineReader.maximumLineLength >> 20) MiB"
                )
                body(InputExtractor.Extraction(label: "line \(number)", result: .failure(error)), "")
            case .text(let raw):
                let text = InputExtractor.trimmingLineEnd(raw)
                if var pending = command {
                    pending.text += "\n" + text
                    pending.lines += 1
                    // Held to the length of a line and to ``CopiedRequest/maximumLines``: a quote that never closes
                    // must not take the rest of the input.
                    let goesOn =
                        pending.text.utf8.count <= LineReader.maximumLineLength
                        && pending.lines < CopiedRequest.maximumLines
                    command = goesOn && pending.notation.continues(pending.text) ? pending : nil
                    if command == nil { extract(pending.text, number: pending.number) }
                    return
                }
                if InputExtractor.isBlankOrComment(text) { return }
                if let bareString, InputExtractor.isBareString(text), bareString(text, { "line \(number)" }) { return }
                if let notation = CopiedRequest(firstLine: text), notation.continues(text) {
                    command = (number, text, notation, 1)
                    return
                }
                extract(text, number: number)
            }
        }
        if let pending = command { extract(pending.text, number: pending.number) }
    }
}
