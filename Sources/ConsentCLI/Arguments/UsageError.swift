/// A command line that cannot be run: printed as `Error: <message>` with the command's usage, exit status 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// One sentence naming the argument at fault.
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }

    /// An option that the command does not know, with the closest known one when there is a likely typo.
    static func unknownOption(_ name: String, known: [String]) -> UsageError {
        let suggestion = known.min { editDistance(name, $0) < editDistance(name, $1) }
        if let suggestion, editDistance(name, suggestion) <= 2 {
            return UsageError("unknown option '\(name)'; did you mean '\(suggestion)'?")
        }
        return UsageError("unknown option '\(name)'")
    }

    /// Levenshtein distance over characters; arguments are short, so the quadratic table is fine.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
