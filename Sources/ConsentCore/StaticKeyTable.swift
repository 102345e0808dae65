/// A lookup table from text keys (static strings: JSON keys of declared fields) to their positions, made once.
///
/// A `[String: Int]` dictionary hashes every looked-up key with SipHash and compares `String`s; reading a
/// section's fields by key spent most of its time there. This table keys each entry by its length and its first
/// and last eight bytes, read as two words: one multiply finds the slot, two word comparisons settle keys of up
/// to 16 bytes, and longer ones compare their middle eight bytes a step. Lookups allocate nothing.
///
/// `@safe`: every pointer read is bounds-checked against its buffer's count in place (proofs in comments), and
/// the entries' pointers come from `StaticString`s, which live as long as the program.
@safe
public struct StaticKeyTable: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        let key: StaticString
        let length: Int
        let head: UInt64
        let tail: UInt64
    }

    /// Slot *i* holds an index into `entries` plus one, or 0 when empty; the count is a power of two more than
    /// the number of keys, so every probe sequence reaches an empty slot.
    private let slots: [UInt16]
    private let entries: [Entry]
    private let mask: Int

    /// A table of `keys`; a key listed twice is found at its last position (as assigning into a dictionary).
    /// Traps on 65535 keys or more (tables are made from declarations, not input).
    public init(_ keys: [StaticString]) {
        precondition(keys.count < Int(UInt16.max), "a key table holds fewer than 65535 keys")
        var size = 4
        while size < keys.count * 2 { size *= 2 }
        var slots = [UInt16](repeating: 0, count: size)
        var entries: [Entry] = []
        for key in keys {
            let entry = key.withUTF8Buffer { bytes in
                let (head, tail) = unsafe StaticKeyTable.words(bytes)
                return Entry(key: key, length: bytes.count, head: head, tail: tail)
            }
            var slot = StaticKeyTable.slot(entry.length, entry.head, entry.tail, mask: size - 1)
            while slots[slot] != 0 {
                let other = entries[Int(slots[slot]) - 1]
                if key.withUTF8Buffer({ bytes in unsafe StaticKeyTable.matches(other, bytes) }) { break }
                slot = (slot + 1) & (size - 1)
            }
            entries.append(entry)
            slots[slot] = UInt16(entries.count)
        }
        self.slots = slots
        self.entries = entries
        mask = size - 1
    }

    /// The position of `key` in the keys the table was made of (the last, when listed twice), or nil.
    public func index(of key: String) -> Int? {
        let found = unsafe key.utf8.withContiguousStorageIfAvailable { unsafe index(ofBytes: $0) }
        if let found { return found }
        var copy = key
        return copy.withUTF8 { unsafe index(ofBytes: $0) }
    }

    private func index(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let (head, tail) = unsafe StaticKeyTable.words(bytes)
        var slot = StaticKeyTable.slot(bytes.count, head, tail, mask: mask)
        while true {
            let position = Int(slots[slot])
            if position == 0 { return nil }
            let entry = entries[position &- 1]
            if entry.length == bytes.count, entry.head == head, entry.tail == tail {
                if bytes.count <= 16 { return position &- 1 }
                if unsafe StaticKeyTable.middleMatches(entry.key, bytes) { return position &- 1 }
            }
            slot = (slot &+ 1) & mask
        }
    }

    private static func slot(_ length: Int, _ head: UInt64, _ tail: UInt64, mask: Int) -> Int {
        let mixed = (head ^ (tail << 29 | tail >> 35) ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }

    /// The first eight bytes and the last eight bytes (zero-filled when shorter; the tail is 0 for 8 bytes or fewer).
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let count = bytes.count
        guard count >= 8, let base = bytes.baseAddress else {
            var head: UInt64 = 0
            for index in 0..<count { head |= UInt64(unsafe bytes[index]) << UInt64(index &* 8) }
            return (head, 0)
        }
        // Proof: count >= 8, so the eight bytes at 0 and at count - 8 lie inside the buffer; loadUnaligned has no
        // alignment requirement.
        let head = unsafe UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let tail = count > 8 ? unsafe UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self) : 0
        return (head, tail)
    }

    private static func matches(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (head, tail) = unsafe words(bytes)
        guard entry.length == bytes.count, entry.head == head, entry.tail == tail else { return false }
        return unsafe bytes.count <= 16 || middleMatches(entry.key, bytes)
    }

    /// True when bytes 8..<count - 8 of `key` and `bytes` are equal; both have the same count, above 16.
    private static func middleMatches(_ key: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        key.withUTF8Buffer { mine in
            guard mine.count == bytes.count, let mineBase = mine.baseAddress, let base = bytes.baseAddress else {
                return false
            }
            var offset = 8
            while offset &+ 8 <= bytes.count {
                // Proof: offset + 8 <= count for both buffers (equal counts, checked above).
                let left = unsafe UnsafeRawPointer(mineBase + offset).loadUnaligned(as: UInt64.self)
                let right = unsafe UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                if left != right { return false }
                offset &+= 8
            }
            // The bytes after the last whole word lie in the tail, compared by the caller.
            return true
        }
    }
}
