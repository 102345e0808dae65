extension JSONValue {
    /// Deepest nesting the parser follows. Stops: stack exhaustion on `[[[[...` input.
    public static let maximumDepth = 64

    /// Parses JSON text (RFC 8259). Numbers without fraction or exponent that fit `Int64` become ``int(_:)``.
    /// - Throws: ``ConsentError/Code/badJSON`` with the character offset of the problem; a key given twice in one
    ///   object is one (at the second), since readers would otherwise disagree on which value it has.
    public init(parsing text: some StringProtocol) throws(ConsentError) {
        self = try withTextView(of: text) { view throws(ConsentError) in
            var parser = JSONTextParser(view)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == view.count else { throw parser.error() }
            return value
        }
    }
}

/// Recursive-descent JSON parser over borrowed UTF-8.
struct JSONTextParser {
    let text: TextView
    var index = 0

    init(_ text: TextView) { self.text = text }

    func error() -> ConsentError { ConsentError(.badJSON, characterOffset: index) }

    var current: UInt8? { index < text.count ? text[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func expect(_ literal: StaticString) throws(ConsentError) {
        for offset in 0..<literal.utf8CodeUnitCount {
            guard unsafe current == literal.utf8Start[offset] else { throw error() }
            index += 1
        }
    }

    mutating func parseValue(depth: Int) throws(ConsentError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw error() }
        switch current {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39):
            return try parseNumber()
        default:
            throw error()
        }
    }

    mutating func parseObject(depth: Int) throws(ConsentError) -> JSONValue {
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        // Keys seen, once the object is too large to search its members for each new key.
        var keys: Set<String>? = nil
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error() }
            let keyOffset = index
            let key = try parseString()
            // A repeated key is refused (RFC 8259 §4: names SHOULD be unique; parsers differ on which value they
            // keep), at the repeat.
            let repeated: Bool
            if object.count < 16 {
                repeated = object.members.contains { $0.key == key }
            } else {
                var seen = keys.take() ?? Set(object.keys)
                repeated = !seen.insert(key).inserted
                keys = seen
            }
            if repeated {
                // Named `key`, so that a reader of the error can tell a repeated key from malformed text.
                throw ConsentError(.badJSON, field: "key", characterOffset: keyOffset)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error() }
            index += 1
            skipWhitespace()
            object.append(key, try parseValue(depth: depth + 1), keyOffset: keyOffset)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "}") else { throw error() }
            index += 1
            return .object(object)
        }
    }

    mutating func parseArray(depth: Int) throws(ConsentError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "]") else { throw error() }
            index += 1
            return .array(values)
        }
    }

    mutating func parseHex4() throws(ConsentError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error() }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseString() throws(ConsentError) -> String {
        index += 1
        var bytes: [UInt8] = []
        while true {
            guard let byte = current else { throw error() }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { throw error() }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        // A high surrogate must be followed by an escaped low one.
                        guard current == UInt8(ascii: "\\") else { throw error() }
                        index += 1
                        guard current == UInt8(ascii: "u") else { throw error() }
                        index += 1
                        let low = try parseHex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error() }
                    bytes.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    index -= 1  // point at the character after the backslash
                    throw error()
                }
            case 0..<0x20:
                throw error()
            default:
                bytes.append(byte)
            }
        }
    }

    mutating func parseNumber() throws(ConsentError) -> JSONValue {
        let start = index
        var isIntegral = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= 0x30 && first <= 0x39 else { throw error() }
        while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
        if current == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            guard let digit = current, digit >= 0x30 && digit <= 0x39 else { throw error() }
            while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isIntegral = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, digit >= 0x30 && digit <= 0x39 else { throw error() }
            while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
        }
        let literal = text.slice(start..<index).string
        if isIntegral, let value = Int64(literal) { return .int(value) }
        // A number beyond Double (`2e616`) would read as infinity and print back as null: refuse it instead.
        guard let value = Double(literal), value.isFinite else { throw ConsentError(.badJSON, characterOffset: start) }
        return .double(value)
    }
}
