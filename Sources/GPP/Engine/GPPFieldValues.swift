public import ConsentCore

/// The values of one section's fields, kept where the layout put them: fixed-width values packed into four words,
/// id sets and restrictions in arrays that only TCF Canada has. A US section's values are five trivial words: copying
/// one retains nothing.
struct GPPFieldValues: Sendable, Hashable {
    /// Words of packed fixed-width values.
    static let wordCount = 4

    /// The values whose size varies.
    private struct Variable: Sendable, Hashable {
        var idSets: [IDSet]
        var restrictions: [CanadianPublisherRestriction] = []
    }

    private var word0: UInt64 = 0
    private var word1: UInt64 = 0
    private var word2: UInt64 = 0
    private var word3: UInt64 = 0
    private var variable: Variable?

    /// All zero, with `idSetCount` empty id sets.
    init(idSetCount: Int) {
        if idSetCount > 0 { variable = Variable(idSets: [IDSet](repeating: IDSet(), count: idSetCount)) }
    }

    /// The id set in slot `index`.
    func ids(at index: Int) -> IDSet { variable?.idSets[index] ?? IDSet() }

    /// Stores an id set in slot `index` (the layout gave the section that slot).
    mutating func setIDs(_ ids: IDSet, at index: Int) { variable?.idSets[index] = ids }

    /// The publisher restrictions (TCF Canada), in purpose then type order.
    var restrictions: [CanadianPublisherRestriction] {
        get { variable?.restrictions ?? [] }
        set { variable?.restrictions = newValue }
    }

    /// The value in `slot`.
    @inline(__always)
    func scalar(_ slot: GPPScalarSlot) -> UInt64 { bits(at: slot.offset, width: slot.width) }

    /// Stores `value` (which fits the slot's width) in `slot`.
    @inline(__always)
    mutating func setScalar(_ value: UInt64, _ slot: GPPScalarSlot) {
        setBits(value, at: slot.offset, width: slot.width)
    }

    /// `width` (1...64) bits at store bit `offset`, bit 0 being the most significant bit of the first word (the
    /// order the strings write them, so a segment's bits can be stored as read).
    @inline(__always)
    func bits(at offset: Int, width: Int) -> UInt64 {
        let index = offset >> 6
        let start = offset & 63
        let high = word(index) << UInt64(start)
        let joined = start + width > 64 ? high | word(index + 1) >> UInt64(64 - start) : high
        return joined >> UInt64(64 - width)
    }

    /// Stores the low `width` (1...64) bits of `value` at store bit `offset`.
    @inline(__always)
    mutating func setBits(_ value: UInt64, at offset: Int, width: Int) {
        let index = offset >> 6
        let start = offset & 63
        let mask: UInt64 = width >= 64 ? ~0 : (1 << UInt64(width)) &- 1
        let field = value & mask
        if start + width <= 64 {
            let shift = UInt64(64 - start - width)
            setWord(index, word(index) & ~(mask << shift) | field << shift)
        } else {
            let spill = start + width - 64
            setWord(index, word(index) & ~(mask >> UInt64(spill)) | field >> UInt64(spill))
            let shift = UInt64(64 - spill)
            setWord(index + 1, word(index + 1) & ~(mask << shift) | field << shift)
        }
    }

    @inline(__always)
    private func word(_ index: Int) -> UInt64 {
        switch index {
        case 0: word0
        case 1: word1
        case 2: word2
        default: word3
        }
    }

    @inline(__always)
    private mutating func setWord(_ index: Int, _ value: UInt64) {
        switch index {
        case 0: word0 = value
        case 1: word1 = value
        case 2: word2 = value
        default: word3 = value
        }
    }
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
