import ConsentCore

/// Guesses the kind of a bare string from its shape, for `explain`, which reads strings that may not decode.
enum KindDetector {
    /// `tcf` for `C…`/`B…`, `gpp` for `D…`, `ac` for `<digits>~…`, `usp` for a digit and three more characters.
    static func detect(_ text: String) -> ConsentFormat? {
        guard let first = text.first else { return nil }
        if let tilde = text.firstIndex(of: "~"), text[..<tilde].allSatisfy(\.isNumber), tilde != text.startIndex {
            return .ac
        }
        if first.isNumber && text.count == 4 { return .usp }
        switch first {
        case "C", "B": return .tcf
        case "D": return .gpp
        default: return nil
        }
    }
}
