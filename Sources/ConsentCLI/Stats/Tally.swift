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
    /// The counts of ids above the array's, by id: Additional Consent provider ids reach past 65535.
    private var beyond: [Int: Int] = [:]

    /// Counters for ids 1...`maximumID`, and for any larger id as it comes.
    init(maximumID: Int = IDSet.maximumID) { counts = Array(repeating: 0, count: maximumID + 1) }

    /// Counts every id of `ids` once more.
    mutating func add(_ ids: some Sequence<Int>) {
        for id in ids {
            if id >= 0 && id < counts.count { counts[id] += 1 } else { beyond[id, default: 0] += 1 }
        }
    }

    /// The number of strings whose set held `id`.
    subscript(id: Int) -> Int { id >= 0 && id < counts.count ? counts[id] : beyond[id] ?? 0 }

    /// The ids held by at least one string, with their counts, in ascending order of id.
    private var seen: [(id: Int, count: Int)] {
        counts.indices.filter { counts[$0] > 0 }.map { (id: $0, count: counts[$0]) }
            + beyond.sorted { $0.key < $1.key }.map { (id: $0.key, count: $0.value) }
    }

    /// The ids held by at least one string, with their counts, most frequent first (equal counts by ascending
    /// id); at most `limit` of them.
    func ranked(limit: Int = .max) -> [(id: Int, count: Int)] {
        Array(seen.sorted { $0.count != $1.count ? $0.count > $1.count : $0.id < $1.id }.prefix(limit))
    }

    /// A JSON object of the counts of the ids 1...`through` (every one, zeros included: a purpose no string
    /// consented to is worth seeing).
    func jsonValue(through last: Int) -> JSONValue {
        .object(JSONObject((1...last).map { ("\($0)", .int(Int64(self[$0]))) }))
    }

    /// The highest id held by some string, or 0.
    var highestID: Int { beyond.keys.max() ?? counts.lastIndex { $0 > 0 } ?? 0 }

    /// A JSON object of the counts of the ids held by at least one string, in ascending order.
    func jsonValue() -> JSONValue {
        .object(JSONObject(seen.map { ("\($0.id)", .int(Int64($0.count))) }))
    }
}
