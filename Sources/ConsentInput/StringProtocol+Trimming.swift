extension StringProtocol {
    /// The text without spaces and tabs at either end.
    func trimmingWhiteSpace() -> SubSequence {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)] == " " || start[start.index(before: end)] == "\t"
        {
            end = start.index(before: end)
        }
        return start[..<end]
    }
}
