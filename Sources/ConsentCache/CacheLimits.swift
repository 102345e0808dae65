/// How much a ``ConsentStringCache`` may hold: a number of entries and a number of bytes, both hard bounds.
///
/// An entry's size is the UTF-8 length of its string plus ``entryOverhead``: the string is what the cache keeps
/// alive that the caller controls, and the overhead stands for the bookkeeping and the decoded value's fixed
/// part, so that many short strings cannot hold unbounded memory under a byte budget either.
public struct CacheLimits: Sendable, Hashable {
    /// Bytes charged to every entry on top of its string's UTF-8 length.
    public static let entryOverhead = 512

    /// Most entries held at once: from 1 (a value below is taken as 1; to keep nothing, set ``maxBytes`` to 0) to
    /// about a billion (a value above is taken as that).
    public var maxEntries: Int {
        get { _maxEntries }
        set { _maxEntries = Swift.min(Swift.max(newValue, 1), Int(Int32.max) / 2) }
    }
    /// Most bytes held at once, counted as the strings' UTF-8 lengths plus ``entryOverhead`` each (a negative value
    /// is taken as 0: nothing is kept). A string whose entry alone would exceed it is decoded and returned but not
    /// kept.
    public var maxBytes: Int {
        get { _maxBytes }
        set { _maxBytes = Swift.max(newValue, 0) }
    }
    private var _maxEntries = 1
    private var _maxBytes = 0

    /// The limits, each held to its range as its property says; the defaults hold every distinct string an ad
    /// server sees in a few minutes (10,000 strings, 16 MiB: about 13,800 typical 700-character TC strings).
    public init(maxEntries: Int = 10_000, maxBytes: Int = 16 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// What an entry for a string of `utf8Count` bytes counts against ``maxBytes``.
    @inlinable
    public static func cost(ofUTF8Count utf8Count: Int) -> Int { utf8Count + entryOverhead }
}

/// What a ``ConsentStringCache`` has done since it was made: lookups that found their string, lookups that did not,
/// and entries evicted to make room, with what it holds now.
public struct CacheStatistics: Sendable, Hashable {
    /// Lookups answered from the cache (a cached failure included).
    public var hits: UInt64 = 0
    /// Lookups that had to decode.
    public var misses: UInt64 = 0
    /// Entries removed to stay within the limits.
    public var evictions: UInt64 = 0
    /// Entries held now.
    public var entryCount: Int = 0
    /// Bytes held now, as ``CacheLimits`` counts them.
    public var byteCount: Int = 0

    /// Zero everything.
    public init() {}

    /// Hits over lookups, or 0 before the first lookup.
    public var hitRate: Double {
        let lookups = hits + misses
        return lookups == 0 ? 0 : Double(hits) / Double(lookups)
    }
}
