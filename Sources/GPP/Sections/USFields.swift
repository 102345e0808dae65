/// The fields the US sections (7-27) share: one declaration each, reused by every section that has them.
extension GPPField {
    /// `Version`, Int(6): the section's format version.
    static let version = GPPField("Version", key: "version", coding: .integer(bits: 6), defaultValue: 1)
    /// `SharingNotice`.
    static let sharingNotice = notice("SharingNotice", key: "sharingNotice")
    /// `ProcessingNotice`.
    static let processingNotice = notice("ProcessingNotice", key: "processingNotice")
    /// `SaleOptOutNotice`.
    static let saleOptOutNotice = notice("SaleOptOutNotice", key: "saleOptOutNotice")
    /// `SharingOptOutNotice`.
    static let sharingOptOutNotice = notice("SharingOptOutNotice", key: "sharingOptOutNotice")
    /// `TargetedAdvertisingOptOutNotice`.
    static let targetedAdvertisingOptOutNotice = notice(
        "TargetedAdvertisingOptOutNotice",
        key: "targetedAdvertisingOptOutNotice"
    )
    /// `SensitiveDataProcessingOptOutNotice`.
    static let sensitiveDataProcessingOptOutNotice = notice(
        "SensitiveDataProcessingOptOutNotice",
        key: "sensitiveDataProcessingOptOutNotice"
    )
    /// `SensitiveDataOptOutNotice` (usia).
    static let sensitiveDataOptOutNotice = notice("SensitiveDataOptOutNotice", key: "sensitiveDataOptOutNotice")
    /// `SensitiveDataLimitUseNotice`.
    static let sensitiveDataLimitUseNotice = notice("SensitiveDataLimitUseNotice", key: "sensitiveDataLimitUseNotice")
    /// `SaleOptOut`.
    static let saleOptOut = GPPField("SaleOptOut", key: "saleOptOut", coding: .integer(bits: 2), values: .optOut)
    /// `SharingOptOut`.
    static let sharingOptOut = GPPField(
        "SharingOptOut",
        key: "sharingOptOut",
        coding: .integer(bits: 2),
        values: .optOut
    )
    /// `TargetedAdvertisingOptOut`.
    static let targetedAdvertisingOptOut = GPPField(
        "TargetedAdvertisingOptOut",
        key: "targetedAdvertisingOptOut",
        coding: .integer(bits: 2),
        values: .optOut
    )
    /// `PersonalDataConsents`.
    static let personalDataConsents = consent("PersonalDataConsents", key: "personalDataConsents")
    /// `AdditionalDataProcessingConsent`.
    static let additionalDataProcessingConsent = consent(
        "AdditionalDataProcessingConsent",
        key: "additionalDataProcessingConsent"
    )
    /// `KnownChildSensitiveDataConsents` written as one Int(2) (JSON: a plain integer).
    static let knownChildSensitiveDataConsent = consent(
        "KnownChildSensitiveDataConsents",
        key: "knownChildSensitiveDataConsents"
    )
    /// `MspaCoveredTransaction`: 1 yes, 2 no (0 undefined).
    static let mspaCoveredTransaction = GPPField(
        "MspaCoveredTransaction",
        key: "mspaCoveredTransaction",
        coding: .integer(bits: 2),
        values: .mspaCoveredTransaction,
        defaultValue: 1
    )
    /// `MspaOptOutOptionMode`.
    static let mspaOptOutOptionMode = GPPField(
        "MspaOptOutOptionMode",
        key: "mspaOptOutOptionMode",
        coding: .integer(bits: 2),
        values: .mspaYesNo
    )
    /// `MspaServiceProviderMode`.
    static let mspaServiceProviderMode = GPPField(
        "MspaServiceProviderMode",
        key: "mspaServiceProviderMode",
        coding: .integer(bits: 2),
        values: .mspaYesNo
    )
    /// `MspaVersion`, Int(6), first field of the new-style state sections.
    static let mspaVersion = GPPField("MspaVersion", key: "mspaVersion", coding: .integer(bits: 6), defaultValue: 1)
    /// `MspaMode` of the new-style state sections.
    static let mspaMode = GPPField("MspaMode", key: "mspaMode", coding: .integer(bits: 2), values: .mspaMode)
    /// `Gpc`, the Global Privacy Control signal.
    static let gpc = GPPField("Gpc", key: "gpc", coding: .boolean, values: .gpc)

    /// A `...Notice` field.
    static func notice(_ name: StaticString, key: StaticString) -> GPPField {
        GPPField(name, key: key, coding: .integer(bits: 2), values: .notice)
    }

    /// A consent field.
    static func consent(_ name: StaticString, key: StaticString) -> GPPField {
        GPPField(name, key: key, coding: .integer(bits: 2), values: .consent)
    }

    /// `SensitiveDataProcessing`: one 2-bit item per category in `items`, with consent or opt-out meanings.
    static func sensitiveDataProcessing(_ items: [StaticString], values: GPPValueSet = .consent) -> GPPField {
        GPPField(
            "SensitiveDataProcessing",
            key: "sensitiveDataProcessing",
            coding: .integerList(count: items.count, bitsPerItem: 2),
            values: values,
            items: items
        )
    }

    /// `KnownChildSensitiveDataConsents` as a list of 2-bit consents, one per item.
    static func knownChildSensitiveDataConsents(_ items: [StaticString]) -> GPPField {
        GPPField(
            "KnownChildSensitiveDataConsents",
            key: "knownChildSensitiveDataConsents",
            coding: .integerList(count: items.count, bitsPerItem: 2),
            values: .consent,
            items: items
        )
    }
}

extension GPPSegmentDeclaration {
    /// The reusable GPC subsection: SubsectionType Int(2) = 1, then Gpc (gpp-sections.md, "GPC subsection").
    static let gpc = GPPSegmentDeclaration(
        "gpc",
        type: (bits: 2, value: 1),
        typeKey: "gpcSegmentType",
        includedKey: "gpcSegmentIncluded",
        isOptional: true,
        fields: [.gpc]
    )
}

extension GPPSectionDeclaration {
    /// An old-style US state section (8-23): Version first, then `fields`, with the GPC subsection when `gpc`.
    static func usState(
        id: Int,
        prefix: StaticString,
        title: StaticString,
        gpc: Bool,
        fields: [GPPField]
    ) -> GPPSectionDeclaration {
        let core = GPPSegmentDeclaration("core", fields: [.version] + fields)
        let layout = GPPSectionLayout(name: "v1", version: 1, segments: gpc ? [core, .gpc] : [core])
        return GPPSectionDeclaration(id: id, prefix: prefix, title: title, structure: .versioned, layouts: [layout])
    }

    /// A new-style US state section (24-27): the core fields, then `optional` (GPC, or the sensitive data consents
    /// subsection of `sensitiveDataItems`). Two layouts: the iabgpp-es one (core first) and the specification's
    /// header-first one (SectionID, Version, SubSections, then the core, then each listed subsection). In both, the
    /// GPC subsection starts with its 2-bit SubsectionType and the sensitive data consents subsection is the eight
    /// 2-bit values alone: the spec's tables list no type field for it, and iabgpp-java (`UsInField`, `UsKyField`,
    /// `UsRiField`) and iabgpp-es write none.
    ///
    /// Sections with sensitive data consents (25-27) have a third layout, which later iabgpp-es and iabgpp-java
    /// write (their `UsIn`, `UsKy` and `UsRi` tests: `BVVVkkk.YA`, defaults `BQAAAAA.QA`): the eight values at the
    /// end of the core, then an optional GPC subsection. Its core (40 bits) is longer than the others (24 bits), so
    /// the length of the first part tells it apart; the first layout stays the one a value is written in when
    /// nothing says otherwise (its JSON object has no `gpc` key).
    static func usMSPAState(
        id: Int,
        prefix: StaticString,
        title: StaticString,
        knownChild: Bool,
        sensitiveDataItems: [StaticString]?
    ) -> GPPSectionDeclaration {
        var fields: [GPPField] = [
            .mspaVersion, .mspaCoveredTransaction, .mspaMode, .processingNotice, .saleOptOutNotice,
            .targetedAdvertisingOptOutNotice, .saleOptOut, .targetedAdvertisingOptOut,
        ]
        if knownChild { fields.append(.knownChildSensitiveDataConsent) }
        fields.append(.additionalDataProcessingConsent)
        let core = GPPSegmentDeclaration("core", fields: fields)
        let header = GPPSegmentDeclaration(
            "header",
            fields: [
                GPPField(
                    "SectionID",
                    key: "sectionId",
                    coding: .integer(bits: 6),
                    values: .unconstrained,
                    items: [],
                    defaultValue: id,
                    role: .sectionID
                ),
                .version,
                GPPField(
                    "SubSections",
                    key: "subSections",
                    coding: .fibonacciRange,
                    values: .unconstrained,
                    items: [],
                    defaultValue: 0,
                    role: .subsectionIDs
                ),
            ]
        )
        var layouts: [GPPSectionLayout]
        if let sensitiveDataItems {
            let list = GPPField.sensitiveDataProcessing(sensitiveDataItems)
            let optional = GPPSegmentDeclaration("sensitiveData", subsectionID: 1, isOptional: true, fields: [list])
            layouts = [
                GPPSectionLayout(name: "default", segments: [core, optional]),
                GPPSectionLayout(name: "headerFirst", segments: [header, core, optional], coreIndex: 1),
                GPPSectionLayout(
                    name: "sensitiveDataInCore",
                    segments: [GPPSegmentDeclaration("core", fields: fields + [list]), .gpc]
                ),
            ]
        } else {
            layouts = [
                GPPSectionLayout(name: "default", segments: [core, .gpc]),
                GPPSectionLayout(name: "headerFirst", segments: [header, core, .gpc], coreIndex: 1),
            ]
        }
        return GPPSectionDeclaration(id: id, prefix: prefix, title: title, structure: .mspa, layouts: layouts)
    }
}

extension GPPSectionDeclaration {
    /// An old-style US state section in the order most of them share (gpp-sections.md §8-23, "Generic order"):
    /// Version, `firstNotice`, SaleOptOutNotice, TargetedAdvertisingOptOutNotice, [`extraNotice`], SaleOptOut,
    /// TargetedAdvertisingOptOut, SensitiveDataProcessing, KnownChildSensitiveDataConsents (a plain Int(2) when
    /// there is one item), [AdditionalDataProcessingConsent], the three MSPA fields.
    static func usState(
        id: Int,
        prefix: StaticString,
        title: StaticString,
        gpc: Bool,
        firstNotice: GPPField,
        extraNotice: GPPField? = nil,
        sensitiveData: [StaticString],
        sensitiveDataValues: GPPValueSet = .consent,
        knownChild: [StaticString],
        additionalDataProcessingConsent: Bool
    ) -> GPPSectionDeclaration {
        var fields: [GPPField] = [firstNotice, .saleOptOutNotice, .targetedAdvertisingOptOutNotice]
        if let extraNotice { fields.append(extraNotice) }
        fields += [.saleOptOut, .targetedAdvertisingOptOut]
        fields.append(.sensitiveDataProcessing(sensitiveData, values: sensitiveDataValues))
        fields.append(
            knownChild.count == 1 ? .knownChildSensitiveDataConsent : .knownChildSensitiveDataConsents(knownChild)
        )
        if additionalDataProcessingConsent { fields.append(.additionalDataProcessingConsent) }
        fields += [.mspaCoveredTransaction, .mspaOptOutOptionMode, .mspaServiceProviderMode]
        return usState(id: id, prefix: prefix, title: title, gpc: gpc, fields: fields)
    }
}

/// Category lists several state sections share (item texts for pretty printers).
enum USCategories {
    /// Virginia's sensitive data categories (also Florida's).
    static let virginia: [StaticString] = [
        "racial or ethnic origin", "religious beliefs", "mental or physical health diagnosis", "sexual orientation",
        "citizenship or immigration status", "genetic data", "biometric data", "precise geolocation",
    ]
    /// Connecticut's sensitive data categories (also Montana's, New Hampshire's, and the first eight of Delaware's
    /// and New Jersey's).
    static let connecticut: [StaticString] = [
        "racial or ethnic origin", "religious beliefs", "mental or physical health condition or diagnosis",
        "sex life or sexual orientation", "citizenship or immigration status", "genetic data", "biometric data",
        "precise geolocation",
    ]
    /// Texas's sensitive data categories (also Nebraska's, Tennessee's and Minnesota's).
    static let texas: [StaticString] = [
        "racial or ethnic origin", "religious beliefs", "mental or physical health diagnosis", "sexuality",
        "citizenship or immigration status", "genetic data", "biometric data", "precise geolocation",
    ]
    /// The single known-child consent of several states.
    static let knownChild: [StaticString] = ["process sensitive data of a known child"]
    /// Connecticut's three known-child consents (also Montana's, Oregon's and New Hampshire's).
    static let knownChildTeen: [StaticString] = [
        "process sensitive data of a known child", "sell personal data of consumers aged 13 to 16",
        "process personal data of consumers aged 13 to 16 for targeted advertising",
    ]
    /// The eight sensitive data consents of the new-style sections (usin, usky, usri).
    static let mspaSensitiveData: [StaticString] = [
        "racial or ethnic origin", "religious beliefs", "mental or physical health condition or diagnosis",
        "sexual orientation", "citizenship or immigration status", "genetic data", "biometric data",
        "precise geolocation",
    ]
}
