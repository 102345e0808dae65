import ConsentCore

extension AdditionalConsentString {
    /// Has the user consented to the ATP `provider`? A binary search.
    @inlinable
    public func hasConsent(forProvider provider: Int) -> Bool { consentedProviders.contains(provider) }

    /// Was the ATP `provider` disclosed to the user, consented or not? In version 1 only consented providers are
    /// known to have been disclosed.
    @inlinable
    public func wasDisclosed(provider: Int) -> Bool {
        consentedProviders.contains(provider) || disclosedProviders.contains(provider)
    }

    /// Every provider disclosed to the user: consented ∪ disclosed (ac.md §3).
    public var allDisclosedProviders: ProviderIDSet { consentedProviders.union(disclosedProviders) }

    /// The providers disclosed without consent (refused, or not decided yet): disclosed minus consented.
    public var providersWithoutConsent: ProviderIDSet { disclosedProviders.subtracting(consentedProviders) }
}
