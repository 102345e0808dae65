/// A compact, ordered set of ids in `1...65535`: vendors, purposes, providers, section ids.
///
/// Stored as a bitset, 64 ids a word, id 1 in the most significant bit of the first word (the bit order of the
/// bitfields in the strings, so a 64-bit read becomes a word as it is). The first word is stored inline, so
/// sets whose ids are all at most 64 (purposes, special features, custom purposes) never allocate; the words after
/// it may be a part of an array that other sets share (a decoder's one allocation for all the sets of a string).
/// `contains` is O(1); iteration is ascending; equality ignores how the set was built and where it is stored.
public struct IDSet: Sendable, Hashable {
    /// The largest id any set can hold (16-bit ids).
    public static let maximumID = 65_535

    /// Ids 1...64.
    @usableFromInline var _head: UInt64
    /// Holds ids 65 and above, 64 a word, as the `_tailCount` words from `_tailOffset` on; the part never ends with a
    /// zero word. A decoder may fill one array with the words of several sets and give each set its part (see
    /// ``init(firstWord:sharing:in:)``): one allocation for them all. A set that changes copies its part first.
    @usableFromInline var _storage: [UInt64]
    /// Where the set's words start in `_storage`.
    @usableFromInline var _tailOffset: Int32
    /// How many words of `_storage` are the set's.
    @usableFromInline var _tailCount: Int32

    /// The empty set.
    @inlinable
    public init() {
        _head = 0
        _storage = []
        _tailOffset = 0
        _tailCount = 0
    }

    /// A set of the given ids; each must be in `1...65535` (a precondition: for ids from outside the program, use
    /// ``init(checking:field:)``).
    @inlinable
    public init(_ ids: some Sequence<Int>) {
        self.init()
        for id in ids { insert(id) }
    }

    /// A set of the given ids, checked: for ids a program did not make itself (a form, a file, a request).
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` naming `field`, `value` the first id outside `1...65535`.
    public init(checking ids: some Sequence<Int>, field: StaticString = "") throws(ConsentError) {
        self.init()
        for id in ids {
            guard id >= 1 && id <= IDSet.maximumID else {
                throw ConsentError(.valueOutOfRange, field: field, value: Int64(id))
            }
            insert(id)
        }
    }

    @inlinable
    init(head: UInt64, tail: [UInt64]) {
        _head = head
        _tailOffset = 0
        _tailCount = Int32(truncatingIfNeeded: tail.count)
        _storage = tail
        _trim()
    }

    /// Number of words in use, the inline one included.
    @inlinable var _wordCount: Int { 1 &+ Int(_tailCount) }

    @inlinable @inline(__always)
    func _word(_ index: Int) -> UInt64 { index == 0 ? _head : _tailWord(index &- 1) }

    /// Word `index` of the tail (ids `index*64+65 ...`); `index` must be below `_tailCount`.
    @inlinable @inline(__always)
    func _tailWord(_ index: Int) -> UInt64 { _storage[Int(_tailOffset) &+ index] }

    /// Drops trailing zero words by shortening the part: nothing is copied, even when the storage is shared.
    @inlinable
    mutating func _trim() {
        while _tailCount > 0 && _tailWord(Int(_tailCount) &- 1) == 0 { _tailCount &-= 1 }
    }

    /// Makes `_storage` hold exactly the set's words from index 0, copying them out of a shared or larger array.
    @inlinable
    mutating func _ownTail() {
        if _tailOffset != 0 || Int(_tailCount) != _storage.count {
            _storage = _tailArray
            _tailOffset = 0
        }
    }

    @inlinable
    mutating func _setWord(_ index: Int, _ value: UInt64) {
        if index == 0 {
            _head = value
            return
        }
        let tailIndex = index &- 1
        if tailIndex >= Int(_tailCount) && value == 0 { return }
        _ownTail()
        if tailIndex >= _storage.count {
            _storage.append(contentsOf: repeatElement(0, count: tailIndex &+ 1 &- _storage.count))
            _tailCount = Int32(truncatingIfNeeded: _storage.count)
        }
        _storage[tailIndex] = value
        if value == 0 && tailIndex == Int(_tailCount) &- 1 { _trim() }
    }

    /// Calls `body` with the set's words after the first, in place, so that a loop over them reads each word without
    /// a bounds check of its own (the part's bounds are checked once, here).
    @inlinable @inline(__always)
    func _withTailWords<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt64>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let start = Int(_tailOffset)
        let end = start &+ Int(_tailCount)
        return try unsafe _storage.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
            precondition(start >= 0 && end <= all.count, "an IDSet's words lie within its storage")
            return try unsafe body(UnsafeBufferPointer(rebasing: all[start..<end]))
        }
    }

    /// The set's words after the first, as an array of their own.
    @inlinable
    var _tailArray: [UInt64] {
        let start = Int(_tailOffset)
        return Array(_storage[start..<start &+ Int(_tailCount)])
    }

    /// True when `id` is in the set; false for any id outside `1...65535`.
    @inlinable
    public func contains(_ id: Int) -> Bool {
        let offset = id &- 1
        guard offset >= 0 else { return false }
        let index = offset >> 6
        guard index < _wordCount else { return false }
        return _word(index) & (1 << (63 &- UInt64(offset & 63))) != 0
    }

    /// Adds `id`, which must be in `1...65535` (a precondition: decoders check ids before inserting; see
    /// ``init(checking:field:)``).
    @inlinable
    public mutating func insert(_ id: Int) {
        precondition(id >= 1 && id <= IDSet.maximumID, "IDSet ids are 1...65535")
        let offset = id &- 1
        let index = offset >> 6
        _setWord(index, (index < _wordCount ? _word(index) : 0) | (1 << (63 &- UInt64(offset & 63))))
    }

    /// Adds every id of `range`, a word at a time; the bounds must be in `1...65535`.
    @inlinable
    public mutating func insert(contentsOf range: ClosedRange<Int>) {
        precondition(range.lowerBound >= 1 && range.upperBound <= IDSet.maximumID, "IDSet ids are 1...65535")
        let first = range.lowerBound &- 1
        let last = range.upperBound &- 1
        var index = first >> 6
        let lastIndex = last >> 6
        while index <= lastIndex {
            let low = index == first >> 6 ? first & 63 : 0
            let high = index == lastIndex ? last & 63 : 63
            // Bits low...high counted from the most significant bit.
            let width = UInt64(high &- low &+ 1)
            let mask = width == 64 ? UInt64.max : ((1 << width) &- 1) << (63 &- UInt64(high))
            _setWord(index, (index < _wordCount ? _word(index) : 0) | mask)
            index &+= 1
        }
    }

    /// Removes `id` if present.
    @inlinable
    public mutating func remove(_ id: Int) {
        guard contains(id) else { return }
        let offset = id &- 1
        let index = offset >> 6
        _setWord(index, _word(index) & ~(1 << (63 &- UInt64(offset & 63))))
    }

    /// Removes every id.
    @inlinable
    public mutating func removeAll() {
        self = IDSet()
    }

    /// True when the set has no ids.
    @inlinable public var isEmpty: Bool { _head == 0 && _tailCount == 0 }

    /// The number of ids.
    @inlinable
    public var count: Int {
        let head = _head
        return unsafe _withTailWords { tail in
            var total = head.nonzeroBitCount
            var index = 0
            while index < tail.count {
                total &+= unsafe tail[index].nonzeroBitCount
                index &+= 1
            }
            return total
        }
    }

    /// The smallest id, or nil when empty.
    @inlinable
    public var min: Int? {
        if _head != 0 { return _head.leadingZeroBitCount &+ 1 }
        return unsafe _withTailWords { tail in
            var index = 0
            while index < tail.count {
                let word = unsafe tail[index]
                if word != 0 { return (index &+ 1) &* 64 &+ word.leadingZeroBitCount &+ 1 }
                index &+= 1
            }
            return nil
        }
    }

    /// The largest id, or nil when empty.
    @inlinable
    public var max: Int? {
        if _tailCount > 0 {
            let count = Int(_tailCount)
            return count &* 64 &+ (63 &- _tailWord(count &- 1).trailingZeroBitCount) &+ 1
        }
        if _head == 0 { return nil }
        return 63 &- _head.trailingZeroBitCount &+ 1
    }

    /// The ids as a sorted array.
    public var sorted: [Int] { Array(self) }

    /// The set of ids in either set.
    public func union(_ other: IDSet) -> IDSet {
        var result = self
        result.formUnion(other)
        return result
    }

    /// Adds every id of `other`.
    public mutating func formUnion(_ other: IDSet) {
        _head |= other._head
        guard other._tailCount > 0 else { return }
        _ownTail()
        let theirs = Int(other._tailCount)
        if theirs > _storage.count { _storage.append(contentsOf: repeatElement(0, count: theirs &- _storage.count)) }
        for index in 0..<theirs { _storage[index] |= other._tailWord(index) }
        _tailCount = Int32(truncatingIfNeeded: _storage.count)
    }

    /// The ids in both sets.
    public func intersection(_ other: IDSet) -> IDSet {
        let count = Int(Swift.min(_tailCount, other._tailCount))
        var tail = [UInt64](repeating: 0, count: count)
        for index in 0..<count { tail[index] = _tailWord(index) & other._tailWord(index) }
        return IDSet(head: _head & other._head, tail: tail)
    }

    /// The ids of this set that are not in `other`.
    public func subtracting(_ other: IDSet) -> IDSet {
        var tail = _tailArray
        for index in 0..<Int(Swift.min(_tailCount, other._tailCount)) { tail[index] &= ~other._tailWord(index) }
        return IDSet(head: _head & ~other._head, tail: tail)
    }

    /// True when every id of this set is in `other`.
    public func isSubset(of other: IDSet) -> Bool {
        if _head & ~other._head != 0 { return false }
        for index in 0..<Int(_tailCount) {
            let theirs = index < Int(other._tailCount) ? other._tailWord(index) : 0
            if _tailWord(index) & ~theirs != 0 { return false }
        }
        return true
    }

    /// True when the sets share an id.
    public func intersects(_ other: IDSet) -> Bool {
        if _head & other._head != 0 { return true }
        for index in 0..<Int(Swift.min(_tailCount, other._tailCount))
        where _tailWord(index) & other._tailWord(index) != 0 {
            return true
        }
        return false
    }

    /// Calls `body` with each maximal run of consecutive ids, ascending, without allocating.
    ///
    /// Works a word at a time (leading-bit counts), so its cost follows the number of runs and words, not ids.
    /// - Throws: what `body` throws (the walk stops there).
    @inlinable
    public func forEachRun<E: Error>(_ body: (ClosedRange<Int>) throws(E) -> Void) throws(E) {
        try unsafe _withTailWords { (tail) throws(E) in try unsafe IDSet._forEachRun(head: _head, tail: tail, body) }
    }

    /// The loop of ``forEachRun(_:)`` over the words in place.
    @inlinable @inline(__always)
    static func _forEachRun<E: Error>(
        head: UInt64,
        tail: UnsafeBufferPointer<UInt64>,
        _ body: (ClosedRange<Int>) throws(E) -> Void
    ) throws(E) {
        let wordCount = 1 &+ tail.count
        var runStart = 0  // first id of the open run, 0 when no run is open
        var index = 0
        while index < wordCount {
            let word = index == 0 ? head : unsafe tail[index &- 1]
            let base = index &* 64
            var offset = 0  // bits of `word` consumed, counted from the most significant
            while offset < 64 {
                let rest = word << UInt64(offset)
                if runStart != 0 {
                    // Bits shifted in are zero, so the count of leading ones stops at the word's end.
                    offset &+= (~rest).leadingZeroBitCount
                    if offset >= 64 { break }
                    try body(runStart...(base &+ offset))
                    runStart = 0
                } else {
                    let zeros = rest.leadingZeroBitCount
                    if zeros >= 64 &- offset { break }
                    offset &+= zeros
                    runStart = base &+ offset &+ 1
                }
            }
            index &+= 1
        }
        if runStart != 0 { try body(runStart...(wordCount &* 64)) }
    }

    /// The maximal runs of consecutive ids, ascending: `[1, 2, 3, 5]` has the runs `1...3` and `5...5`.
    public var runs: [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        forEachRun { run in result.append(run) }
        return result
    }

    /// The number of maximal runs, without allocating.
    @inlinable
    public var runCount: Int {
        // A run starts at each set bit whose left neighbour (carried across words) is clear.
        let head = _head
        return unsafe _withTailWords { tail in
            var total = (head & ~(head >> 1)).nonzeroBitCount
            var previousBit = head & 1
            var index = 0
            while index < tail.count {
                let word = unsafe tail[index]
                total &+= (word & ~(word >> 1 | previousBit << 63)).nonzeroBitCount
                previousBit = word & 1
                index &+= 1
            }
            return total
        }
    }

    /// The number of maximal runs that hold a single id, without allocating (a word at a time).
    @inlinable
    public var singleIDRunCount: Int {
        let head = _head
        return unsafe _withTailWords { tail in
            let wordCount = 1 &+ tail.count
            var total = 0
            var previousBit: UInt64 = 0
            var word = head
            var index = 0
            while index < wordCount {
                let next = index &+ 1 < wordCount ? unsafe tail[index] : 0
                let starts = word & ~(word >> 1 | previousBit << 63)
                let ends = word & ~(word << 1 | next >> 63)
                total &+= (starts & ends).nonzeroBitCount
                previousBit = word & 1
                word = next
                index &+= 1
            }
            return total
        }
    }

    /// Makes room for ids up to `maxID`, so that filling the set allocates once at most.
    @inlinable
    public mutating func reserveCapacity(forIDsUpTo maxID: Int) {
        let words = (Swift.min(maxID, IDSet.maximumID) &- 1) >> 6
        if words > Int(_tailCount) {
            _ownTail()
            _storage.reserveCapacity(words)
        }
    }

    /// The ids folded into runs, as people read them: `1-5, 8, 10-12`.
    public var foldedDescription: String {
        var parts: [String] = []
        forEachRun { run in
            parts.append(run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)-\(run.upperBound)")
        }
        return parts.joined(separator: ", ")
    }
}

extension IDSet: Sequence {
    /// Ascending iteration over the ids.
    public struct Iterator: IteratorProtocol, Sendable {
        /// The storage of the words after the first.
        @usableFromInline let storage: [UInt64]
        /// The index in `storage` just after the set's last word.
        @usableFromInline let end: Int
        /// The index in `storage` of the next word to load.
        @usableFromInline var nextIndex: Int
        /// What to add to 64 times a word's index in `storage` for the id of its bit 0.
        @usableFromInline let idBias: Int
        /// The id of bit 0 of `word` (at most 65,473). Unsigned, so that the compiler knows every id handed out is
        /// positive: a caller's `UInt64(id)` or `array[id]` then costs no sign check per id.
        @usableFromInline var base: UInt32
        /// The ids of the current word not yet returned, bit-reversed (lowest id in bit 0).
        @usableFromInline var word: UInt64

        @inlinable @inline(__always)
        init(_ set: IDSet) {
            storage = set._storage
            let start = Int(set._tailOffset)
            end = start &+ Int(set._tailCount)
            nextIndex = start
            // The word at `start` holds ids 65...128: its index after loading is start + 1.
            idBias = 1 &- start &* 64
            base = 1
            word = IDSet._bitReversed(set._head)
        }

        /// The next id in ascending order.
        ///
        /// `word` holds the current word bit-reversed (lowest id in bit 0), so each step is a trailing-zero count
        /// and a clear-lowest-bit, which do not depend on each other (no shift chain per id). Zero words are
        /// skipped without being reversed.
        @inlinable
        public mutating func next() -> Int? {
            if _slowPath(word == 0) {
                let (reversed, index) = Iterator._nextWord(in: storage, from: nextIndex, to: end)
                nextIndex = index
                guard reversed != 0 else { return nil }
                base = UInt32(truncatingIfNeeded: index &* 64 &+ idBias)
                word = reversed
            }
            let bit = word.trailingZeroBitCount
            word &= word &- 1
            return Int(truncatingIfNeeded: base) &+ bit
        }

        /// The first nonzero word of `storage[start..<end]`, bit-reversed, and the index after it; `(0, end)` when
        /// there is none. Out of line and free of the iterator's state, so that the loop over the ids of a word
        /// keeps that state in registers.
        @inlinable @inline(never)
        static func _nextWord(in storage: [UInt64], from start: Int, to end: Int) -> (UInt64, Int) {
            var index = Swift.max(start, 0)
            // `end` is at most the storage's count; saying so lets the compiler drop the check on each load.
            let end = Swift.min(end, storage.count)
            while index < end {
                let word = storage[index]
                index &+= 1
                if word != 0 { return (IDSet._bitReversed(word), index) }
            }
            return (0, end)
        }
    }

    /// `word` with its bit order reversed (bit 63 becomes bit 0), once per word of an iteration.
    @inlinable @inline(__always)
    static func _bitReversed(_ word: UInt64) -> UInt64 {
        var value = word.byteSwapped
        value = (value & 0x0F0F_0F0F_0F0F_0F0F) << 4 | (value >> 4) & 0x0F0F_0F0F_0F0F_0F0F
        value = (value & 0x3333_3333_3333_3333) << 2 | (value >> 2) & 0x3333_3333_3333_3333
        return (value & 0x5555_5555_5555_5555) << 1 | (value >> 1) & 0x5555_5555_5555_5555
    }

    /// An iterator over the ids in ascending order.
    @inlinable @inline(__always) public func makeIterator() -> Iterator { Iterator(self) }

    /// The number of ids (the same as ``count``).
    @inlinable public var underestimatedCount: Int { count }
}

extension IDSet {
    /// True when the sets hold the same ids, wherever their words are stored.
    @inlinable
    public static func == (lhs: IDSet, rhs: IDSet) -> Bool {
        guard lhs._head == rhs._head && lhs._tailCount == rhs._tailCount else { return false }
        var index = 0
        while index < Int(lhs._tailCount) {
            if lhs._tailWord(index) != rhs._tailWord(index) { return false }
            index &+= 1
        }
        return true
    }

    /// Hashes the ids (equal sets hash alike, wherever their words are stored).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_head)
        hasher.combine(_tailCount)
        var index = 0
        while index < Int(_tailCount) {
            hasher.combine(_tailWord(index))
            index &+= 1
        }
    }
}

extension IDSet: ExpressibleByArrayLiteral {
    /// A set of the listed ids.
    @inlinable
    public init(arrayLiteral elements: Int...) { self.init(elements) }
}

extension IDSet: CustomStringConvertible {
    /// `IDSet(1-5, 8)`.
    public var description: String { "IDSet(\(foldedDescription))" }
}

extension IDSet: Codable {
    /// Decodes a JSON array of ids; an id outside `1...65535` is a `DecodingError.dataCorrupted` (untyped `throws`,
    /// as `Decodable` requires; the package's own JSON readers throw ``ConsentError``).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        while !container.isAtEnd {
            let id = try container.decode(Int.self)
            guard id >= 1 && id <= IDSet.maximumID else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "id \(id) outside 1...65535")
            }
            insert(id)
        }
    }

    /// Encodes the ids as an ascending JSON array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for id in self { try container.encode(id) }
    }
}

extension IDSet {
    /// Builds a set straight from bitfield words (id 1 = most significant bit of the first word); used by readers.
    @inlinable
    public init(bitfieldWords words: some Collection<UInt64>) {
        var iterator = words.makeIterator()
        let head = iterator.next() ?? 0
        var tail: [UInt64] = []
        if words.count > 1 {
            tail.reserveCapacity(words.count - 1)
            while let word = iterator.next() { tail.append(word) }
        }
        self.init(head: head, tail: tail)
    }

    /// Builds a set from its first bitfield word (ids 1...64) and the words after it (ids 65...128, and so on),
    /// taking `followingWords` as the set's storage without copying it: a decoder that fills its own array of words
    /// hands it over here, one allocation in all. Trailing zero words are dropped.
    @inlinable
    public init(firstWord: UInt64, followingWords: [UInt64]) {
        self.init(head: firstWord, tail: followingWords)
    }

    /// Builds a set from its first bitfield word and the words after it, `range` of `storage`, which it shares
    /// rather than copies: a decoder can fill one array with the words of several sets and give each set its part,
    /// one allocation for them all. A set that is changed later copies its own words first. Trailing zero words are
    /// dropped. `range` must lie within `storage` and hold at most 1,023 words (ids up to 65535). The set keeps the
    /// whole array alive: a program that keeps one set of many decoded strings for long can copy it out
    /// (`IDSet(set)`) to hold its own words only.
    @inlinable
    public init(firstWord: UInt64, sharing storage: [UInt64], in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count && range.count <= 1_023)
        _head = firstWord
        _storage = storage
        _tailOffset = Int32(truncatingIfNeeded: range.lowerBound)
        _tailCount = Int32(truncatingIfNeeded: range.count)
        _trim()
    }

    /// The 64-bit word holding ids `index*64+1 ... index*64+64`, id `index*64+1` in the most significant bit.
    @inlinable
    public func bitfieldWord(_ index: Int) -> UInt64 { index >= 0 && index < _wordCount ? _word(index) : 0 }
}

/// Fills the words of an ``IDSet`` sized once, for code that adds many ranges of ids (a range-encoded list, say):
/// no per-id growth or uniqueness checks, one allocation at most, and the words handed over to the set without a
/// copy. (The TC string decoder fills its sets' words in one shared array instead.)
public struct IDSetBuilder: Sendable {
    @usableFromInline var head: UInt64
    @usableFromInline var tail: [UInt64]
    /// The largest id the builder takes (0...65535).
    @usableFromInline let limit: Int

    /// A builder for ids in `1...maxID` (`maxID` is clamped to `0...65535`).
    @inlinable
    public init(idsUpTo maxID: Int) {
        head = 0
        limit = Swift.max(0, Swift.min(maxID, IDSet.maximumID))
        tail = limit > 64 ? IDSet._zeroedWords(count: (limit &- 1) >> 6) : []
    }

    /// Adds the ids of `range`; ids outside the builder's `1...maxID` are left out.
    @inlinable @inline(__always)
    public mutating func insert(_ range: ClosedRange<Int>) {
        let first = Swift.max(range.lowerBound, 1) &- 1
        let last = Swift.min(range.upperBound, limit) &- 1
        guard first <= last else { return }
        let firstIndex = first >> 6
        let lastIndex = last >> 6
        // Bits counted from the most significant: ids first...last of their words.
        let firstMask = UInt64.max >> UInt64(first & 63)
        let lastMask = UInt64.max << UInt64(63 &- (last & 63))
        if firstIndex == lastIndex {
            set(firstIndex, firstMask & lastMask)
            return
        }
        set(firstIndex, firstMask)
        var index = firstIndex &+ 1
        while index < lastIndex {
            set(index, UInt64.max)
            index &+= 1
        }
        set(lastIndex, lastMask)
    }

    /// ORs `bits` into word `index` (0 = the head); `index` is at most `tail.count`, checked by `insert`.
    @inlinable @inline(__always)
    mutating func set(_ index: Int, _ bits: UInt64) {
        if index == 0 {
            head |= bits
        } else {
            tail[index &- 1] |= bits
        }
    }

    /// The set of the ids added; the builder is left empty.
    @inlinable
    public mutating func build() -> IDSet {
        // Swapped out rather than copied, so that trimming the zero words after the highest id finds the storage
        // uniquely referenced and does not copy it.
        var words: [UInt64] = []
        swap(&words, &tail)
        while let last = words.last, last == 0 { words.removeLast() }
        return IDSet(head: head, tail: words)
    }

    /// A builder that adds to `set` (whose words it copies once), with room for ids up to `maxID` as well.
    @inlinable
    public init(adding set: consuming IDSet, idsUpTo maxID: Int) {
        head = set._head
        limit = Swift.max(0, Swift.min(maxID, IDSet.maximumID))
        tail = set._tailArray
        let words = limit > 64 ? (limit &- 1) >> 6 : 0
        if words > tail.count { tail.append(contentsOf: repeatElement(0, count: words &- tail.count)) }
    }
}

extension IDSet {
    /// `count` zero words, the storage of a set's ids above 64 for a decoder to fill.
    ///
    /// Made by reserving, then appending: that path is specialized for `UInt64` where it is used.
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:initializingWith:)` allocate in the standard
    /// library's generic code, which looks the storage class's metadata up on every call (callgrind: about 180
    /// instructions more an allocation, counting the zeroing done here).
    @inlinable
    package static func _zeroedWords(count: Int) -> [UInt64] {
        var words: [UInt64] = []
        words.reserveCapacity(count)
        words.append(contentsOf: repeatElement(0, count: count))
        return words
    }
}
