/// A set of restriction types: what the publisher restrictions say about one vendor and purpose.
public struct RestrictionTypes: OptionSet, Sendable, Hashable {
    /// Bit *n* stands for restriction type *n*.
    public let rawValue: UInt8

    /// The set with these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding one type.
    public init(_ type: RestrictionType) { rawValue = 1 << UInt8(type.rawValue) }

    /// Type 0: the purpose is not allowed.
    public static let notAllowed = RestrictionTypes(.notAllowed)
    /// Type 1: consent required.
    public static let requireConsent = RestrictionTypes(.requireConsent)
    /// Type 2: legitimate interest required.
    public static let requireLegitimateInterest = RestrictionTypes(.requireLegitimateInterest)
}
