/// One input written over several lines of a text file or of standard input, its lines joined: a copied request
/// (``CopiedRequest``: its quotes, brackets or line continuations say it goes on), a pretty-printed document
/// (``PrettyPrintedDocument``: its first line is `{` alone) or app preferences as XML (``PrintedXMLDocument``).
package struct MultilineInput: Sendable {
    /// The lines read so far, joined by `\n`.
    package private(set) var text: String
    /// How the input is written, which says where it ends.
    private var form: Form
    /// The lines read so far.
    private var lineCount = 1

    private enum Form {
        case request(CopiedRequest)
        case document(PrettyPrintedDocument)
        case xml(PrintedXMLDocument)
    }

    /// The input that starts with `line` and goes on over the lines after it; nil when `line` is an input on its own.
    package init?(firstLine line: String) {
        if let notation = CopiedRequest(firstLine: line) {
            guard notation.continues(line) else { return nil }
            form = .request(notation)
        } else if let document = PrettyPrintedDocument(firstLine: line) {
            form = .document(document)
        } else if let document = PrintedXMLDocument(firstLine: line) {
            form = .xml(document)
        } else {
            return nil
        }
        text = line
    }

    /// True when `text`, an input as ``text`` gives it or a line, is written over several lines by a notation that
    /// names its inputs by their first line (``CopiedRequest``, ``PrettyPrintedDocument``, ``PrintedXMLDocument``)
    /// rather than by their text.
    package static func isJoined(_ text: String) -> Bool {
        var lines = TextLines(text).makeIterator()
        let first = lines.next() ?? ""
        return CopiedRequest(firstLine: text) != nil || PrettyPrintedDocument.opens(first)
            || PrintedXMLDocument(firstLine: first) != nil
    }

    /// Adds the next line; returns true when the input goes on after it. Held to ``CopiedRequest/maximumLines``,
    /// ``PrettyPrintedDocument/maximumLines`` or ``PrintedXMLDocument/maximumLines``: a quote, a bracket or an element
    /// that never closes must not take the rest of the input.
    package mutating func append(_ line: some StringProtocol) -> Bool {
        text += "\n"
        text += line
        lineCount += 1
        switch form {
        case .request(let notation):
            return lineCount < CopiedRequest.maximumLines && notation.continues(text)
        case .document(var document):
            document.read(line)
            form = .document(document)
            return lineCount < PrettyPrintedDocument.maximumLines && document.isOpen
        case .xml(var document):
            document.read(line)
            form = .xml(document)
            return lineCount < PrintedXMLDocument.maximumLines && document.isOpen
        }
    }

    /// The lines of a text (``TextLines``), but an input written over several lines (a copied request, a
    /// pretty-printed document) joined into one, so that each of them is one input wherever it stands among the other
    /// lines of a file.
    package struct Lines: Sequence, IteratorProtocol {
        private var lines: EnumeratedSequence<TextLines>.Iterator

        /// The lines of `text`.
        package init(_ text: some StringProtocol) { lines = TextLines(text).enumerated().makeIterator() }

        /// The next line or joined input, with the number of its first line.
        package mutating func next() -> (lineNumber: Int, text: String)? {
            guard let (index, line) = lines.next() else { return nil }
            let text = String(line)
            guard var input = MultilineInput(firstLine: text) else { return (index + 1, text) }
            while let (_, more) = lines.next(), input.append(more) {}
            return (index + 1, input.text)
        }
    }
}
