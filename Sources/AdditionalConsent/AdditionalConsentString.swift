import ConsentCore

/// A Google Additional Consent (AC) string, version 1 (`1~1.35.41`) or 2 (`2~1.35.41~dv.9.21.81`) (spec/ac.md).
///
/// Provider ids are Google Ad Technology Provider (ATP) ids, a separate id space from GVL vendor ids and not a 16-bit
/// one (Google's list has ids above 65535, such as `66531`): they are held in ``ProviderIDSet``s, any id in
/// `1...2147483647`; a larger one fails to decode with ``ConsentCore/ConsentError/Code/badValue`` (the AC specification
/// sets no limit; ac.md §4 names 2^31 − 1 as an implementation's).
///
/// Decoding keeps the text as written (unsorted or duplicated ids, `~dv` without the dot, leading zeros), and
/// ``encoded(options:)`` of an unchanged value gives it back byte for byte. A built or changed value encodes
/// canonically: ids ascending and de-duplicated, disclosed ids minus consented ones, always `~dv.` in version 2.
/// Equality compares the version and the two sets, not how the text was written.
public struct AdditionalConsentString: Sendable, Hashable, CustomStringConvertible {
    /// The AC specification version, the first character of the string.
    public enum Version: Int, Sendable, Hashable, CaseIterable {
        /// Version 1: consented providers only.
        case v1 = 1
        /// Version 2: consented providers and providers disclosed to the user (Google, December 2023).
        case v2 = 2
    }

    /// The specification version (part 1).
    public var version: Version { didSet { originalText = nil } }
    /// The providers the user consented to (part 3), as a set: ascending, without duplicates.
    public var consentedProviders: ProviderIDSet { didSet { originalText = nil } }
    /// The providers listed after `dv.` (part 5), as written: disclosed to the user without consent. Google asks
    /// that consented ids not be repeated here; a decoded value keeps any that are. Always empty in version 1.
    public var disclosedProviders: ProviderIDSet { didSet { originalText = nil } }

    /// The decoded text, kept while no field changes.
    @usableFromInline var originalText: String?

    /// A version 2 string (by default) of the given providers.
    public init(
        version: Version = .v2,
        consentedProviders: ProviderIDSet = [],
        disclosedProviders: ProviderIDSet = []
    ) {
        self.version = version
        self.consentedProviders = consentedProviders
        self.disclosedProviders = disclosedProviders
        originalText = nil
    }

    /// Equal when the strings mean the same: the version, the consented providers, and the providers disclosed
    /// without consent. A consented id repeated in ``disclosedProviders`` says nothing more (ac.md §3: the list
    /// after `dv.` is of providers disclosed and not consented), so `2~1.2~dv.2.3` equals `2~1.2~dv.3`, which is
    /// how the canonical encoding writes it.
    public static func == (lhs: AdditionalConsentString, rhs: AdditionalConsentString) -> Bool {
        guard lhs.version == rhs.version, lhs.consentedProviders == rhs.consentedProviders else { return false }
        if lhs.disclosedProviders == rhs.disclosedProviders { return true }
        return lhs.disclosedWithoutConsent == rhs.disclosedWithoutConsent
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(consentedProviders)
        hasher.combine(disclosedWithoutConsent)
    }

    /// ``disclosedProviders`` without the consented ones (itself, without a copy, when none is).
    var disclosedWithoutConsent: ProviderIDSet {
        disclosedProviders.contains(where: consentedProviders.contains)
            ? disclosedProviders.subtracting(consentedProviders) : disclosedProviders
    }

    /// The string as ``encoded(options:)`` writes it, or its JSON when it cannot be written (a version 1 value
    /// with disclosed providers).
    public var description: String { (try? encoded()) ?? jsonValue().serialized() }
}
