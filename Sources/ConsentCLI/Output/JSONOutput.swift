import ConsentInput
import ConsentKit

/// Writes the JSON form as bytes straight into an ``Output`` buffer: the same text as `JSONValue.serialized()`
/// (compact), without building a `String` per value, because batch decoding prints kilobytes per string (a typical
/// TC string's JSON lists two thousand vendor ids).
enum JSONOutput {
    /// Appends the compact JSON text of `value` and a line feed.
    static func writeLine(_ value: JSONValue, to output: Output) {
        write(value, to: output)
        output.reserve(1)
        output.put(0x0A)
    }

    /// Appends the compact JSON text of `value`.
    static func write(_ value: JSONValue, to output: Output) {
        switch value {
        case .null: writeLiteral("null", to: output)
        case .bool(let flag): writeLiteral(flag ? "true" : "false", to: output)
        case .int(let number):
            output.reserve(20)
            writeInteger(number, to: output)
        case .double(let number): output.write(number.isFinite ? String(describing: number) : "null")
        case .string(let text): writeString(text, to: output)
        case .array(let items): writeArray(items, to: output)
        case .object(let object):
            output.reserve(1)
            output.put(UInt8(ascii: "{"))
            var first = true
            for member in object {
                output.reserve(1)
                if !first { output.put(UInt8(ascii: ",")) }
                first = false
                writeString(member.key, to: output)
                output.reserve(1)
                output.put(UInt8(ascii: ":"))
                write(member.value, to: output)
            }
            output.reserve(1)
            output.put(UInt8(ascii: "}"))
        }
    }

    /// Arrays of integers (id lists, thousands long) take a loop that writes through a pointer.
    private static func writeArray(_ items: [JSONValue], to output: Output) {
        var index = 0
        // 20 digits and a sign hold any Int64, plus a comma; and the brackets.
        output.appendBytes(maximum: items.count &* 22 &+ 2) { start in
            var cursor = start
            cursor.pointee = UInt8(ascii: "[")
            cursor += 1
            items.withUnsafeBufferPointer { buffer in
                while index < buffer.count {
                    guard case .int(let number) = buffer[index] else { return }
                    if index > 0 {
                        cursor.pointee = UInt8(ascii: ",")
                        cursor += 1
                    }
                    if number < 0 {
                        cursor.pointee = UInt8(ascii: "-")
                        cursor += 1
                    }
                    cursor = writeDecimal(number.magnitude, at: cursor)
                    index &+= 1
                }
            }
            return cursor - start
        }
        // Anything else (objects, strings, mixed arrays) the general way.
        while index < items.count {
            output.reserve(1)
            if index > 0 { output.put(UInt8(ascii: ",")) }
            write(items[index], to: output)
            index &+= 1
        }
        output.reserve(1)
        output.put(UInt8(ascii: "]"))
    }

    /// "00" to "99", two bytes each: digits are written two at a time.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes the digits of `value` at `cursor` and returns the position after them. Ids below 10,000 (nearly all
    /// of them) take one division; larger values a loop over digit pairs.
    @inline(__always)
    private static func writeDecimal(
        _ value: UInt64,
        at cursor: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        // The table is a constant of 200 bytes and every index below is at most 198 + 1.
        let pairs = digitPairs.utf8Start
        if value < 10 {
            cursor.pointee = UInt8(truncatingIfNeeded: value) &+ 0x30
            return cursor + 1
        }
        if value < 100 {
            let pair = Int(truncatingIfNeeded: value) &* 2
            cursor[0] = pairs[pair]
            cursor[1] = pairs[pair &+ 1]
            return cursor + 2
        }
        if value < 10_000 {
            let high = Int(truncatingIfNeeded: value / 100)
            let low = (Int(truncatingIfNeeded: value) &- high &* 100) &* 2
            if high < 10 {
                cursor[0] = UInt8(truncatingIfNeeded: high) &+ 0x30
                cursor[1] = pairs[low]
                cursor[2] = pairs[low &+ 1]
                return cursor + 3
            }
            cursor[0] = pairs[high &* 2]
            cursor[1] = pairs[high &* 2 &+ 1]
            cursor[2] = pairs[low]
            cursor[3] = pairs[low &+ 1]
            return cursor + 4
        }
        var digits = 5
        var threshold: UInt64 = 100_000
        while digits < 20 && value >= threshold {
            digits &+= 1
            threshold = digits < 20 ? threshold &* 10 : .max
        }
        var rest = value
        var position = cursor + digits
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            position[-2] = pairs[pair]
            position[-1] = pairs[pair &+ 1]
        } else {
            position[-1] = UInt8(truncatingIfNeeded: rest) &+ 0x30
        }
        return cursor + digits
    }

    /// Decimal digits of an integer; the caller reserved 20 bytes.
    @inline(__always)
    static func writeInteger(_ number: Int64, to output: Output) {
        if number < 0 { output.put(UInt8(ascii: "-")) }
        output.putDecimal(number.magnitude)
    }

    /// A JSON string literal with the escapes of `JSONValue.writeString`: `\" \\ \n \r \t` and `\u00XX` for other
    /// control characters; everything else as UTF-8.
    static func writeString(_ text: String, to output: Output) {
        var text = text
        text.withUTF8 { utf8 in
            output.reserve(utf8.count &* 6 &+ 2)
            output.put(UInt8(ascii: "\""))
            // Consent strings never need an escape: copy them in one go.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                output.write(utf8)
                output.put(UInt8(ascii: "\""))
                return
            }
            for byte in utf8 {
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    output.put(byte)
                    continue
                }
                output.put(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.put(byte)
                case 0x0A: output.put(UInt8(ascii: "n"))
                case 0x0D: output.put(UInt8(ascii: "r"))
                case 0x09: output.put(UInt8(ascii: "t"))
                default:
                    for character in "u00".utf8 { output.put(character) }
                    output.put(hexDigit(byte >> 4))
                    output.put(hexDigit(byte & 15))
                }
            }
            output.put(UInt8(ascii: "\""))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? value &+ 0x30 : value &+ 87 }

    private static func writeLiteral(_ literal: StaticString, to output: Output) {
        literal.withUTF8Buffer { output.write($0) }
    }

    // MARK: - Error objects

    /// The json.md error object for a string that failed to decode: `{"type":"error","input":...,"error":{...}}`,
    /// with `field`, `bitOffset` (and our own `segment`, `characterOffset`, `kind`, and for `policyViolation` the lint
    /// `rule` broken) when known, and `source` when the string came from a URL, bid request or preferences.
    static func errorObject(input: String, source: String?, error: ConsentError) -> JSONValue {
        let finding = ErrorText.policyFinding(for: error, in: input)
        let message = ErrorText.message(for: error, input: input, policyFinding: finding)
        var details = JSONObject([("code", .string(error.code.description)), ("message", .string(message))])
        if error.field.utf8CodeUnitCount > 0 && ErrorText.namesAField(error) {
            details.append("field", .string(error.field.description))
        }
        if let bitOffset = error.bitOffset { details.append("bitOffset", .int(Int64(bitOffset))) }
        if error.segment.utf8CodeUnitCount > 0 { details.append("segment", .string(error.segment.description)) }
        if let characterOffset = error.characterOffset {
            details.append("characterOffset", .int(Int64(characterOffset)))
        }
        if let format = error.format { details.append("kind", .string(format.rawValue)) }
        if let finding { details.append("rule", .string(finding.code)) }
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
