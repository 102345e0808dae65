extension GPPSectionDeclaration {
    /// Section 23, `usmn`: Minnesota (42 bits, GPC subsection; the Texas layout).
    public static let usMinnesota = usState(
        id: 23,
        prefix: "usmn",
        title: "US Minnesota",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: [
            "racial or ethnic origin", "religious beliefs", "mental or physical health", "sexual orientation",
            "citizenship or immigration status", "genetic data", "biometric data", "specific geolocation",
        ],
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: true
    )
}
