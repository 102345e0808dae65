/// The lines of a text, one at a time and without copying it: each ends at a `\n`, which is not part of it, and a
/// `\r` before the `\n` is dropped too, so a Windows file reads as a Unix one. The text after the last `\n` is a
/// line of its own (empty when the text ends with `\n`), as `split(omittingEmptySubsequences: false)` on "\n" and
/// "\r\n" gives; unlike that split, nothing is built for the lines not yet read, so a file of millions of lines
/// costs one line at a time.
package struct TextLines: Sequence {
    /// The text cut into lines.
    package let text: Substring

    /// The lines of `text`.
    package init(_ text: some StringProtocol) { self.text = Substring(text) }

    /// The lines in order.
    package func makeIterator() -> Iterator { Iterator(text: text) }

    /// Hands out the lines one after another.
    package struct Iterator: IteratorProtocol {
        private let text: Substring
        /// Where the next line starts; nil once the last line was handed out.
        private var start: String.Index?

        fileprivate init(text: Substring) {
            self.text = text
            self.start = text.startIndex
        }

        /// The next line, or nil after the last.
        package mutating func next() -> Substring? {
            guard let lineStart = start else { return nil }
            let utf8 = text.utf8
            // `\n` is one byte that no other character's encoding contains, so its index is a character boundary
            // (`\r\n` is one Character, and the `\r` is dropped below).
            guard let newline = utf8[lineStart...].firstIndex(of: 0x0A) else {
                start = nil
                return text[lineStart...]
            }
            start = utf8.index(after: newline)
            var end = newline
            if end > lineStart, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            return text[lineStart..<end]
        }
    }
}
