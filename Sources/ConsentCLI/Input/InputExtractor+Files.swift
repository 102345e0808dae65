import ConsentInput

extension InputExtractor {
    /// The inputs that `argument` stands for: one, or, for `@FILE`, the file read through `io` (one document,
    /// or one input per line of a text file).
    static func extract(_ argument: String, io: CommandIO) -> [Extraction] {
        let text = trimmingLineEnd(argument)
        guard text.hasPrefix("@") else {
            return extract(inline: text, label: nil)
        }
        let path = String(text.dropFirst())
        switch io.readFile(path) {
        case .failure(let error):
            return [Extraction(label: text, result: .failure(InputError("unreadableFile", error.description)))]
        case .success(let content):
            // A byte order mark is no part of the first line of a text file (documents skip it themselves).
            return extract(file: path, content: ByteOrderMark.dropped(from: content))
        }
    }
}
