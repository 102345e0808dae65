/// A JSON value with objects that keep their key order: the form `consent decode --json` prints
/// (spec/json.md) and `consent encode` reads, without Foundation.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integral number.
    case int(Int64)
    /// A number with a fraction or exponent.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, keys in the order written.
    case object(JSONObject)

    /// An array of ids, ascending.
    public static func ids(_ set: IDSet) -> JSONValue { .array(set.map { .int(Int64($0)) }) }

    /// An integer; one outside the range of `Int64` (a `UInt64` above `Int64.max`) is written as the nearest bound.
    public static func integer(_ value: some BinaryInteger) -> JSONValue { .int(Int64(clamping: value)) }

    /// The member `key` of an object, or nil (also for non-objects).
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The object, when this is one.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array, when this is one.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer, when this is an integral number.
    public var intValue: Int? {
        switch self {
        case .int(let value): Int(exactly: value)
        // Not Int(exactly:), which needs libm: the codec modules link nothing but the standard library.
        case .double(let value) where value > -9.0e18 && value < 9.0e18 && Double(Int(value)) == value: Int(value)
        default: nil
        }
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool { self == .null }
}

/// A JSON object: members in insertion order, looked up by key.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members in order.
    public private(set) var members: [(key: String, value: JSONValue)] = []
    /// Where each key starts in the text the object was parsed from (UTF-8 offsets), one for each member while the
    /// object is as parsed; empty for an object built in code or changed since (see ``keyOffset(at:)``).
    private var keyOffsets: [Int] = []

    /// An empty object.
    public init() {}

    /// An object of the given members, in order.
    public init(_ members: [(String, JSONValue)]) {
        self.members = members.map { (key: $0.0, value: $0.1) }
    }

    /// The value of `key`; setting replaces it in place or appends it.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { remove(at: index) }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    private mutating func remove(at index: Int) {
        members.remove(at: index)
        keyOffsets.removeAll()
    }

    /// Appends a member without looking for an existing one (the writer's fast path).
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key: key, value: value))
        if !keyOffsets.isEmpty { keyOffsets.removeAll() }
    }

    /// Appends a member read from JSON text, its key at UTF-8 offset `keyOffset` of the text.
    mutating func append(_ key: String, _ value: JSONValue, keyOffset: Int) {
        if keyOffsets.count == members.count { keyOffsets.append(keyOffset) }
        members.append((key: key, value: value))
    }

    /// Where the key of member `index` starts in the JSON text the object was parsed from (a UTF-8 offset, as
    /// ``ConsentError/characterOffset`` gives for JSON); nil for an object built in code or changed since, or an
    /// index out of range. Errors about a member can then point at it.
    public func keyOffset(at index: Int) -> Int? {
        guard keyOffsets.count == members.count, index >= 0, index < keyOffsets.count else { return nil }
        return keyOffsets[index]
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// Number of members.
    public var count: Int { members.count }

    /// Iterates members in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { members.makeIterator() }

    /// Equal when the members are equal in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { serialized() }

    /// JSON text: compact by default, or indented by two spaces.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    /// Appends the JSON text of this value to `output`.
    public func write(to output: inout String, pretty: Bool = false, indent: Int = 0) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? String(describing: value) : "null"
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            // Arrays of numbers stay on one line even when pretty: id lists are long.
            let flat = !pretty || values.allSatisfy { if case .int = $0 { true } else { false } }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += flat ? (pretty ? ", " : ",") : "," }
                if !flat { JSONValue.newline(&output, indent + 1) }
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if !flat { JSONValue.newline(&output, indent) }
            output += "]"
        case .object(let object):
            if object.count == 0 {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                if pretty { JSONValue.newline(&output, indent + 1) }
                JSONValue.writeString(member.key, to: &output)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(&output, indent) }
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int) {
        output += "\n"
        output += String(repeating: "  ", count: Swift.max(indent, 0))
    }

    /// Appends `value` as a JSON string literal with the escapes JSON requires.
    public static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
