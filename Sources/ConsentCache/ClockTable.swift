import ConsentCore

/// The cache's storage, for one thread at a time (``DecodingCache`` holds it under a lock): entries in slots,
/// an open-addressing index from hash to slot, and a CLOCK hand that picks what to evict.
///
/// Why CLOCK: a hit only sets the entry's reference bit, so the hot path writes one byte and moves nothing (an
/// LRU list would relink two nodes under the lock on every hit), and CLOCK keeps LRU's hit rate on the skewed
/// (Zipf-like) streams an ad server sees. New entries start unreferenced: a string seen once is the first to
/// go when the hand reaches it unless it is asked for again in the meantime, so a burst of one-off strings
/// cannot push out the popular ones (the "quick demotion" that makes SIEVE and S3-FIFO good on web traffic).
///
/// Hash collisions are harmless: the index may hold several entries with the same hash, and a lookup
/// compares the whole string before it answers.
struct ClockTable<Value: Sendable>: Sendable {
    /// An index bucket: the entry's hash, and its slot (-1 for an empty bucket).
    struct Bucket: Sendable {
        var hash: UInt64
        var slot: Int32

        static var empty: Bucket { Bucket(hash: 0, slot: -1) }
    }

    /// What a slot holds: the value, or the error in a box (a `ConsentError` is about 130 bytes, which every hit
    /// would copy). A hit copies the value under the lock, so a large value should be a class: the cache of
    /// consent strings stores `SharedConsentString` references.
    enum Outcome: Sendable {
        case success(Value)
        case failure(FailureBox)
    }

    /// The bookkeeping of a slot: its key is `keyCount` bytes at `keyOffset` in the key arena, its result lives in
    /// an array of its own.
    struct SlotState: Sendable {
        var hash: UInt64
        var cost: Int
        var keyOffset: Int
        var keyCount: Int
        var isOccupied: Bool
        var isReferenced: Bool
    }

    let limits: CacheLimits
    private(set) var statistics = CacheStatistics()
    /// Open addressing with linear probing, at most half full; a power of two long.
    private var buckets: [Bucket]
    // The slots, as parallel arrays so that a lookup reads the key in place and copies nothing but the outcome it
    // returns. A free slot has a nil outcome and isOccupied false.
    /// Every slot's key, UTF-8, end to end: plain bytes, so that comparing one retains nothing (a `String` key
    /// would be retained and released on every probe: a third of a hit's time). Evicted keys stay as garbage
    /// until it outweighs the live keys, when the arena is compacted: it never holds more than twice the bytes
    /// of the keys held.
    private var keyArena: [UInt8] = []
    /// Bytes of `keyArena` that belong to no slot.
    private var garbageBytes = 0
    private var outcomes: [Outcome?] = []
    private var states: [SlotState] = []
    /// Slots emptied by byte-bound evictions, reused first.
    private var freeSlots: [Int32] = []
    /// The CLOCK hand: the slot the next eviction looks at first.
    private var hand = 0

    init(limits: CacheLimits) {
        self.limits = limits
        buckets = Array(repeating: .empty, count: 16)
    }

    private var mask: Int { buckets.count &- 1 }

    /// The cached outcome for the string whose UTF-8 is `bytes` and whose hash is `hash`, counting a hit or a miss;
    /// a hit marks the entry referenced.
    mutating func lookup(hash: UInt64, bytes: UnsafeRawBufferPointer) -> Outcome? {
        guard let slot = find(hash: hash, bytes: bytes) else {
            statistics.misses &+= 1
            return nil
        }
        statistics.hits &+= 1
        states[slot].isReferenced = true
        return outcomes[slot]
    }

    /// The slot holding exactly `bytes`, or nil.
    private func find(hash: UInt64, bytes: UnsafeRawBufferPointer) -> Int? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let bucket = buckets[index]
            if bucket.slot < 0 { return nil }
            if bucket.hash == hash && key(of: Int(bucket.slot), equals: bytes) { return Int(bucket.slot) }
            index = (index &+ 1) & mask
        }
    }

    /// True when the key of `slot` is exactly `bytes`: byte equality, not Unicode equivalence, since two different
    /// byte sequences are two different consent strings (and decode to different errors).
    private func key(of slot: Int, equals bytes: UnsafeRawBufferPointer) -> Bool {
        let state = states[slot]
        guard state.keyCount == bytes.count else { return false }
        return keyArena.withUnsafeBytes { arena in
            StringKey.bytes(
                UnsafeRawBufferPointer(rebasing: arena[state.keyOffset..<state.keyOffset + state.keyCount]),
                equal: bytes
            )
        }
    }

    /// Keeps `outcome` for `key`, evicting as the limits require. Does nothing when `key` is already held (another
    /// thread decoded it meanwhile) or when its entry alone is larger than the byte limit. `valueBytes` is added to
    /// the entry's cost when the value holds memory that grows with the input (a cached text).
    mutating func insert(hash: UInt64, key: String, outcome: Outcome, valueBytes: Int = 0) {
        let cost = CacheLimits.cost(ofUTF8Count: key.utf8.count) &+ max(valueBytes, 0)
        guard cost <= limits.maxBytes else { return }
        let present = StringKey.withUTF8(key) { find(hash: hash, bytes: $0) != nil }
        guard !present else { return }
        while statistics.entryCount >= limits.maxEntries || statistics.byteCount > limits.maxBytes &- cost {
            evictOne()
        }
        if garbageBytes > keyArena.count &- garbageBytes { compactKeyArena() }
        let keyOffset = keyArena.count
        keyArena.append(contentsOf: key.utf8)
        let state = SlotState(
            hash: hash,
            cost: cost,
            keyOffset: keyOffset,
            keyCount: keyArena.count &- keyOffset,
            isOccupied: true,
            isReferenced: false
        )
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
            outcomes[slot] = outcome
            states[slot] = state
        } else {
            slot = states.count
            outcomes.append(outcome)
            states.append(state)
        }
        if (statistics.entryCount &+ 1) &* 2 > buckets.count { growIndex() }
        placeInIndex(Bucket(hash: hash, slot: Int32(slot)))
        statistics.entryCount &+= 1
        statistics.byteCount &+= cost
    }

    /// Drops every entry; the counters of hits, misses and evictions stay.
    mutating func removeAll() {
        buckets = Array(repeating: .empty, count: 16)
        keyArena = []
        garbageBytes = 0
        outcomes = []
        states = []
        freeSlots = []
        hand = 0
        statistics.entryCount = 0
        statistics.byteCount = 0
    }

    /// Evicts the first unreferenced entry at or after the hand, clearing reference bits on the way (at most
    /// one full turn, since the turn clears them all). Called only when there is an entry.
    private mutating func evictOne() {
        while true {
            if hand >= states.count { hand = 0 }
            let slot = hand
            hand &+= 1
            let state = states[slot]
            guard state.isOccupied else { continue }
            if state.isReferenced {
                states[slot].isReferenced = false
                continue
            }
            removeFromIndex(hash: state.hash, slot: slot)
            garbageBytes &+= state.keyCount
            outcomes[slot] = nil
            states[slot].isOccupied = false
            freeSlots.append(Int32(slot))
            statistics.entryCount &-= 1
            statistics.byteCount &-= state.cost
            statistics.evictions &+= 1
            return
        }
    }

    /// Rewrites the key arena with the keys of occupied slots only, in slot order.
    private mutating func compactKeyArena() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(keyArena.count &- garbageBytes)
        for slot in states.indices where states[slot].isOccupied {
            let start = states[slot].keyOffset
            states[slot].keyOffset = compacted.count
            compacted.append(contentsOf: keyArena[start..<start &+ states[slot].keyCount])
        }
        keyArena = compacted
        garbageBytes = 0
    }

    private mutating func placeInIndex(_ bucket: Bucket) {
        var index = Int(truncatingIfNeeded: bucket.hash) & mask
        while buckets[index].slot >= 0 { index = (index &+ 1) & mask }
        buckets[index] = bucket
    }

    /// Removes the bucket of `slot` and shifts the buckets after it back, so that no probe sequence is broken
    /// and no tombstones accumulate.
    private mutating func removeFromIndex(hash: UInt64, slot: Int) {
        var hole = Int(truncatingIfNeeded: hash) & mask
        while Int(buckets[hole].slot) != slot { hole = (hole &+ 1) & mask }
        var next = (hole &+ 1) & mask
        while buckets[next].slot >= 0 {
            let home = Int(truncatingIfNeeded: buckets[next].hash) & mask
            // The bucket at `next` may move into the hole when the hole lies on its probe path.
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        buckets[hole] = .empty
    }

    private mutating func growIndex() {
        let old = buckets
        buckets = Array(repeating: .empty, count: old.count &* 2)
        for bucket in old where bucket.slot >= 0 { placeInIndex(bucket) }
    }
}

/// A cached decoding error, boxed (see ClockTable.Outcome).
final class FailureBox: Sendable {
    let error: ConsentError

    init(_ error: ConsentError) { self.error = error }
}
