extension GPPSectionDeclaration {
    /// Section 20, `usnh`: New Hampshire (46 bits, GPC subsection).
    public static let usNewHampshire = usState(
        id: 20,
        prefix: "usnh",
        title: "US New Hampshire",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.connecticut,
        knownChild: USCategories.knownChildTeen,
        additionalDataProcessingConsent: true
    )
}
