/// A run of decoded input kept without copying it: the input and where the run lies in its UTF-8 (on ASCII
/// boundaries). One reference, no index arithmetic until the text is asked for.
struct GPPTextSlice: Sendable, Hashable {
    private let source: String
    private let start: Int
    private let end: Int

    /// The bytes `range` of `source`.
    init(_ source: String, _ range: Range<Int>) {
        self.source = source
        start = range.lowerBound
        end = range.upperBound
    }

    /// The text as a substring of the input.
    var substring: Substring {
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        return Substring(utf8[lower..<utf8.index(lower, offsetBy: end - start)])
    }

    /// The text as a string (a copy when longer than a small string).
    var string: String { String(substring) }

    /// Equal when the texts are.
    static func == (lhs: GPPTextSlice, rhs: GPPTextSlice) -> Bool { lhs.substring == rhs.substring }

    /// Hashes the text.
    func hash(into hasher: inout Hasher) { hasher.combine(substring) }
}
