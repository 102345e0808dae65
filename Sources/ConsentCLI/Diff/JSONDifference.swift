import ConsentKit

/// One place where two JSON forms differ: a value changed, added or removed, or, for two sets of ids, the ids
/// only one of them has.
struct JSONDifference {
    /// `vendorConsents`, `sections.usnat.saleOptOut`, `publisherRestrictions[purposeId=2,restrictionType=1].vendorIds`.
    var path: String
    /// The first form's value; nil when it has none there.
    var first: JSONValue?
    /// The second form's value; nil when it has none there.
    var second: JSONValue?
    /// For two sets of ids: the ids only the first has, and only the second.
    var sets: (onlyInFirst: ProviderIDSet, onlyInSecond: ProviderIDSet)?

    /// Where `first` and `second` differ, in the order of their keys (the first form's, then keys only the
    /// second has). Arrays of ids in ascending order, each 1 or more, are compared as sets; publisher restrictions
    /// by purpose and type when `pairsRestrictions` (what a string says), else by place, as an `encoding` record
    /// lists them in the order they were written; other arrays item by item; numbers by value (`1` equals `1.0`).
    static func between(
        _ first: JSONValue,
        _ second: JSONValue,
        path: String = "",
        pairsRestrictions: Bool = true
    ) -> [JSONDifference] {
        switch (first, second) {
        case (.object(let left), .object(let right)):
            var found: [JSONDifference] = []
            for (key, value) in left {
                let child = path.isEmpty ? key : path + "." + key
                if let other = right[key] {
                    found += between(value, other, path: child, pairsRestrictions: pairsRestrictions)
                } else {
                    found.append(JSONDifference(path: child, first: value, second: nil))
                }
            }
            for (key, value) in right where left[key] == nil {
                found.append(JSONDifference(path: path.isEmpty ? key : path + "." + key, first: nil, second: value))
            }
            return found
        case (.array(let left), .array(let right)):
            if let leftIDs = ids(left), let rightIDs = ids(right) {
                guard leftIDs != rightIDs else { return [] }
                let sets = (leftIDs.subtracting(rightIDs), rightIDs.subtracting(leftIDs))
                return [JSONDifference(path: path, first: first, second: second, sets: sets)]
            }
            if pairsRestrictions, let leftKeys = restrictionKeys(left), let rightKeys = restrictionKeys(right) {
                return betweenRestrictions(left, leftKeys, right, rightKeys, path: path)
            }
            var found: [JSONDifference] = []
            for index in 0..<max(left.count, right.count) {
                let child = "\(path)[\(index)]"
                switch (index < left.count ? left[index] : nil, index < right.count ? right[index] : nil) {
                case (let item?, let other?):
                    found += between(item, other, path: child, pairsRestrictions: pairsRestrictions)
                case (let item, let other): found.append(JSONDifference(path: child, first: item, second: other))
                }
            }
            return found
        case (.int(let left), .double(let right)), (.double(let right), .int(let left)):
            return Double(left) == right ? [] : [JSONDifference(path: path, first: first, second: second)]
        default:
            return first == second ? [] : [JSONDifference(path: path, first: first, second: second)]
        }
    }

    /// The key of each publisher restriction of `array` (`purposeId=2,restrictionType=1`): the pair a restriction
    /// is one of per string (json.md orders them by it); nil unless every item is such an object, once.
    private static func restrictionKeys(_ array: [JSONValue]) -> [String]? {
        var keys: [String] = []
        for item in array {
            guard let purpose = item["purposeId"]?.intValue, let type = item["restrictionType"]?.intValue else {
                return nil
            }
            keys.append("purposeId=\(purpose),restrictionType=\(type)")
        }
        return Set(keys).count == keys.count ? keys : nil
    }

    /// Two lists of publisher restrictions compared restriction by restriction, paired by purpose and type (not by
    /// place: a restriction taken out is one difference, not a change of every one after it). In the first list's
    /// order, then the restrictions only the second has.
    private static func betweenRestrictions(
        _ left: [JSONValue],
        _ leftKeys: [String],
        _ right: [JSONValue],
        _ rightKeys: [String],
        path: String
    ) -> [JSONDifference] {
        var found: [JSONDifference] = []
        for (item, key) in zip(left, leftKeys) {
            let child = "\(path)[\(key)]"
            if let index = rightKeys.firstIndex(of: key) {
                found += between(item, right[index], path: child)
            } else {
                found.append(JSONDifference(path: child, first: item, second: nil))
            }
        }
        for (item, key) in zip(right, rightKeys) where !leftKeys.contains(key) {
            found.append(JSONDifference(path: "\(path)[\(key)]", first: nil, second: item))
        }
        return found
    }

    /// The ids of an array written as a set (json.md: ascending, no duplicates, each an id from 1), else nil.
    private static func ids(_ array: [JSONValue]) -> ProviderIDSet? {
        var previous = 0
        for item in array {
            guard let id = item.intValue, id > previous, id <= ProviderIDSet.maximumID else { return nil }
            previous = id
        }
        return ProviderIDSet(array.compactMap(\.intValue))
    }

    /// The difference as JSON: `{"path", "first", "second"}`, a side left out where its form has no such member
    /// (so that a missing member and a `null` one stay apart: a v1.1 TC string has no `allowedVendors`, a v2 one
    /// without the segment has `null`), and for sets `"onlyInFirst"`, `"onlyInSecond"`.
    func jsonValue() -> JSONValue {
        var object = JSONObject([("path", .string(path))])
        if let first { object.append("first", first) }
        if let second { object.append("second", second) }
        if let sets {
            object.append("onlyInFirst", sets.onlyInFirst.jsonValue())
            object.append("onlyInSecond", sets.onlyInSecond.jsonValue())
        }
        return .object(object)
    }

    /// `vendorConsents: only in the first 5, 10-12 (4 ids); only in the second 755 (1 id)`,
    /// `cmpId: 7 → 10`, `sections.usca: (none) → {...}`.
    var line: String {
        if let sets {
            var parts: [String] = []
            if !sets.onlyInFirst.isEmpty { parts.append("only in the first " + Self.describe(sets.onlyInFirst)) }
            if !sets.onlyInSecond.isEmpty { parts.append("only in the second " + Self.describe(sets.onlyInSecond)) }
            return "\(path): " + parts.joined(separator: "; ")
        }
        return "\(path): \(Self.describe(first)) → \(Self.describe(second))"
    }

    private static func describe(_ set: ProviderIDSet) -> String {
        "\(set.foldedDescription) (\(set.count) id\(set.count == 1 ? "" : "s"))"
    }

    private static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "(none)" }
        let text = value.serialized()
        return text.count <= 120 ? text : String(text.prefix(117)) + "..."
    }
}
