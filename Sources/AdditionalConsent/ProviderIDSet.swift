public import ConsentCore

/// A set of Google Additional Consent provider (ATP) ids: any id in `1...2_147_483_647`, held ascending.
///
/// ATP ids are their own id space, and not a 16-bit one: Google's provider list has ids above 65535 (`66531`), which
/// an ``ConsentCore/IDSet`` (a bitset of 16-bit ids) cannot hold, and lists a few hundred ids spread over tens of
/// thousands, for which a bitset would be mostly zeros. So the ids are an ascending array without duplicates:
/// `contains` is a binary search, iteration a walk along the array, union and difference a merge.
public struct ProviderIDSet: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The largest id a set holds (ac.md §4 names ids above 2^31 − 1 as the implementation's limit).
    public static let maximumID = 2_147_483_647

    /// The ids, ascending, each once.
    @usableFromInline var _ids: [UInt32]

    /// The empty set.
    @inlinable
    public init() { _ids = [] }

    /// A set of the given ids, checked: for ids a program did not make itself. In any order, repeats ignored.
    /// - Throws: ``ConsentCore/ConsentError/Code/valueOutOfRange`` naming `field`, `value` the first id outside
    ///   `1...maximumID`.
    public init(checking ids: some Sequence<Int>, field: StaticString = "") throws(ConsentError) {
        var values: [Int] = []
        values.reserveCapacity(ids.underestimatedCount)
        for id in ids {
            guard id >= 1 && id <= Self.maximumID else {
                throw ConsentError(.valueOutOfRange, format: .ac, field: field, value: Int64(id))
            }
            values.append(id)
        }
        self.init(values)
    }

    /// A set of the given ids, in any order, repeats ignored; each must be in `1...maximumID` (a precondition: for
    /// ids from outside the program, use ``init(checking:field:)``).
    public init(_ ids: some Sequence<Int>) {
        var values: [UInt32] = []
        values.reserveCapacity(ids.underestimatedCount)
        var ascending = true
        for id in ids {
            precondition(id >= 1 && id <= Self.maximumID, "provider ids are 1...2147483647")
            let value = UInt32(truncatingIfNeeded: id)
            if let last = values.last, value <= last { ascending = false }
            values.append(value)
        }
        self.init(unsortedIDs: values, ascending: ascending)
    }

    /// The ids of an ``ConsentCore/IDSet``.
    public init(_ set: IDSet) {
        _ids = set.map { UInt32(truncatingIfNeeded: $0) }
    }

    /// A set of the given ids.
    public init(arrayLiteral ids: Int...) { self.init(ids) }

    /// The set of `values`, each in `1...maximumID`, which are strictly ascending when `ascending` (then kept as they
    /// are), else sorted and stripped of repeats.
    init(unsortedIDs values: [UInt32], ascending: Bool) {
        guard !ascending else {
            _ids = values
            return
        }
        var sorted = values
        sorted.sort()
        var kept = 0
        var index = 0
        while index < sorted.count {
            let value = sorted[index]
            if kept == 0 || sorted[kept &- 1] != value {
                sorted[kept] = value
                kept &+= 1
            }
            index &+= 1
        }
        sorted.removeLast(sorted.count &- kept)
        _ids = sorted
    }

    /// The number of ids.
    @inlinable public var count: Int { _ids.count }

    /// True when the set has no id.
    @inlinable public var isEmpty: Bool { _ids.isEmpty }

    /// The smallest id, or nil for the empty set.
    @inlinable public var min: Int? { _ids.first.map { Int($0) } }

    /// The largest id, or nil for the empty set.
    @inlinable public var max: Int? { _ids.last.map { Int($0) } }

    /// The ids, ascending.
    public var sorted: [Int] { _ids.map { Int($0) } }

    /// True when `id` is in the set (a binary search); false for any id outside `1...maximumID`.
    @inlinable
    public func contains(_ id: Int) -> Bool {
        guard id >= 1 && id <= Self.maximumID else { return false }
        let index = _insertionIndex(of: UInt32(truncatingIfNeeded: id))
        return index < _ids.count && _ids[index] == UInt32(truncatingIfNeeded: id)
    }

    /// The index of the first id not below `value`.
    @inlinable
    func _insertionIndex(of value: UInt32) -> Int {
        var low = 0
        var high = _ids.count
        while low < high {
            let middle = low &+ (high &- low) >> 1
            if _ids[middle] < value { low = middle &+ 1 } else { high = middle }
        }
        return low
    }

    /// Adds `id`, which must be in `1...maximumID` (a precondition).
    public mutating func insert(_ id: Int) {
        precondition(id >= 1 && id <= Self.maximumID, "provider ids are 1...2147483647")
        let value = UInt32(truncatingIfNeeded: id)
        let index = _insertionIndex(of: value)
        if index == _ids.count || _ids[index] != value { _ids.insert(value, at: index) }
    }

    /// Removes `id` when the set has it.
    public mutating func remove(_ id: Int) {
        guard contains(id) else { return }
        _ids.remove(at: _insertionIndex(of: UInt32(truncatingIfNeeded: id)))
    }

    /// The ids of either set.
    public func union(_ other: ProviderIDSet) -> ProviderIDSet {
        merged(with: other) { inSelf, inOther in inSelf || inOther }
    }

    /// The ids of both sets.
    public func intersection(_ other: ProviderIDSet) -> ProviderIDSet {
        merged(with: other) { inSelf, inOther in inSelf && inOther }
    }

    /// The ids of this set that `other` does not have.
    public func subtracting(_ other: ProviderIDSet) -> ProviderIDSet {
        merged(with: other) { inSelf, inOther in inSelf && !inOther }
    }

    /// One walk along both arrays, keeping each id for which `keeps(in self, in other)` holds.
    private func merged(with other: ProviderIDSet, keeping keeps: (Bool, Bool) -> Bool) -> ProviderIDSet {
        var result: [UInt32] = []
        var left = 0
        var right = 0
        while left < _ids.count || right < other._ids.count {
            let fromSelf = left < _ids.count ? _ids[left] : UInt32.max
            let fromOther = right < other._ids.count ? other._ids[right] : UInt32.max
            let value = Swift.min(fromSelf, fromOther)
            let inSelf = left < _ids.count && fromSelf == value
            let inOther = right < other._ids.count && fromOther == value
            if keeps(inSelf, inOther) { result.append(value) }
            if inSelf { left &+= 1 }
            if inOther { right &+= 1 }
        }
        var set = ProviderIDSet()
        set._ids = result
        return set
    }

    /// The ids as an ``ConsentCore/IDSet``, when every one is at most 65535 (nil otherwise).
    public var idSet: IDSet? {
        guard (max ?? 0) <= IDSet.maximumID else { return nil }
        return IDSet(sorted)
    }

    /// The ids as runs of consecutive ids, `1-3, 9, 66531`.
    public var foldedDescription: String {
        var parts: [String] = []
        var index = 0
        while index < _ids.count {
            var end = index
            while end &+ 1 < _ids.count && _ids[end &+ 1] == _ids[end] &+ 1 { end &+= 1 }
            parts.append(end == index ? "\(_ids[index])" : "\(_ids[index])-\(_ids[end])")
            index = end &+ 1
        }
        return parts.joined(separator: ", ")
    }

    /// The ids as a JSON array of integers, ascending (json.md's form of an id set). A method of its own rather than
    /// an overload of `JSONValue.ids(_:)`, which would make `.ids([1, 2])` ambiguous for every caller.
    public func jsonValue() -> JSONValue { .array(_ids.map { .int(Int64($0)) }) }

    /// `ProviderIDSet(1-3, 9, 66531)`.
    public var description: String { "ProviderIDSet(\(foldedDescription))" }

    /// Iterates the ids in ascending order.
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline var base: IndexingIterator<[UInt32]>

        @inlinable init(_ ids: [UInt32]) { base = ids.makeIterator() }

        /// The next id in ascending order.
        @inlinable
        public mutating func next() -> Int? { base.next().map { Int($0) } }
    }

    /// An iterator over the ids in ascending order.
    @inlinable public func makeIterator() -> Iterator { Iterator(_ids) }

    /// The number of ids (the same as ``count``).
    @inlinable public var underestimatedCount: Int { _ids.count }
}
