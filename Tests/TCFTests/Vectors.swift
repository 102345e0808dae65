import ConsentCore
import Foundation

/// One line of a golden vector file.
struct Vector: CustomStringConvertible, Sendable {
    let id: String
    let kind: String
    let input: String
    let expect: JSONValue?
    let expectError: Bool

    var description: String { id }
}

enum Vectors {
    /// The repository root, from this file's place in `Tests/TCFTests/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The vendored golden vectors (`Vectors/`).
    static let directories: [URL] = [root.appendingPathComponent("Vectors")]

    static func load(_ file: String) -> [Vector] {
        for directory in directories {
            let url = directory.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            return text.split(separator: "\n").compactMap { line in
                guard let json = try? JSONValue(parsing: line) else { return nil }
                return Vector(
                    id: json["id"]?.stringValue ?? "",
                    kind: json["kind"]?.stringValue ?? "",
                    input: json["input"]?.stringValue ?? "",
                    expect: json["expect"],
                    expectError: json["expectError"]?.boolValue ?? false
                )
            }
        }
        return []
    }

    static let valid: [Vector] = load("tcf.jsonl")
    static let invalid: [Vector] = load("invalid.jsonl").filter { $0.kind == "tcf" }

    /// Bench corpus lines.
    static func corpus(_ name: String) -> [String] {
        let url = root.appendingPathComponent("Benchmarks/Corpus").appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    static let corpusFiles = ["tcf-small.txt", "tcf-typical.txt", "tcf-large.txt"]
}

/// The README's partial comparison: every key the expectation lists must match, recursively into objects;
/// arrays and scalars must match exactly. Returns the paths that differ.
func partialMismatches(expected: JSONValue, actual: JSONValue?, path: String = "") -> [String] {
    if case .object(let object) = expected {
        guard let actual, case .object = actual else { return [path.isEmpty ? "(root)" : path] }
        return object.members.flatMap { member in
            partialMismatches(expected: member.value, actual: actual[member.key], path: path + "." + member.key)
        }
    }
    guard let actual else { return [path] }
    return numericallyEqual(expected, actual) ? [] : [path]
}

private func numericallyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy(numericallyEqual)
    case (.object, .object): partialMismatches(expected: lhs, actual: rhs).isEmpty
    case (.int, _), (.double, _): lhs.intValue != nil && lhs.intValue == rhs.intValue
    default: lhs == rhs
    }
}
