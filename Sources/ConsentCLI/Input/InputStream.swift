import ConsentInput

/// Walks the inputs of a command: its arguments, or, without any, the lines of standard input (streamed, blank
/// lines and `#` comments skipped, a curl command or a pretty-printed JSON document over several lines one input),
/// each turned into extractions.
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
        // An input written over several lines (a copied request, a pretty-printed document) goes on over the lines
        // after its first, as in a text file (``MultilineInput/Lines``): the number of its first line, and its text.
        var pending: (number: Int, input: MultilineInput)? = nil
        func extract(_ text: String, number: Int) {
            // A line is data, never a file name: `@/etc/passwd` in a log must not make the command read it.
            for extraction in InputExtractor.extract(inline: text, label: "line \(number)") {
                body(extraction, text)
            }
        }
        io.input.forEachLine { number, line in
            switch line {
            case .tooLong:
                if let joined = pending { extract(joined.input.text, number: joined.number) }
                pending = nil
                let error = InputError(
                    "tooLong",
                    "line \(number) is longer than \(LineReader.maximumLineLength >> 20) MiB"
                )
                body(InputExtractor.Extraction(label: "line \(number)", result: .failure(error)), "")
            case .text(let raw):
                let text = InputExtractor.trimmingLineEnd(raw)
                if var joined = pending {
                    // Held to the length of a line too (and by ``MultilineInput/append(_:)`` to a number of lines).
                    let goesOn =
                        joined.input.append(text) && joined.input.text.utf8.count <= LineReader.maximumLineLength
                    pending = goesOn ? joined : nil
                    if !goesOn { extract(joined.input.text, number: joined.number) }
                    return
                }
                if InputExtractor.isBlankOrComment(text) { return }
                if let bareString, InputExtractor.isBareString(text), bareString(text, { "line \(number)" }) { return }
                if let input = MultilineInput(firstLine: text) {
                    pending = (number, input)
                    return
                }
                extract(text, number: number)
            }
        }
        if let joined = pending { extract(joined.input.text, number: joined.number) }
    }
}
