extension GPPSectionDeclaration {
    /// Section 12, `usct`: Connecticut (44 bits, GPC subsection).
    public static let usConnecticut = usState(
        id: 12,
        prefix: "usct",
        title: "US Connecticut",
        gpc: true,
        firstNotice: .sharingNotice,
        sensitiveData: USCategories.connecticut,
        knownChild: USCategories.knownChildTeen,
        additionalDataProcessingConsent: false
    )
}
