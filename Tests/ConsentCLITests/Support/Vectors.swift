import ConsentCore
import Foundation

/// One golden vector of the public set (`*.jsonl`, see the vectors README).
struct Vector {
    var id: String
    var kind: String
    var input: String
    /// The expected JSON form (partial), or nil for a vector that must fail.
    var expect: JSONValue?

    /// Every vector of `file` (`tcf.jsonl`, `invalid.jsonl`, ...).
    static func load(_ file: String) throws -> [Vector] {
        let url = TestPaths.vectorsDirectory.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONValue(parsing: line)
            return Vector(
                id: object["id"]?.stringValue ?? "?",
                kind: object["kind"]?.stringValue ?? "?",
                input: object["input"]?.stringValue ?? "",
                expect: object["expect"]
            )
        }
    }

    /// Ids listed in `Vectors/known-failures.txt` (one per line, `#` comments), once the lead keeps one.
    static var knownFailures: Set<String> {
        let url = TestPaths.packageRoot.appendingPathComponent("Vectors/known-failures.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return Set(
            text.split(separator: "\n").compactMap { line in
                // `<vector id>  <reason> (#<issue>)`; lines starting with `#` are comments.
                guard !line.hasPrefix("#") else { return nil }
                return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            }
        )
    }
}

/// The vectors README's comparison: every key of `expected` must be in `actual` with a matching value,
/// recursively into objects; arrays and scalars must be equal; a listed `null` must be `null`. Returns the path of
/// the first difference, or nil.
func partialMismatch(expected: JSONValue, actual: JSONValue, path: String = "") -> String? {
    switch (expected, actual) {
    case (.object(let expectedObject), .object(let actualObject)):
        for member in expectedObject {
            let childPath = path.isEmpty ? member.key : path + "." + member.key
            guard let value = actualObject[member.key] else { return childPath + " (missing)" }
            if let mismatch = partialMismatch(expected: member.value, actual: value, path: childPath) {
                return mismatch
            }
        }
        return nil
    case (.int(let left), .double(let right)), (.double(let right), .int(let left)):
        return Double(left) == right ? nil : path
    default:
        return expected == actual ? nil : "\(path): expected \(expected), got \(actual)"
    }
}
