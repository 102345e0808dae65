extension GPPSectionDeclaration {
    /// Section 13, `usfl`: Florida (46 bits, no GPC subsection).
    public static let usFlorida = usState(
        id: 13,
        prefix: "usfl",
        title: "US Florida",
        gpc: false,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.virginia,
        knownChild: ["known child under 13", "consumers aged 13 to 16", "consumers aged 16 to 18"],
        additionalDataProcessingConsent: true
    )
}
