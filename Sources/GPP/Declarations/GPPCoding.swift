/// How one GPP field is written, in the data types of the GPP specification (gpp.md §4).
public enum GPPCoding: Sendable, Hashable {
    /// `Int(n)`: an unsigned big-endian integer of `bits` bits.
    case integer(bits: Int)
    /// `Boolean`: one bit, 1 = true.
    case boolean
    /// `N-Bitfield(2,k)` of the US sections: `count` integers of `bitsPerItem` bits each, no length prefix.
    case integerList(count: Int, bitsPerItem: Int)
    /// `Datetime`: Int(36) deciseconds since 1970-01-01T00:00:00Z.
    case datetime
    /// `String(n)`: `count` 6-bit letters, `A` = 0 ... `Z` = 25.
    case letters(count: Int)
    /// `Bitfield(n)`: `count` bits, bit *i* set means id *i+1*.
    case bitField(count: Int)
    /// A bitfield whose length is the value of the earlier field `countKey` of the same segment
    /// (`CustomPurposesExpressConsent` is `Bitfield(NumCustomPurposes)`).
    case countedBitField(countKey: String)
    /// TCF-style vendor ids: `OptimizedIntRange` (Int(16) max id, Boolean, bitfield or Range(Int)); decoders also
    /// accept the Int(16) + Boolean + Fibonacci-range variant (gpp-sections.md §5).
    case vendorRange
    /// `Range(Fibonacci)`: a 12-bit count, then single ids or groups as Fibonacci-coded deltas.
    case fibonacciRange
    /// `N-ArrayOfRanges(6,2)`: a 12-bit count of publisher restrictions (purpose, type, vendor ids).
    case publisherRestrictions

    /// The width in bits when it does not depend on the value (nil too when it is past `Int.max`).
    public var fixedBitCount: Int? {
        func product(_ count: Int, _ bits: Int) -> Int? {
            let (width, overflow) = count.multipliedReportingOverflow(by: bits)
            return overflow ? nil : width
        }
        return switch self {
        case .integer(let bits): bits
        case .boolean: 1
        case .integerList(let count, let bitsPerItem): product(count, bitsPerItem)
        case .datetime: 36
        case .letters(let count): product(count, 6)
        case .bitField(let count): count
        case .countedBitField, .vendorRange, .fibonacciRange, .publisherRestrictions: nil
        }
    }

    /// True for codings whose value is a set of ids.
    var holdsIDs: Bool {
        switch self {
        case .bitField, .countedBitField, .vendorRange, .fibonacciRange: true
        default: false
        }
    }
}
