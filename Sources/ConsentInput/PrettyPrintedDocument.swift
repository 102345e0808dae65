/// A document printed over several lines with its opening brace alone on the first line: JSON as `jq .`,
/// `JSON.stringify(value, null, 2)` and a browser's "Copy object" print it (a bid request, what a CMP API returned),
/// and app preferences as `defaults read` and `plutil -p` print them. It ends on the line whose bracket closes that
/// brace; its lines are read one at a time, each once.
///
/// A line that is `{` alone is no input of its own, so taking it as the start of a document changes the reading of
/// no text that was read before.
package struct PrettyPrintedDocument: Sendable {
    /// Brackets (`{`, `[`, `(`) opened outside strings and not yet closed, from the first line's brace on.
    private var scanner = JavaScriptScanner()

    /// The most lines one document is read over: a pretty-printed bid request of many impressions has a few
    /// hundred. A brace that never closes takes no more of the input than this.
    package static let maximumLines = 10_000

    /// The document whose first line is `line`; nil unless `line` is `{` alone (white space after it allowed).
    package init?(firstLine line: some StringProtocol) {
        guard PrettyPrintedDocument.opens(line) else { return nil }
        scanner.read(UInt8(ascii: "{"))
    }

    /// True when `line` is an opening brace alone (white space after it allowed): the first line of a document.
    package static func opens(_ line: some StringProtocol) -> Bool {
        var bytes = line.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "{") else { return false }
        while let byte = bytes.next() {
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return false }
        }
        return true
    }

    /// True when the first line of `text` is an opening brace alone (``opens(_:)``): `text` starts a document.
    package static func starts(_ text: some StringProtocol) -> Bool {
        var lines = TextLines(text).makeIterator()
        return lines.next().map(opens) ?? false
    }

    /// True until a line has closed the first brace.
    package var isOpen: Bool { scanner.depth > 0 }

    /// Reads the next line (after the first), counting the brackets outside strings (in double quotes, or in single
    /// quotes as JavaScript writes them). A string ends at the end of its line at the latest
    /// (``JavaScriptScanner/endLine()``).
    package mutating func read(_ line: some StringProtocol) {
        for byte in line.utf8 {
            scanner.read(byte)
            if scanner.depth <= 0 { return }
        }
        scanner.endLine()
    }

    /// True when `text` starts with a document (its first line `{` alone) that closes before text that is not white
    /// space: a file of several documents, one after another (`jq .` of JSON Lines), rather than one.
    package static func isFollowedByMore(in text: some StringProtocol) -> Bool {
        guard var lines = linesAfterTheDocument(startingIn: text) else { return false }
        while let line = lines.next() {
            if line.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { return true }
        }
        return false
    }

    /// True when `text` starts with a document (its first line `{` alone) that no line closes: one cut short, or
    /// one that took the lines after it in.
    package static func isUnclosed(_ text: some StringProtocol) -> Bool {
        starts(text) && linesAfterTheDocument(startingIn: text) == nil
    }

    /// The lines of `text` after the line that closes the document it starts with; nil when it starts with none, or
    /// with one that does not close.
    private static func linesAfterTheDocument(startingIn text: some StringProtocol) -> TextLines.Iterator? {
        var lines = TextLines(text).makeIterator()
        guard let first = lines.next(), var document = PrettyPrintedDocument(firstLine: first) else { return nil }
        while document.isOpen {
            guard let line = lines.next() else { return nil }
            document.read(line)
        }
        return lines
    }
}
