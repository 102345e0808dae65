extension GPPSectionDeclaration {
    /// Section 19, `usne`: Nebraska (42 bits, GPC subsection; the Texas layout).
    public static let usNebraska = usState(
        id: 19,
        prefix: "usne",
        title: "US Nebraska",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.texas,
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: true
    )
}
