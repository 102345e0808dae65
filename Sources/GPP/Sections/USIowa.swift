extension GPPSectionDeclaration {
    /// Section 18, `usia`: Iowa (42 bits, GPC subsection; SensitiveDataOptOutNotice, and SensitiveDataProcessing
    /// with opt-out meanings).
    public static let usIowa = usState(
        id: 18,
        prefix: "usia",
        title: "US Iowa",
        gpc: true,
        firstNotice: .processingNotice,
        extraNotice: .sensitiveDataOptOutNotice,
        sensitiveData: [
            "racial or ethnic origin", "religious beliefs", "mental or physical health diagnosis", "sexual orientation",
            "citizenship or immigration status", "genetic data", "biometric data", "precise geolocation",
        ],
        sensitiveDataValues: .optOut,
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: false
    )
}
