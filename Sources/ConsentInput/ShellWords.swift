/// Words as a POSIX shell splits a command line: white space separates them; `'...'` holds text as it is;
/// `"..."` holds text in which `\` escapes `"`, `\`, `$` and `` ` ``; `$'...'` holds text with C escapes (`\n`,
/// `\t`, `\'`, `\\`, `\xHH`, `\uHHHH`; an unknown one kept as written), as browsers write bodies; outside
/// quotes `\` escapes the next character, and a `\` at the end of a line continues the command.
///
/// A command in cmd.exe's form (what browsers copy "as cURL (cmd)": lines ending with `^`, `^"` around words) is
/// read with each `^` taken as cmd takes it, escaping the character after it, before the words are split.
package enum ShellWords {
    /// The words of `text`; nil when a quote does not close.
    package static func split(_ text: String) -> [String]? {
        var scalars = Array(text.unicodeScalars)
        if isCmdForm(text) { scalars = withoutCarets(scalars) }
        var reader = Reader(scalars: scalars[...])
        while let scalar = reader.scalars.popFirst() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                reader.finishWord()
            case "\\":
                reader.readBackslash()
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

    /// True for a command in cmd.exe's form: a line that ends with `^`, or a `^"`.
    static func isCmdForm(_ text: String) -> Bool {
        text.contains("^\"") || text.contains("^\n") || text.contains("^\r\n")
    }

    /// `scalars` with cmd.exe's escapes taken: `^` and the line break after it go (a continued line), and `^` before
    /// any other character goes, leaving that character.
    static func withoutCarets(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "^", index < scalars.count else {
                result.append(scalar)
                continue
            }
            if scalars[index] == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
            if scalars[index] == "\n" {
                index += 1
                continue
            }
            result.append(scalars[index])
            index += 1
        }
        return result
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

        /// After `\` outside quotes: a line continuation (before the line end) joins the lines; otherwise it escapes
        /// the next character.
        mutating func readBackslash() {
            var next = scalars.first
            if next == "\r" && scalars.dropFirst().first == "\n" {
                scalars = scalars.dropFirst()
                next = "\n"
            }
            if next == "\n" {
                scalars = scalars.dropFirst()
            } else if let escaped = scalars.popFirst() {
                append(escaped)
            } else {
                append("\\")
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
