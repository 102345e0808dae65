/// The text `defaults read` prints: an old-style (OpenStep) property list, `{ key = value; ... }`, whose keys and
/// strings are quoted or bare words, with arrays `( ... )`, dictionaries `{ ... }`, `<hex>` data, and data printed as
/// `{length = 4, bytes = 0x01020304}` (or `{length = 300, bytes = 0x01020304 ... fdfeff00 }`). Strict about the
/// structure (every entry ends with `;`, as `defaults read` writes it); the nested values are skipped. What
/// `plutil -p` prints is read too: `"key" => value`, an entry a line with no `;`, arrays in `[ ]`, and a scalar
/// written to the end of its line (`300`, `1`, `2024-01-01 00:00:00 +0000`).
struct DefaultsText {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = ByteOrderMark.length(atStartOf: bytes)
    }

    /// The top-level dictionary: strings for the scalar values, nested values left out.
    /// - Throws: `badPropertyList` naming what was expected and the line.
    mutating func dictionary() throws(InputError) -> [String: AppPreferences.Value] {
        skipSpace()
        guard consume(UInt8(ascii: "{")) else { throw error("'{' at the start") }
        var dictionary: [String: AppPreferences.Value] = [:]
        while true {
            skipSpace()
            if consume(UInt8(ascii: "}")) { break }
            guard let key = try string() else { throw error("a key or '}'") }
            skipSpace()
            guard consume(UInt8(ascii: "=")) else { throw error("'=' after \(key)") }
            // `=>`: what plutil -p prints, an entry a line.
            let isArrow = consume(UInt8(ascii: ">"))
            skipSpace()
            let value = isArrow ? try arrowValue(of: key) : try value(of: key)
            skipSpace()
            guard consume(UInt8(ascii: ";")) || isArrow else { throw error("';' after the value of \(key)") }
            dictionary[key] = value.map { .string($0) }
        }
        skipSpace()
        guard index == bytes.count else { throw error("nothing after the closing '}'") }
        return dictionary
    }

    /// True when the text starts with `{` and a key followed by `=`.
    mutating func startsWithEntry() -> Bool {
        skipSpace()
        guard consume(UInt8(ascii: "{")) else { return false }
        skipSpace()
        guard (try? string()) != nil else { return false }
        skipSpace()
        return consume(UInt8(ascii: "="))
    }

    /// A scalar value as text; nil for an array, dictionary or data, which are skipped.
    private mutating func value(of key: String) throws(InputError) -> String? {
        guard index < bytes.count else { throw error("the value of \(key)") }
        switch bytes[index] {
        case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "<"):
            try skipNested()
            return nil
        default:
            guard let text = try string() else { throw error("the value of \(key)") }
            return text
        }
    }

    /// A value as `plutil -p` prints it: nested values (`{ }`, `[ ]`) skipped, a quoted string, or the rest of the
    /// line, trimmed (a number, `true`, a date with its spaces).
    private mutating func arrowValue(of key: String) throws(InputError) -> String? {
        guard index < bytes.count else { throw error("the value of \(key)") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipNested()
            return nil
        case UInt8(ascii: "\""):
            return try quoted()
        default:
            let start = index
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            var end = index
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard end > start else { throw error("the value of \(key)") }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    /// A quoted string or a bare word; nil when neither starts here.
    private mutating func string() throws(InputError) -> String? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") { return try quoted() }
        let start = index
        while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted string with its escapes decoded: `\"`, `\\`, `\n` and the other C escapes, `\Uxxxx` (UTF-16 units,
    /// surrogate pairs joined) and octal `\ooo`.
    private mutating func quoted() throws(InputError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while true {
            guard index < bytes.count else { throw error("the closing '\"' of a string") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                run.append(byte)
                continue
            }
            guard index < bytes.count else { throw error("an escape after '\\'") }
            let escaped = bytes[index]
            index += 1
            var unit: UInt32
            switch escaped {
            case UInt8(ascii: "U"), UInt8(ascii: "u"): unit = hexadecimal(digits: 4)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                unit = UInt32(escaped - UInt8(ascii: "0"))
                for _ in 0..<2
                where index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    unit = unit * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
            case UInt8(ascii: "n"): unit = 0x0A
            case UInt8(ascii: "t"): unit = 0x09
            case UInt8(ascii: "r"): unit = 0x0D
            case UInt8(ascii: "a"): unit = 0x07
            case UInt8(ascii: "b"): unit = 0x08
            case UInt8(ascii: "f"): unit = 0x0C
            case UInt8(ascii: "v"): unit = 0x0B
            default: unit = UInt32(escaped)
            }
            flush()
            if let high = pendingHigh, (0xDC00...0xDFFF).contains(unit) {
                unit = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                pendingHigh = nil
            } else if (0xD800...0xDBFF).contains(unit) {
                pendingHigh = unit
                continue
            }
            pendingHigh = nil
            scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
        flush()
        return String(scalars)
    }

    /// Up to `digits` hexadecimal digits as a number.
    private mutating func hexadecimal(digits: Int) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else { break }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// Skips an array, dictionary or data value, with what it nests; quoted strings may hold any bracket.
    private mutating func skipNested() throws(InputError) {
        var closers: [UInt8] = []
        repeat {
            guard index < bytes.count else { throw error("'\(Character(Unicode.Scalar(closers.last ?? 0)))'") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                _ = try quoted()
                continue
            case UInt8(ascii: "("): closers.append(UInt8(ascii: ")"))
            case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
            case UInt8(ascii: "<"): closers.append(UInt8(ascii: ">"))
            // plutil -p's `0 => "x"` in an array: an arrow, not the end of data.
            case UInt8(ascii: ">")
            where index > 0 && bytes[index - 1] == UInt8(ascii: "=") && closers.last != UInt8(ascii: ">"):
                break
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                guard byte == closers.last else { throw error("'\(Character(Unicode.Scalar(closers.last ?? 0)))'") }
                closers.removeLast()
            default: break
            }
            index += 1
        } while !closers.isEmpty
    }

    /// Skips white space and `//` and `/* */` comments.
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count,
                    bytes[index] != UInt8(ascii: "*") || bytes[index + 1] != UInt8(ascii: "/")
                {
                    index += 1
                }
                index = Swift.min(index + 2, bytes.count)
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The characters of a bare word in an old-style property list (CoreFoundation's set).
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The error for the text at the current position: what was expected, and the line.
    private func error(_ expected: String) -> InputError {
        let line = bytes[..<Swift.min(index, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        return InputError(
            "badPropertyList",
            "not the text `defaults read` or `plutil -p` prints (an old-style property list): expected \(expected) on"
                + " line \(line)"
        )
    }
}
