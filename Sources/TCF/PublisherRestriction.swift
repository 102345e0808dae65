public import ConsentCore

/// What a publisher restriction asks of the vendors it names (TC string RestrictionType, 2 bits).
///
/// The fourth value, 3, is undefined: decoding it is a ``ConsentCore/ConsentError/Code/badValue``.
public enum RestrictionType: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// 0: the purpose is flatly not allowed by the publisher.
    case notAllowed = 0
    /// 1: the vendors may process for this purpose only with consent.
    case requireConsent = 1
    /// 2: the vendors may process for this purpose only under legitimate interest.
    case requireLegitimateInterest = 2

    /// Orders by the value written in the string.
    public static func < (lhs: RestrictionType, rhs: RestrictionType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `notAllowed`, `requireConsent`, `requireLegitimateInterest`.
    public var description: String {
        switch self {
        case .notAllowed: "notAllowed"
        case .requireConsent: "requireConsent"
        case .requireLegitimateInterest: "requireLegitimateInterest"
        }
    }
}

/// One publisher restriction of a TC string: a purpose, a restriction type and the vendors it applies to.
///
/// A string may list the same purpose and type more than once; a decoded ``TCString`` holds one restriction per
/// pair, with the vendor ids merged, ordered by purpose id then restriction type. An entry that names no vendor
/// is kept (`vendorIds` empty).
public struct PublisherRestriction: Sendable, Hashable {
    /// PurposeId, 6 bits: the purpose restricted (1-24 are meaningful; 0 cannot be decoded).
    public var purposeId: Int
    /// RestrictionType, 2 bits.
    public var restrictionType: RestrictionType
    /// The vendors restricted. Ranges in the string may span ids that no vendor holds: they are listed as written.
    public var vendorIds: IDSet

    /// A restriction of `vendorIds` for `purposeId`.
    public init(purposeId: Int, restrictionType: RestrictionType, vendorIds: IDSet = IDSet()) {
        self.purposeId = purposeId
        self.restrictionType = restrictionType
        self.vendorIds = vendorIds
    }

    /// True when `lhs` sorts before `rhs`: by purpose id, then restriction type.
    static func keyOrder(_ lhs: PublisherRestriction, _ rhs: PublisherRestriction) -> Bool {
        (lhs.purposeId, lhs.restrictionType.rawValue) < (rhs.purposeId, rhs.restrictionType.rawValue)
    }

    /// One restriction per (purpose, type), ids merged, ordered by purpose then type: the form a ``TCString`` holds.
    static func normalized(_ restrictions: [PublisherRestriction]) -> [PublisherRestriction] {
        var isNormal = true
        var index = 1
        while index < restrictions.count {
            if !keyOrder(restrictions[index - 1], restrictions[index]) {
                isNormal = false
                break
            }
            index += 1
        }
        if isNormal { return restrictions }
        var result: [PublisherRestriction] = []
        for restriction in restrictions.sorted(by: keyOrder) {
            if let last = result.last, last.purposeId == restriction.purposeId,
                last.restrictionType == restriction.restrictionType
            {
                result[result.count - 1].vendorIds.formUnion(restriction.vendorIds)
            } else {
                result.append(restriction)
            }
        }
        return result
    }
}
