/// One value of a field and what it means, for people: `2` = "did not opt out".
public struct GPPValueMeaning: Sendable {
    /// The value as written.
    public let value: Int
    /// What it means.
    public let meaning: StaticString
}

/// The values a field may take and what each means: what lint checks and what a pretty printer shows.
public struct GPPValueSet: Sendable {
    /// The values the specification defines; nil when every value the coding can hold is defined.
    public let allowed: ClosedRange<Int>?
    /// What the defined values mean, in value order (empty when the value speaks for itself).
    public let meanings: [GPPValueMeaning]

    /// A value set from the defined range and the meanings.
    public init(allowed: ClosedRange<Int>?, meanings: [(Int, StaticString)] = []) {
        self.allowed = allowed
        self.meanings = meanings.map { GPPValueMeaning(value: $0.0, meaning: $0.1) }
    }

    /// True when the specification defines `value`.
    public func allows(_ value: Int) -> Bool { allowed?.contains(value) ?? true }

    /// What `value` means, or nil when the set gives no meaning for it.
    public func meaning(of value: Int) -> StaticString? { meanings.first { $0.value == value }?.meaning }

    /// Any value the coding can hold, no meanings.
    public static let unconstrained = GPPValueSet(allowed: nil)
    /// `...Notice` fields of the US sections.
    public static let notice = GPPValueSet(
        allowed: 0...2,
        meanings: [(0, "not applicable"), (1, "notice provided"), (2, "notice not provided")]
    )
    /// `SaleOptOut`, `SharingOptOut`, `TargetedAdvertisingOptOut` and opt-out style `SensitiveDataProcessing` lists.
    public static let optOut = GPPValueSet(
        allowed: 0...2,
        meanings: [(0, "not applicable"), (1, "opted out"), (2, "did not opt out")]
    )
    /// Consent fields and lists (`PersonalDataConsents`, `KnownChildSensitiveDataConsents`, ...): 1 is NO consent.
    public static let consent = GPPValueSet(
        allowed: 0...2,
        meanings: [(0, "not applicable"), (1, "no consent"), (2, "consent")]
    )
    /// `MspaCoveredTransaction`: 0 is undefined.
    public static let mspaCoveredTransaction = GPPValueSet(allowed: 1...2, meanings: [(1, "yes"), (2, "no")])
    /// `MspaOptOutOptionMode`, `MspaServiceProviderMode`.
    public static let mspaYesNo = GPPValueSet(
        allowed: 0...2,
        meanings: [(0, "not applicable"), (1, "yes"), (2, "no")]
    )
    /// `MspaMode` of the new-style state sections.
    public static let mspaMode = GPPValueSet(
        allowed: 0...2,
        meanings: [(0, "not applicable"), (1, "opt-out option mode"), (2, "service provider mode")]
    )
    /// The GPC signal.
    public static let gpc = GPPValueSet(
        allowed: 0...1,
        meanings: [(0, "no Global Privacy Control signal"), (1, "Global Privacy Control signal sent")]
    )
    /// TCF Canada publisher restriction types.
    public static let restrictionType = GPPValueSet(
        allowed: 0...2,
        meanings: [
            (0, "purpose flatly not allowed"), (1, "require express consent"), (2, "require implied consent"),
        ]
    )
}
