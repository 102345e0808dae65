extension GPPSectionDeclaration {
    /// Section 15, `usor`: Oregon (52 bits, GPC subsection; 11 sensitive data categories).
    public static let usOregon = usState(
        id: 15,
        prefix: "usor",
        title: "US Oregon",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: [
            "racial or ethnic origin", "religious beliefs", "mental or physical health condition or diagnosis",
            "sexual orientation", "status as transgender or nonbinary", "citizenship or immigration status",
            "national origin", "status as a victim of crime", "genetic data", "biometric data", "precise geolocation",
        ],
        knownChild: USCategories.knownChildTeen,
        additionalDataProcessingConsent: true
    )
}
