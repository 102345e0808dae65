/// A fixed-length list of small unsigned integers, packed into one word: GPP's `N-Bitfield(2,k)` fields such as
/// usnat's `SensitiveDataProcessing` (16 items of 2 bits). At most 64 bits in all; never allocates.
public struct FixedIntegerList: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The items, item 0 in the most significant used bits (the order they are written).
    @usableFromInline var _packed: UInt64
    /// Number of items.
    public let count: Int
    /// Width of each item in bits.
    public let bitsPerItem: Int

    /// Wraps packed bits; `count * bitsPerItem` must be at most 64.
    @inlinable
    public init(packed: UInt64, count: Int, bitsPerItem: Int) {
        precondition(count >= 0 && bitsPerItem >= 1 && bitsPerItem <= 8 && count * bitsPerItem <= 64, "list too wide")
        let used = count * bitsPerItem
        _packed = used == 64 ? packed : packed & ((1 << UInt64(used)) &- 1)
        self.count = count
        self.bitsPerItem = bitsPerItem
    }

    /// A list of `count` zeros.
    @inlinable
    public init(count: Int, bitsPerItem: Int) { self.init(packed: 0, count: count, bitsPerItem: bitsPerItem) }

    /// A list of the given values.
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when a value does not fit `bitsPerItem` bits (`value` is the
    ///   value), or when the items take more than 64 bits or `bitsPerItem` is outside 1...8 (`value` is the count).
    public init(_ values: [Int], bitsPerItem: Int, field: StaticString = "") throws(ConsentError) {
        guard bitsPerItem >= 1, bitsPerItem <= 8, values.count <= 64 / bitsPerItem else {
            throw ConsentError(.valueOutOfRange, field: field, value: Int64(values.count))
        }
        self.init(count: values.count, bitsPerItem: bitsPerItem)
        for (index, value) in values.enumerated() { try set(index, to: value, field: field) }
    }

    /// The packed bits, item 0 first (most significant), `count * bitsPerItem` bits in all.
    @inlinable public var packed: UInt64 { _packed }

    /// Always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of items.
    @inlinable public var endIndex: Int { count }

    /// The item at `index` (0-based).
    @inlinable
    public subscript(index: Int) -> Int {
        precondition(index >= 0 && index < count, "FixedIntegerList index out of range")
        let shift = UInt64((count &- 1 &- index) &* bitsPerItem)
        return Int((_packed >> shift) & ((1 << UInt64(bitsPerItem)) &- 1))
    }

    /// Sets the item at `index` (0-based, below `count`: a precondition, as for an array).
    /// - Throws: ``ConsentError/Code/valueOutOfRange`` when `value` does not fit `bitsPerItem` bits.
    public mutating func set(_ index: Int, to value: Int, field: StaticString = "") throws(ConsentError) {
        precondition(index >= 0 && index < count, "FixedIntegerList index out of range")
        guard value >= 0 && value < 1 << bitsPerItem else {
            throw ConsentError(.valueOutOfRange, field: field, value: Int64(value))
        }
        let shift = UInt64((count - 1 - index) * bitsPerItem)
        let mask = ((UInt64(1) << UInt64(bitsPerItem)) - 1) << shift
        _packed = (_packed & ~mask) | (UInt64(value) << shift)
    }

    /// `[0, 1, 2]`.
    public var description: String { "[" + map(String.init).joined(separator: ", ") + "]" }
}
