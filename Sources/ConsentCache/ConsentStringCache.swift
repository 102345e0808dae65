public import ConsentKit

/// A thread-safe, bounded cache of decoded consent strings, for workloads where the same strings repeat millions
/// of times: an ad server sees a few thousand distinct consent strings a minute among millions of requests.
///
/// ```swift
/// let cache = ConsentStringCache()
/// let consent = try cache.entry(for: request.gdprConsent)  // decoded once, then shared from the cache
/// if case .tcf(.v2(let tcString)) = consent.value { ... }
/// ```
///
/// - Keys: the XXH3-64 hash of the string's UTF-8 bytes (libxxhash), and a hit compares the whole string before
///   it answers, so a hash collision can never return another string's consent.
/// - Bounds: at most ``CacheLimits/maxEntries`` entries and ``CacheLimits/maxBytes`` bytes (each string's UTF-8
///   length plus ``CacheLimits/entryOverhead``), never exceeded, even for a moment.
/// - Eviction: CLOCK (second chance). A hit only sets the entry's reference bit, so the hot path writes one byte
///   under the lock and relinks nothing, and the hit rate on skewed streams is LRU's. New entries start
///   unreferenced, so a burst of one-off strings is evicted before the popular ones.
/// - Failures are cached as the error: decoding is a pure function of the string and the options, a failing
///   decode can cost as much as a successful one, and broken strings repeat in a bid stream too. ``entry(for:)``
///   and ``value(for:)`` throw the cached error again, unchanged.
/// - Threads: one lock around the table, held for the lookup only (hash and decode happen outside it). A hit
///   allocates nothing; ``entry(for:)`` copies one reference, ``value(for:)`` the whole decoded value.
public final class ConsentStringCache: Sendable {
    private let cache: DecodingCache<SharedConsentString>
    /// The decoding options every string is decoded with.
    public let options: DecodingOptions

    /// A cache within `limits` of strings decoded by `ConsentString(encoded:options:)` (kind detected).
    public init(limits: CacheLimits = CacheLimits(), options: DecodingOptions = DecodingOptions()) {
        self.options = options
        cache = DecodingCache(limits: limits) { text throws(ConsentError) in
            SharedConsentString(try ConsentString(encoded: text, options: options))
        }
    }

    /// The bounds given at creation.
    public var limits: CacheLimits { cache.limits }

    /// The decoded string for `encoded`, shared with every other caller that asks for it: from the cache when
    /// it holds the string, else decoded and kept. The fast path: a hit copies one reference and allocates
    /// nothing.
    /// - Throws: the ``ConsentCore/ConsentError`` decoding `encoded` gives (cached like a value).
    public func entry(for encoded: String) throws(ConsentError) -> SharedConsentString {
        try cache.value(for: encoded)
    }

    /// A copy of the decoded value of `encoded` (see ``entry(for:)``, which does not copy it).
    /// - Throws: the ``ConsentCore/ConsentError`` decoding `encoded` gives (cached like a value).
    public func value(for encoded: String) throws(ConsentError) -> ConsentString {
        try cache.value(for: encoded).value
    }

    /// The decoded value of `encoded`, or the error its decoding gives, from the cache when it holds the string.
    public func result(for encoded: String) -> Result<ConsentString, ConsentError> {
        cache.result(for: encoded).map(\.value)
    }

    /// Hits, misses and evictions so far, and what the cache holds now.
    public var statistics: CacheStatistics { cache.statistics }

    /// Drops every entry (the hit, miss and eviction counts stay).
    public func removeAll() { cache.removeAll() }
}
