public import ConsentCore

extension JSONValue {
    /// The differences between this (actual) value and a possibly partial `expected` one, as
    /// `path: expected X, got Y` lines; empty when the value matches.
    ///
    /// The rule of the golden vectors (`Vectors/README.md`): only the keys `expected` lists are compared,
    /// recursively into nested objects; arrays and scalars must match exactly (numbers by value, so `1` matches
    /// `1.0`); a listed `null` must be `null`, and a listed key missing from the actual object is a mismatch.
    public func mismatches(against expected: JSONValue, path: String = "") -> [String] {
        switch (expected, self) {
        case (.object(let wanted), .object(let actual)):
            var found: [String] = []
            for (key, value) in wanted {
                let child = path.isEmpty ? key : path + "." + key
                guard let actualValue = actual[key] else {
                    found.append("\(child): expected \(value), key missing")
                    continue
                }
                found += actualValue.mismatches(against: value, path: child)
            }
            return found
        default:
            return JSONValue.exactlyEqual(expected, self)
                ? [] : ["\(path.isEmpty ? "(root)" : path): expected \(expected), got \(self)"]
        }
    }

    /// True when the values are equal in full (objects: the same keys with equal values, in any order).
    public static func exactlyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.int(let left), .double(let right)), (.double(let right), .int(let left)):
            return Double(left) == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { exactlyEqual($0, $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && left.allSatisfy { member in right[member.key].map { exactlyEqual(member.value, $0) } ?? false }
        default:
            return lhs == rhs
        }
    }
}
