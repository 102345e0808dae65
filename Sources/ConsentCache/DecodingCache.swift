import ConsentCore

/// A thread-safe, bounded cache in front of a decoder: the engine of `ConsentStringCache`.
///
/// Generic so that the tests can drive it with values and hash functions of their own; internal because a generic
/// class used from another module runs unspecialized (metadata looked up at run time on every call, some ten
/// times slower), while `ConsentStringCache` gets a copy specialized for `ConsentString` in this module.
///
/// Keys are the XXH3-64 hash of the string's UTF-8 bytes, and a hit compares the whole string before it
/// answers, so a hash collision can never return another string's consent. The cache holds at most
/// ``CacheLimits/maxEntries`` entries and ``CacheLimits/maxBytes`` bytes; CLOCK picks what to evict (see
/// `ClockTable`). A hit takes the lock once, writes one reference bit and allocates nothing.
///
/// Failures are cached too, as the error: a decode is a pure function of the string and the decoder, a failing
/// decode can cost as much as a successful one, and broken strings repeat in a bid stream just as good ones do.
/// ``value(for:)`` throws the cached error again, unchanged.
///
/// Decoding happens outside the lock: a miss never blocks the other threads' hits. Two threads missing the
/// same string at once both decode it, and the first to finish keeps its entry.
final class DecodingCache<Value: Sendable>: Sendable {
    /// A decoder: the string to its value, or the ``ConsentError`` that says why not.
    typealias Decoder = @Sendable (String) throws(ConsentError) -> Value

    /// The bounds given at creation.
    let limits: CacheLimits
    private let decode: Decoder
    private let hash: StringKey.Hash
    private let table: LockedValue<ClockTable<Value>>

    /// A cache of what `decode` returns (or throws) for each string, within `limits`.
    convenience init(limits: CacheLimits = CacheLimits(), decode: @escaping Decoder) {
        self.init(limits: limits, hash: StringKey.xxh3, decode: decode)
    }

    /// A cache with another hash function: tests use it to make strings collide.
    init(limits: CacheLimits, hash: @escaping StringKey.Hash, decode: @escaping Decoder) {
        self.limits = limits
        self.decode = decode
        self.hash = hash
        table = LockedValue(ClockTable(limits: limits))
    }

    /// The decoded value of `encoded`: from the cache when it holds the string, else decoded and kept.
    ///
    /// - Throws: the decoder's ``ConsentError`` for this string (cached like a value).
    func value(for encoded: String) throws(ConsentError) -> Value {
        switch outcome(for: encoded) {
        case .success(let value): return value
        case .failure(let box): throw box.error
        }
    }

    /// The decoded value of `encoded`, or the error its decoding gave, from the cache when it holds the string.
    func result(for encoded: String) -> Result<Value, ConsentError> {
        switch outcome(for: encoded) {
        case .success(let value): .success(value)
        case .failure(let box): .failure(box.error)
        }
    }

    /// The cached outcome for `encoded`, decoding and keeping it on a miss.
    func outcome(for encoded: String) -> ClockTable<Value>.Outcome {
        let (hashValue, cached) = StringKey.withUTF8(encoded) { bytes in
            let hashValue = hash(bytes)
            let cached = table.withLock { table in table.lookup(hash: hashValue, bytes: bytes) }
            return (hashValue, cached)
        }
        if let cached { return cached }
        let decoded: ClockTable<Value>.Outcome
        do throws(ConsentError) {
            decoded = .success(try decode(encoded))
        } catch {
            decoded = .failure(FailureBox(error))
        }
        table.withLock { table in table.insert(hash: hashValue, key: encoded, outcome: decoded) }
        return decoded
    }

    /// Hits, misses and evictions so far, and what the cache holds now.
    var statistics: CacheStatistics {
        table.withLock { table in table.statistics }
    }

    /// Drops every entry (the hit, miss and eviction counts stay).
    func removeAll() {
        table.withLock { table in table.removeAll() }
    }
}
