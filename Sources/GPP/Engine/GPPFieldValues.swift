public import ConsentCore

/// The values of one section's fields, kept where the layout put them: fixed-width values packed into four words
/// (no allocation), id sets and restrictions in arrays that stay empty (unallocated) for the US sections.
struct GPPFieldValues: Sendable, Hashable {
    /// Words of packed fixed-width values.
    static let wordCount = 4

    private var word0: UInt64 = 0
    private var word1: UInt64 = 0
    private var word2: UInt64 = 0
    private var word3: UInt64 = 0
    /// Id-set values, by slot index.
    var idSets: [IDSet]
    /// The publisher restrictions (TCF Canada), in purpose then type order.
    var restrictions: [CanadianPublisherRestriction] = []

    /// All zero, with `idSetCount` empty id sets.
    init(idSetCount: Int) {
        idSets = idSetCount == 0 ? [] : [IDSet](repeating: IDSet(), count: idSetCount)
    }

    /// The value in `slot`.
    @inline(__always)
    func scalar(_ slot: GPPScalarSlot) -> UInt64 {
        let word: UInt64
        switch slot.word {
        case 0: word = word0
        case 1: word = word1
        case 2: word = word2
        default: word = word3
        }
        return (word >> UInt64(slot.shift)) & Self.mask(slot.width)
    }

    /// Stores `value` (which fits the slot's width) in `slot`.
    @inline(__always)
    mutating func setScalar(_ value: UInt64, _ slot: GPPScalarSlot) {
        let mask = Self.mask(slot.width) << UInt64(slot.shift)
        let bits = (value << UInt64(slot.shift)) & mask
        switch slot.word {
        case 0: word0 = word0 & ~mask | bits
        case 1: word1 = word1 & ~mask | bits
        case 2: word2 = word2 & ~mask | bits
        default: word3 = word3 & ~mask | bits
        }
    }

    @inline(__always)
    private static func mask(_ width: Int) -> UInt64 { width >= 64 ? ~0 : (1 << UInt64(width)) &- 1 }
}

/// One TCF Canada publisher restriction: a purpose, a restriction type and the vendors it applies to.
public struct CanadianPublisherRestriction: Sendable, Hashable {
    /// PurposeId, 6 bits.
    public var purposeID: Int
    /// RestrictionType, 2 bits: 0 not allowed, 1 require express consent, 2 require implied consent (3 undefined).
    public var restrictionType: Int
    /// The vendors the restriction applies to.
    public var vendorIDs: IDSet

    /// A restriction.
    public init(purposeID: Int, restrictionType: Int, vendorIDs: IDSet) {
        self.purposeID = purposeID
        self.restrictionType = restrictionType
        self.vendorIDs = vendorIDs
    }
}

/// The value of one field, in the form its coding gives it: what ``GPPFieldSection/value(_:)`` returns and
/// ``GPPFieldSection/set(_:to:)`` takes.
public enum GPPFieldValue: Sendable, Hashable {
    /// `Int(n)`.
    case integer(Int)
    /// `Boolean`.
    case boolean(Bool)
    /// A fixed list of small integers (`N-Bitfield(2,k)`).
    case list(FixedIntegerList)
    /// `Datetime`, in deciseconds since 1970.
    case datetime(deciseconds: Int64)
    /// `String(n)`, upper-case letters.
    case letters(String)
    /// A set of ids (bitfield, ranges).
    case ids(IDSet)
    /// Publisher restrictions.
    case restrictions([CanadianPublisherRestriction])
}
