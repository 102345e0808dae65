import ConsentCore

/// The words above id 64 of every vendor set of one decoded TC string, in one array: one allocation for the vendor
/// consents, vendor legitimate interests, disclosed and allowed vendors and every restriction's vendors together,
/// where each set used to allocate its own.
///
/// The scan has counted the words each set needs, so the array is allocated once, zeroed, at that size. The decoder
/// fills each set's words in turn through ``fill(_:_:)``; only when every set is filled does it cut the array into
/// the sets with ``set(head:words:)``, since a set holding part of the array makes the array shared, and writing to
/// it then would copy it. A set that is changed later copies its own words only (``IDSet`` is a value).
struct SetWordArena {
    /// The words; zero where no set has been filled yet.
    private(set) var words: [UInt64]
    /// The words handed out so far.
    private var used = 0

    /// An arena of `wordCount` zeroed words (no allocation for 0).
    init(wordCount: Int) {
        words = wordCount > 0 ? IDSet._zeroedWords(count: wordCount) : []
    }

    /// The words after the first that a set of ids up to `limit` needs: `(limit - 1) / 64`, 0 up to 64. Every limit
    /// comes from a 16-bit field, so it is at most 1,023.
    @inline(__always)
    static func tailWords(forIDsUpTo limit: Int) -> Int {
        limit > 64 ? (limit &- 1) >> 6 : 0
    }

    /// Hands the next `count` words, zeroed, to `body`, which fills them and returns the set's first word.
    ///
    /// The array grows when the scan's count was short (it never is; growing keeps that from being a trap).
    mutating func fill(
        _ count: Int,
        _ body: (UnsafeMutableBufferPointer<UInt64>) throws(ConsentError) -> UInt64
    ) throws(ConsentError) -> FilledSet {
        let start = used
        let end = start &+ Swift.max(count, 0)
        if end > words.count { words.append(contentsOf: repeatElement(0, count: end &- words.count)) }
        used = end
        let head = try unsafe words.withUnsafeMutableBufferPointer { buffer throws(ConsentError) -> UInt64 in
            try body(unsafe UnsafeMutableBufferPointer(rebasing: buffer[start..<end]))
        }
        return (head, start..<end)
    }

    /// As ``fill(_:_:)``, for a set that often needs no words here (a vendor section of ids up to 64): `body` then
    /// gets an empty buffer and the array is left alone, where asking an empty array (a shared one) for its mutable
    /// buffer makes it copy itself. Not folded into ``fill(_:_:)``: a second call of `body` there stops the
    /// restrictions' fill loop from being inlined.
    @inline(__always)
    mutating func fillUnlessEmpty(
        _ count: Int,
        _ body: (UnsafeMutableBufferPointer<UInt64>) throws(ConsentError) -> UInt64
    ) throws(ConsentError) -> FilledSet {
        guard count > 0 else { return (try unsafe body(UnsafeMutableBufferPointer(start: nil, count: 0)), used..<used) }
        return try fill(count, body)
    }

    /// A set filled into the arena and not yet cut from it: its first word (ids 1...64), and where its other words
    /// are.
    typealias FilledSet = (head: UInt64, words: Range<Int>)

    /// The set whose first word is `head` and whose other words are `words` of the arena, sharing the array.
    func set(head: UInt64, words range: Range<Int>) -> IDSet {
        if range.isEmpty { return IDSet(firstWord: head, followingWords: []) }
        return IDSet(firstWord: head, sharing: words, in: range)
    }

    /// The set of a part filled earlier, sharing the array.
    func set(_ filled: FilledSet) -> IDSet { set(head: filled.head, words: filled.words) }
}
