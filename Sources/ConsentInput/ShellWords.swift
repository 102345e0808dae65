/// Words as a POSIX shell splits a command line: white space separates them; `'...'` holds text as it is;
/// `"..."` holds text in which `\` escapes `"`, `\`, `$` and `` ` ``; `$'...'` holds text with C escapes (`\n`,
/// `\t`, `\'`, `\\`, `\xHH`, `\uHHHH`; an unknown one kept as written), as browsers write bodies; outside
/// quotes `\` escapes the next character, and a `\` (or cmd's `^`) at the end of a line continues the command.
package enum ShellWords {
    /// The words of `text`; nil when a quote does not close.
    package static func split(_ text: String) -> [String]? {
        var reader = Reader(scalars: Array(text.unicodeScalars)[...])
        while let scalar = reader.scalars.popFirst() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                reader.finishWord()
            case "\\", "^":
                reader.readBackslash(scalar)
            case "'":
                guard let end = reader.scalars.firstIndex(of: "'") else { return nil }
                reader.append(contentsOf: reader.scalars[..<end])
                reader.scalars = reader.scalars[(end + 1)...]
            case "\"":
                guard reader.readDoubleQuoted() else { return nil }
            case "$" where reader.scalars.first == "'":
                reader.scalars = reader.scalars.dropFirst()
                guard reader.readCQuoted() else { return nil }
            default:
                reader.append(scalar)
            }
        }
        reader.finishWord()
        return reader.words
    }

    /// The text not yet read, the word being read and the words read.
    private struct Reader {
        var scalars: ArraySlice<Unicode.Scalar>
        var words: [String] = []
        private var word = String.UnicodeScalarView()
        /// True once the current word has begun (an empty `''` is a word).
        private var inWord = false

        init(scalars: ArraySlice<Unicode.Scalar>) { self.scalars = scalars }

        mutating func append(_ scalar: Unicode.Scalar) {
            word.append(scalar)
            inWord = true
        }

        mutating func append(contentsOf part: ArraySlice<Unicode.Scalar>) {
            word.append(contentsOf: part)
            inWord = true
        }

        mutating func finishWord() {
            if inWord { words.append(String(word)) }
            word = String.UnicodeScalarView()
            inWord = false
        }

        /// After `\` or `^` outside quotes: a line continuation (before the line end) joins the lines; `\` escapes
        /// the next character; `^` is itself otherwise.
        mutating func readBackslash(_ scalar: Unicode.Scalar) {
            var next = scalars.first
            if next == "\r" && scalars.dropFirst().first == "\n" {
                scalars = scalars.dropFirst()
                next = "\n"
            }
            if next == "\n" {
                scalars = scalars.dropFirst()
            } else if scalar == "\\", let escaped = scalars.popFirst() {
                append(escaped)
            } else {
                append(scalar)
            }
        }

        /// Reads a `"..."` word part after its opening quote; false when it does not close.
        mutating func readDoubleQuoted() -> Bool {
            inWord = true
            while let scalar = scalars.popFirst() {
                if scalar == "\"" { return true }
                if scalar == "\\", let next = scalars.first, "\"\\$`\n".unicodeScalars.contains(next) {
                    scalars = scalars.dropFirst()
                    if next != "\n" { append(next) }
                } else {
                    append(scalar)
                }
            }
            return false
        }

        /// Reads a `$'...'` word part after its opening quote; false when it does not close.
        mutating func readCQuoted() -> Bool {
            inWord = true
            while let scalar = scalars.popFirst() {
                if scalar == "'" { return true }
                guard scalar == "\\", let escape = scalars.popFirst() else {
                    append(scalar)
                    continue
                }
                switch escape {
                case "n": append("\n")
                case "t": append("\t")
                case "r": append("\r")
                case "x", "u", "U": readHexEscape(escape)
                case "'", "\"", "\\", "?": append(escape)
                default:
                    // As bash does: an escape it does not know stays as written.
                    append("\\")
                    append(escape)
                }
            }
            return false
        }

        /// `\xHH`, `\uHHHH` or `\UHHHHHHHH` after its letter: the character of up to that many hex digits; the
        /// escape as written when none follows.
        private mutating func readHexEscape(_ letter: Unicode.Scalar) {
            let width = letter == "x" ? 2 : letter == "u" ? 4 : 8
            let digits = scalars.prefix(width).prefix { $0.properties.isASCIIHexDigit }
            guard !digits.isEmpty, let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
                let decoded = Unicode.Scalar(value)
            else {
                append("\\")
                append(letter)
                return
            }
            scalars = scalars.dropFirst(digits.count)
            append(decoded)
        }
    }
}
