import ConsentCore

/// Writes the JSON form as bytes straight into an output buffer: the same text as `JSONValue.serialized()`
/// (compact), without building a `String` per value, because batch decoding prints many kilobytes per string.
enum JSONOutput {
    /// Appends the compact JSON text of `value` and a line feed.
    static func writeLine(_ value: JSONValue, to output: Output) {
        output.append { bytes in
            write(value, into: &bytes)
            bytes.append(0x0A)
        }
    }

    /// Appends the compact JSON text of `value`.
    static func write(_ value: JSONValue, into bytes: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &bytes)
        case .bool(let flag): append(flag ? "true" : "false", to: &bytes)
        case .int(let number): writeInteger(number, into: &bytes)
        case .double(let number): bytes.append(contentsOf: (number.isFinite ? String(describing: number) : "null").utf8)
        case .string(let text): writeString(text, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(item, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for member in object {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member.value, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Decimal digits of an integer.
    @inline(__always)
    static func writeInteger(_ number: Int64, into bytes: inout [UInt8]) {
        if number >= 0 && number < 10 {
            bytes.append(UInt8(truncatingIfNeeded: number) &+ 0x30)
            return
        }
        var magnitude = number.magnitude
        // 20 digits hold any UInt64; written backwards into a fixed-size tuple-free scratch, then copied.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[23 - count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: scratch[(24 - count)...])
        }
    }

    /// A JSON string literal with the escapes of `JSONValue.writeString`: `\" \\ \n \r \t` and `\u00XX` for other
    /// control characters; everything else as UTF-8.
    static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &bytes)
                case UInt8(ascii: "\\"): append("\\\\", to: &bytes)
                case 0x0A: append("\\n", to: &bytes)
                case 0x0D: append("\\r", to: &bytes)
                case 0x09: append("\\t", to: &bytes)
                default:
                    append("\\u00", to: &bytes)
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 15)])
                }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    // MARK: - Error objects

    /// The json.md error object for a string that failed to decode: `{"type":"error","input":...,"error":{...}}`,
    /// with `field`, `bitOffset` (and our own `segment`, `characterOffset`, `kind`) when known, and `source` when
    /// the string came from a URL, bid request or preferences.
    static func errorObject(input: String, source: String?, error: ConsentError) -> JSONValue {
        var details = JSONObject([("code", .string(error.code.description)), ("message", .string(error.message))])
        if error.field.utf8CodeUnitCount > 0 { details.append("field", .string(error.field.description)) }
        if let bitOffset = error.bitOffset { details.append("bitOffset", .int(Int64(bitOffset))) }
        if error.segment.utf8CodeUnitCount > 0 { details.append("segment", .string(error.segment.description)) }
        if let characterOffset = error.characterOffset {
            details.append("characterOffset", .int(Int64(characterOffset)))
        }
        if let format = error.format { details.append("kind", .string(format.rawValue)) }
        return errorObject(input: input, source: source, details: details)
    }

    /// The error object for an input that could not be read at all (a file, a JSON document of unknown shape).
    static func errorObject(input: String, error: InputError) -> JSONValue {
        errorObject(
            input: input,
            source: nil,
            details: JSONObject([("code", .string(error.code)), ("message", .string(error.message))])
        )
    }

    private static func errorObject(input: String, source: String?, details: JSONObject) -> JSONValue {
        var object = JSONObject([("type", .string("error")), ("input", .string(input))])
        if let source { object.append("source", .string(source)) }
        object.append("error", .object(details))
        return .object(object)
    }
}
