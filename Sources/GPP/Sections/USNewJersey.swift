extension GPPSectionDeclaration {
    /// Section 21, `usnj`: New Jersey (54 bits, GPC subsection; 10 sensitive data categories, 5 known-child
    /// consents).
    public static let usNewJersey = usState(
        id: 21,
        prefix: "usnj",
        title: "US New Jersey",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.connecticut + [
            "status as transgender or nonbinary", "financial information with credentials",
        ],
        knownChild: [
            "process sensitive data of a known child", "sell personal data of consumers aged 13 to 16",
            "process personal data of consumers aged 13 to 16 for targeted advertising",
            "sell personal data of consumers aged 16 to 17",
            "process personal data of consumers aged 16 to 17 for targeted advertising",
        ],
        additionalDataProcessingConsent: true
    )
}
