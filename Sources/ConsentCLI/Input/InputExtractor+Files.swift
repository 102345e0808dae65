import ConsentInput

extension InputExtractor {
    /// The inputs that `argument` stands for: one, or, for `@FILE`, the file read through `io` (one document,
    /// or one input per line of a text file).
    static func extract(_ argument: String, io: CommandIO) -> [Extraction] {
        var extractions: [Extraction] = []
        forEachExtraction(argument, io: io) { extractions.append($0) }
        return extractions
    }

    /// The input an argument writes: without the line end a copied line may keep, and without a byte order mark
    /// at its start, which is no part of it either (`"$(cat prefs.json)"` of a file an editor wrote with one; a file
    /// or standard input drops it where it starts).
    static func argumentText(_ argument: String) -> String {
        var text = trimmingLineEnd(argument)
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }

    /// Calls `body` with each input that `argument` stands for, as ``extract(_:io:)`` lists them, one at a time: a
    /// text file of millions of lines is never held as millions of extractions. `bareLine` and `stop` are for the
    /// lines of a text file (``forEachExtraction(file:content:bareLine:until:_:)``).
    static func forEachExtraction(
        _ argument: String,
        io: CommandIO,
        bareLine: BareLineHandler? = nil,
        until stop: () -> Bool = { false },
        _ body: (Extraction) -> Void
    ) {
        let text = argumentText(argument)
        guard text.hasPrefix("@") else {
            extract(inline: text, label: nil).forEach(body)
            return
        }
        let path = String(text.dropFirst())
        switch io.readText(path) {
        case .failure(let error): body(Extraction(label: text, result: .failure(error)))
        case .success(let content):
            forEachExtraction(file: path, content: content, bareLine: bareLine, until: stop, body)
        }
    }
}
