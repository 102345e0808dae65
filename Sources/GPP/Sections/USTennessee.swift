extension GPPSectionDeclaration {
    /// Section 22, `ustn`: Tennessee (42 bits, GPC subsection; the Texas layout).
    public static let usTennessee = usState(
        id: 22,
        prefix: "ustn",
        title: "US Tennessee",
        gpc: true,
        firstNotice: .processingNotice,
        sensitiveData: USCategories.texas,
        knownChild: USCategories.knownChild,
        additionalDataProcessingConsent: true
    )
}
