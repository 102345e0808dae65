extension GPPSectionDeclaration {
    /// Section 5, `tcfcav1`: IAB Canada TCF (gpp-sections.md §5). Core first, then the optional disclosed vendors
    /// (type 1) and publisher purposes (type 3) segments in any order. Vendor fields decode as OptimizedIntRange,
    /// falling back to the Int(16) + Boolean + Fibonacci variant (see ``GPPFieldSection``'s decoding); a core that
    /// ends inside the PubRestrictions count has no restrictions.
    public static let tcfCanada = GPPSectionDeclaration(
        id: 5,
        prefix: "tcfcav1",
        title: "IAB Canada TCF",
        structure: .tcfCanada,
        layouts: [
            GPPSectionLayout(
                name: "v1",
                version: 1,
                segments: [
                    GPPSegmentDeclaration(
                        "core",
                        fields: [
                            .version,
                            GPPField("Created", key: "created", coding: .datetime),
                            GPPField("LastUpdated", key: "lastUpdated", coding: .datetime),
                            GPPField("CmpId", key: "cmpId", coding: .integer(bits: 12)),
                            GPPField("CmpVersion", key: "cmpVersion", coding: .integer(bits: 12)),
                            GPPField("ConsentScreen", key: "consentScreen", coding: .integer(bits: 6)),
                            GPPField(
                                "ConsentLanguage",
                                key: "consentLanguage",
                                coding: .letters(count: 2),
                                defaultValue: 4 << 6 | 13
                            ),
                            GPPField("VendorListVersion", key: "vendorListVersion", coding: .integer(bits: 12)),
                            GPPField("TcfPolicyVersion", key: "tcfPolicyVersion", coding: .integer(bits: 6)),
                            GPPField("UseNonStandardStacks", key: "useNonStandardStacks", coding: .boolean),
                            GPPField(
                                "SpecialFeatureExpressConsent",
                                key: "specialFeatureExpressConsent",
                                coding: .bitField(count: 12)
                            ),
                            GPPField(
                                "PurposesExpressConsent",
                                key: "purposesExpressConsent",
                                coding: .bitField(count: 24)
                            ),
                            GPPField(
                                "PurposesImpliedConsent",
                                key: "purposesImpliedConsent",
                                coding: .bitField(count: 24)
                            ),
                            GPPField("VendorExpressConsent", key: "vendorExpressConsent", coding: .vendorRange),
                            GPPField("VendorImpliedConsent", key: "vendorImpliedConsent", coding: .vendorRange),
                            GPPField(
                                "PubRestrictions",
                                key: "pubRestrictions",
                                coding: .publisherRestrictions,
                                values: .restrictionType
                            ),
                        ]
                    ),
                    GPPSegmentDeclaration(
                        "disclosedVendors",
                        type: (bits: 3, value: 1),
                        isOptional: true,
                        fields: [GPPField("DisclosedVendors", key: "disclosedVendors", coding: .vendorRange)]
                    ),
                    GPPSegmentDeclaration(
                        "publisherPurposes",
                        type: (bits: 3, value: 3),
                        isOptional: true,
                        fields: [
                            GPPField(
                                "PubPurposesExpressConsent",
                                key: "pubPurposesExpressConsent",
                                coding: .bitField(count: 24)
                            ),
                            GPPField(
                                "PubPurposesImpliedConsent",
                                key: "pubPurposesImpliedConsent",
                                coding: .bitField(count: 24)
                            ),
                            GPPField("NumCustomPurposes", key: "numCustomPurposes", coding: .integer(bits: 6)),
                            GPPField(
                                "CustomPurposesExpressConsent",
                                key: "customPurposesExpressConsent",
                                coding: .countedBitField(countKey: "numCustomPurposes")
                            ),
                            GPPField(
                                "CustomPurposesImpliedConsent",
                                key: "customPurposesImpliedConsent",
                                coding: .countedBitField(countKey: "numCustomPurposes")
                            ),
                        ]
                    ),
                ]
            )
        ]
    )
}
