extension GPPSectionDeclaration {
    /// Section 17, `usde`: Delaware (52 bits, GPC subsection; 9 sensitive data categories, 5 known-child consents).
    public static let usDelaware = usState(
        id: 17,
        prefix: "usde",
        title: "US Delaware",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.connecticut + ["status as transgender or nonbinary"],
        knownChild: [
            "process sensitive data of a known child", "sell personal data of consumers aged 13 to 16",
            "process personal data of consumers aged 13 to 16 for targeted advertising",
            "sell personal data of consumers aged 16 to 18",
            "process personal data of consumers aged 16 to 18 for targeted advertising",
        ],
        additionalDataProcessingConsent: true
    )
}
