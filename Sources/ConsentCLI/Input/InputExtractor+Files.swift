import ConsentInput

extension InputExtractor {
    /// The inputs that `argument` stands for: one, or, for `@FILE`, the file read through `io` (one document,
    /// or one input per line of a text file).
    static func extract(_ argument: String, io: CommandIO) -> [Extraction] {
        var extractions: [Extraction] = []
        forEachExtraction(argument, io: io) { extractions.append($0) }
        return extractions
    }

    /// Calls `body` with each input that `argument` stands for, as ``extract(_:io:)`` lists them, one at a time: a
    /// text file of millions of lines is never held as millions of extractions. `bareLine`, when given, sees each
    /// line of a text file that is a bare string first (``forEachExtraction(file:content:bareLine:_:)``).
    static func forEachExtraction(
        _ argument: String,
        io: CommandIO,
        bareLine: ((_ text: String, _ label: String) -> Bool)? = nil,
        _ body: (Extraction) -> Void
    ) {
        // A byte order mark is no part of an argument either: `"$(cat prefs.json)"` of a file an editor wrote with
        // one (a file or standard input drops it where it starts).
        var text = trimmingLineEnd(argument)
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        guard text.hasPrefix("@") else {
            extract(inline: text, label: nil).forEach(body)
            return
        }
        let path = String(text.dropFirst())
        switch io.readFile(path) {
        case .failure(let error):
            body(Extraction(label: text, result: .failure(InputError("unreadableFile", error.description))))
        case .success(let content):
            // A byte order mark is no part of the first line of a text file (documents skip it themselves).
            forEachExtraction(file: path, content: ByteOrderMark.dropped(from: content), bareLine: bareLine, body)
        }
    }
}
