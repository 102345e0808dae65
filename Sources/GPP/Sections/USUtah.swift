extension GPPSectionDeclaration {
    /// Section 11, `usut`: Utah (42 bits, no GPC subsection; SensitiveDataProcessing has opt-out meanings).
    public static let usUtah = usState(
        id: 11,
        prefix: "usut",
        title: "US Utah",
        gpc: false,
        firstNotice: .sharingNotice,
        extraNotice: .sensitiveDataProcessingOptOutNotice,
        sensitiveData: [
            "racial or ethnic origin", "religious beliefs", "sexual orientation", "citizenship or immigration status",
            "medical history or health", "genetic data", "biometric data", "specific geolocation",
        ],
        sensitiveDataValues: .optOut,
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: false
    )
}
