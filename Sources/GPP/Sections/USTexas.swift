extension GPPSectionDeclaration {
    /// Section 16, `ustx`: Texas (42 bits, GPC subsection).
    public static let usTexas = usState(
        id: 16,
        prefix: "ustx",
        title: "US Texas",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.texas,
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: true
    )
}
