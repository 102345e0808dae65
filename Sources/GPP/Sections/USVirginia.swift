extension GPPSectionDeclaration {
    /// Section 9, `usva`: Virginia (40 bits, no GPC subsection).
    public static let usVirginia = usState(
        id: 9,
        prefix: "usva",
        title: "US Virginia",
        gpc: false,
        firstNotice: .sharingNotice,
        sensitiveData: USCategories.virginia,
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: false
    )
}
