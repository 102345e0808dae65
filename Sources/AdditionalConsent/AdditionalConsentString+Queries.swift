public import ConsentCore

extension AdditionalConsentString {
    /// Has the user consented to the ATP `provider`? O(1).
    @inlinable
    public func hasConsent(forProvider provider: Int) -> Bool { consentedProviders.contains(provider) }

    /// Was the ATP `provider` disclosed to the user, consented or not? In version 1 only consented providers are
    /// known to have been disclosed.
    @inlinable
    public func wasDisclosed(provider: Int) -> Bool {
        consentedProviders.contains(provider) || disclosedProviders.contains(provider)
    }

    /// Every provider disclosed to the user: consented ∪ disclosed (ac.md §3).
    public var allDisclosedProviders: IDSet { consentedProviders.union(disclosedProviders) }

    /// The providers disclosed without consent (refused, or not decided yet): disclosed minus consented.
    public var providersWithoutConsent: IDSet { disclosedProviders.subtracting(consentedProviders) }
}
