/// Splits a stream of text into complete JSON documents (JSON Lines, or pretty-printed objects one after another,
/// as `jq` writes them), without parsing: it tracks nesting, strings and escapes, and hands out each top-level
/// value's text as soon as it is complete. Memory is one document, at most ``limit`` bytes: a longer one is
/// skipped to its end and handed out as nil.
struct JSONDocumentScanner {
    /// Longest document kept.
    let limit: Int
    private var pending: [UInt8] = []
    private var overflowed = false
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var inScalar = false

    /// The buffer is kept from one document to the next up to this size (a JSON line is some kilobytes).
    private static let keptCapacity = 1 << 20

    init(limit: Int) { self.limit = limit }

    /// Feeds the next bytes of the input, in pieces of any size; calls `body` with every document they complete
    /// (nil for one longer than the limit).
    mutating func feed(_ bytes: some Sequence<UInt8>, _ body: (String?) -> Void) {
        for byte in bytes {
            if pending.count >= limit {
                overflowed = true
                pending.removeAll(keepingCapacity: false)
                pending.append(0x20)
            }
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            if depth == 0 && !inString && !inScalar {
                if isSpace { continue }
                pending.append(byte)
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth = 1
                case UInt8(ascii: "\""): inString = true
                default: inScalar = true
                }
                continue
            }
            if inScalar && depth == 0 && !inString {
                if isSpace {
                    emit(body)
                    continue
                }
                pending.append(byte)
                continue
            }
            pending.append(byte)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { emit(body) }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { emit(body) }
            default: break
            }
        }
    }

    /// Hands out whatever is left at the end of the input (an incomplete document, reported by the parser).
    mutating func finish(_ body: (String?) -> Void) {
        if !pending.isEmpty { emit(body) }
    }

    private mutating func emit(_ body: (String?) -> Void) {
        let text = overflowed ? nil : String(decoding: pending, as: UTF8.self)
        // The buffer of a long document is let go of before the document is parsed: memory is then its text once.
        pending.removeAll(keepingCapacity: pending.count <= JSONDocumentScanner.keptCapacity)
        overflowed = false
        depth = 0
        inString = false
        escaped = false
        inScalar = false
        body(text)
    }
}
