import ConsentKit

/// Tells the kind of a bare string from its first characters, without decoding it (so that `explain` can walk
/// strings that do not decode, and `decode` picks its decoder in constant time).
enum KindDetector {
    /// `tcf` for `C…`/`B…` (Version 2 or 1 in the first 6 bits), `gpp` for `D…` (header Type 3), `ac` for
    /// `<digits>~…`, `usp` for four characters starting with a digit; nil otherwise.
    static func detect(_ text: String) -> ConsentFormat? {
        var utf8 = text.utf8.makeIterator()
        guard let first = utf8.next() else { return nil }
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            // AC: digits, then `~`; US Privacy: exactly four characters.
            var length = 1
            while let byte = utf8.next() {
                if byte == UInt8(ascii: "~") { return .ac }
                if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
                    return text.utf8.count == 4 ? .usp : nil
                }
                length += 1
            }
            return length == 4 ? .usp : nil
        }
        switch first {
        case UInt8(ascii: "C"), UInt8(ascii: "B"): return .tcf
        case UInt8(ascii: "D"): return .gpp
        default: return nil
        }
    }
}
