import ConsentCore
import Foundation
import GPP

/// One line of a golden vector file.
struct Vector: CustomStringConvertible {
    let id: String
    let kind: String
    let input: String
    let expect: JSONValue?

    var description: String { id }

    /// The repository root, from this file's place in `Tests/GPPTests/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The vectors of `file` (in the repository's `Vectors/`) of kind `kind`.
    static func load(_ file: String, kind: String = "gpp") -> [Vector] {
        let path = root.appendingPathComponent("Vectors").appendingPathComponent(file).path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let json = try? JSONValue(parsing: line), json["kind"]?.stringValue == kind,
                let id = json["id"]?.stringValue, let input = json["input"]?.stringValue
            else { return nil }
            return Vector(id: id, kind: kind, input: input, expect: json["expect"])
        }
    }

    static let valid = load("gpp.jsonl")
    static let invalid = load("invalid.jsonl")
}

/// The first place where `actual` does not have what `expected` lists: objects are compared only on the keys
/// `expected` has (recursively), everything else exactly. Nil when it matches.
func subsetMismatch(expected: JSONValue, actual: JSONValue?, path: String = "") -> String? {
    if case .object(let expectedObject) = expected {
        guard case .object(let actualObject)? = actual else {
            return "\(path): expected an object, got \(String(describing: actual))"
        }
        for (key, value) in expectedObject {
            if let mismatch = subsetMismatch(expected: value, actual: actualObject[key], path: path + "." + key) {
                return mismatch
            }
        }
        return nil
    }
    return expected == actual ? nil : "\(path): expected \(expected), got \(actual.map(\.description) ?? "nothing")"
}

/// The JSON value without any `"encoding"` member, at any depth.
func withoutEncoding(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
        var stripped = JSONObject()
        for (key, member) in object where key != "encoding" { stripped.append(key, withoutEncoding(member)) }
        return .object(stripped)
    case .array(let items): return .array(items.map(withoutEncoding))
    default: return value
    }
}

/// Runs `body` and returns the error it throws, or nil.
func thrownError(_ body: () throws(ConsentError) -> Void) -> ConsentError? {
    do throws(ConsentError) {
        try body()
        return nil
    } catch {
        return error
    }
}

/// A GPP header (Type 3, Version 1) listing `ids`, padded as iabgpp-es pads it; written bit by bit, so it may list
/// ids the encoder refuses.
func headerText(_ ids: IDSet) throws(ConsentError) -> String {
    var writer = BitWriter()
    writer.writeBits(3, count: 6)
    writer.writeBits(1, count: 6)
    try writer.writeFibonacciRange(ids)
    writer.finishSegment(paddingToMultipleOf: 8)
    return writer.makeString()
}
