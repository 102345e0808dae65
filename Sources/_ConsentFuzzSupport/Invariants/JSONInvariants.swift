import ConsentCore

/// `JSONValue(parsing:)` on arbitrary text: it fails with `badJSON` or gives a value whose compact and pretty
/// serializations parse back to the same value.
enum JSONInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.json)
        let value: JSONValue
        do {
            value = try JSONValue(parsing: input.text)
        } catch {
            checker.check(error.code == .badJSON, "parse failed with \(error)")
            return checker.violation
        }
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            do {
                let again = try JSONValue(parsing: text)
                checker.check(
                    again == value,
                    "\(input.text) parses to a value that serializes as \(text), a different value"
                )
            } catch {
                checker.fail(
                    "\(input.text) parses to a value that serializes as \(text), which does not parse: \(error)"
                )
            }
        }
        return checker.violation
    }
}
