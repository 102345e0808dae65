package import ConsentCore

/// A thread-safe, bounded cache of a text made from each consent string (the `consent` command's JSON line for
/// it), or of the error making it gave, keyed like ``ConsentStringCache``: XXH3-64 of the string's UTF-8, with the
/// whole string compared on a hit.
///
/// Not API (package access): the command's streaming mode prints the same JSON line for every repeat of a string,
/// and building it costs more than decoding. The caller makes the text on a miss (``result(for:)`` returns nil)
/// and hands it back with ``keep(_:for:)``, so that it can render with buffers of its own, outside any lock.
///
/// Bounds: an entry costs its string's UTF-8 length, its text's UTF-8 length and ``CacheLimits/entryOverhead``
/// against ``CacheLimits/maxBytes``, so a few long texts cannot hold more memory than the limits say.
package final class DerivedTextCache: Sendable {
    private let hash: StringKey.Hash
    private let table: LockedValue<ClockTable<String>>

    /// An empty cache within `limits`.
    package init(limits: CacheLimits) {
        hash = StringKey.xxh3
        table = LockedValue(ClockTable(limits: limits))
    }

    /// The text or error kept for `encoded`, or nil when the cache does not hold it (a miss).
    package func result(for encoded: String) -> Result<String, ConsentError>? {
        let outcome = StringKey.withUTF8(encoded) { bytes in
            let hashValue = hash(bytes)
            return table.withLock { table in table.lookup(hash: hashValue, bytes: bytes) }
        }
        switch outcome {
        case .success(let text)?: return .success(text)
        case .failure(let box)?: return .failure(box.error)
        case nil: return nil
        }
    }

    /// Keeps `result` for `encoded`, evicting other entries as the limits require (an entry larger than the byte
    /// limit alone is not kept).
    package func keep(_ result: Result<String, ConsentError>, for encoded: String) {
        let hashValue = StringKey.withUTF8(encoded) { hash($0) }
        let outcome: ClockTable<String>.Outcome
        let valueBytes: Int
        switch result {
        case .success(let text):
            outcome = .success(text)
            valueBytes = text.utf8.count
        case .failure(let error):
            outcome = .failure(FailureBox(error))
            valueBytes = 0
        }
        table.withLock { table in
            table.insert(hash: hashValue, key: encoded, outcome: outcome, valueBytes: valueBytes)
        }
    }

    /// Hits, misses and evictions so far, and what the cache holds now.
    package var statistics: CacheStatistics {
        table.withLock { table in table.statistics }
    }
}
