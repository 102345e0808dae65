import ConsentKit

/// How often each value was seen (error codes, CMP ids, policy versions), listed most frequent first.
struct Tally<Key: Hashable & Comparable> {
    private(set) var counts: [Key: Int] = [:]

    /// Counts `key` once more.
    mutating func add(_ key: Key) { counts[key, default: 0] += 1 }

    /// The number of times `key` was seen.
    subscript(key: Key) -> Int { counts[key] ?? 0 }

    /// The total of all counts.
    var total: Int { counts.values.reduce(0, +) }

    /// The values and their counts, most frequent first (equal counts in ascending order of value); at most
    /// `limit` of them.
    func ranked(limit: Int = .max) -> [(key: Key, count: Int)] {
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return sorted.prefix(limit).map { (key: $0.key, count: $0.value) }
    }

    /// A JSON object of the counts, keyed by each value's text, in ascending order of value.
    func jsonValue() -> JSONValue {
        .object(JSONObject(counts.sorted { $0.key < $1.key }.map { ("\($0.key)", .int(Int64($0.value))) }))
    }
}

/// How many strings had each id in a set (purposes, vendors, providers): a counter per id, so adding a set costs
/// one step per id in it, whatever the number of strings.
struct IDCounts {
    private var counts: [Int]

    /// Counters for ids 1...`maximumID`.
    init(maximumID: Int = IDSet.maximumID) { counts = Array(repeating: 0, count: maximumID + 1) }

    /// Counts every id of `set` once more (ids above the maximum are not counted).
    mutating func add(_ set: IDSet) {
        for id in set where id < counts.count { counts[id] += 1 }
    }

    /// The number of strings whose set held `id`.
    subscript(id: Int) -> Int { id >= 0 && id < counts.count ? counts[id] : 0 }

    /// The ids held by at least one string, with their counts, most frequent first (equal counts by ascending
    /// id); at most `limit` of them.
    func ranked(limit: Int = .max) -> [(id: Int, count: Int)] {
        let seen = counts.indices.lazy.filter { self.counts[$0] > 0 }.map { (id: $0, count: self.counts[$0]) }
        return Array(seen.sorted { $0.count != $1.count ? $0.count > $1.count : $0.id < $1.id }.prefix(limit))
    }

    /// A JSON object of the counts of the ids 1...`through` (every one, zeros included: a purpose no string
    /// consented to is worth seeing).
    func jsonValue(through last: Int) -> JSONValue {
        .object(JSONObject((1...last).map { ("\($0)", .int(Int64(self[$0]))) }))
    }

    /// The highest id held by some string, or 0.
    var highestID: Int { counts.lastIndex { $0 > 0 } ?? 0 }

    /// A JSON object of the counts of the ids held by at least one string, in ascending order.
    func jsonValue() -> JSONValue {
        .object(JSONObject(counts.indices.filter { counts[$0] > 0 }.map { ("\($0)", .int(Int64(counts[$0]))) }))
    }
}
