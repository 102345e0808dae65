public import ConsentCore

extension TCString {
    /// The JSON form of spec/json.md: `type` (unless `includeType` is false, as inside GPP), `version`, the core
    /// fields, `vendorConsents`, `vendorLegitimateInterests`, `publisherRestrictions` (by purpose id, then type),
    /// `disclosedVendors`, `allowedVendors`, `publisherTC` (`null` when a segment is absent), then `encoding`.
    ///
    /// `encoding` (when `includeEncoding`) says how the string was written; its keys:
    /// - `original`: the decoded text (only for an unmodified decoded value). ``init(json:)`` gives it back when
    ///   the document's values equal what it decodes to.
    /// - `segments`: the segments in written order, each `{"segment": "core" | "disclosedVendors" |
    ///   "allowedVendors" | "publisherTC" | "unknownSegment", "segmentType": 0-7, "characters": n (data
    ///   characters), "paddingBits": bits after the last field, "paddingIsZero": bool, "trailingEquals": n,
    ///   "ignored": true for a repeated segment type}`. A segment kept unread (unknown type, or ignored) has
    ///   `"paddingBits": 0` and `"paddingIsZero": true`: where its fields end is not known.
    /// - `vendorConsents`, `vendorLegitimateInterests`, `disclosedVendors`, `allowedVendors` (those present):
    ///   `{"form": "bitField" | "range", "maxVendorId": n, "rangeEntries": n, "idsAboveMaxVendorId": bool}`.
    /// - `publisherRestrictions`: the entries in written order (repeats included),
    ///   `{"purposeId", "restrictionType", "rangeEntries"}`.
    /// - `publisherRestrictionsField`: `false` when the core has no NumPubRestrictions (GPP tolerance only).
    /// - `unknownSegments`: the segments of types 4-7, verbatim; unlike the other keys this is part of the value
    ///   (``unknownSegments``) and ``init(json:)`` reads it even without `original`.
    /// A built or modified value has only `unknownSegments` (when there are some) in `encoding`.
    public func jsonValue(includeType: Bool = true, includeEncoding: Bool = true) -> JSONValue {
        var object = sharedJSONMembers(includeType: includeType, version: version)
        object.append("policyVersion", .integer(policyVersion))
        object.append("isServiceSpecific", .bool(isServiceSpecific))
        object.append("useNonStandardTexts", .bool(useNonStandardTexts))
        object.append("specialFeatureOptins", .ids(specialFeatureOptins))
        object.append("purposeConsents", .ids(purposeConsents))
        object.append("purposeLegitimateInterests", .ids(purposeLegitimateInterests))
        object.append("purposeOneTreatment", .bool(purposeOneTreatment))
        object.append("publisherCountryCode", .string(publisherCountryCode.letters))
        object.append("vendorConsents", .ids(vendorConsents))
        object.append("vendorLegitimateInterests", .ids(vendorLegitimateInterests))
        object.append(
            "publisherRestrictions",
            .array(
                publisherRestrictions.map { restriction in
                    .object(
                        JSONObject([
                            ("purposeId", .integer(restriction.purposeId)),
                            ("restrictionType", .integer(restriction.restrictionType.rawValue)),
                            ("vendorIds", .ids(restriction.vendorIds)),
                        ])
                    )
                }
            )
        )
        object.append("disclosedVendors", disclosedVendors.map { .ids($0) } ?? .null)
        object.append("allowedVendors", allowedVendors.map { .ids($0) } ?? .null)
        object.append("publisherTC", publisherTC.map { TCString.jsonValue(of: $0) } ?? .null)
        if includeEncoding { object.append("encoding", .object(encodingJSON())) }
        return .object(object)
    }

    static func jsonValue(of publisherTC: PublisherTC) -> JSONValue {
        .object(
            JSONObject([
                ("publisherConsents", .ids(publisherTC.publisherConsents)),
                ("publisherLegitimateInterests", .ids(publisherTC.publisherLegitimateInterests)),
                ("numCustomPurposes", .integer(publisherTC.numCustomPurposes)),
                ("publisherCustomConsents", .ids(publisherTC.publisherCustomConsents)),
                ("publisherCustomLegitimateInterests", .ids(publisherTC.publisherCustomLegitimateInterests)),
            ])
        )
    }

    private func encodingJSON() -> JSONObject {
        var object = JSONObject()
        if let original = _original, let layout = TCStringLayout(scanning: original) {
            object = layout.jsonObject(original: original)
        }
        if !unknownSegments.isEmpty { object.append("unknownSegments", .array(unknownSegments.map { .string($0) })) }
        return object
    }

    /// Builds a value from its JSON form (spec/json.md; `type` and `version` may be left out but must say `tcf`
    /// and 2 when present; `disclosedVendors`, `allowedVendors` and `publisherTC` may be missing for `null`).
    ///
    /// With an `encoding` whose `original` decodes to the same values as the document, the result is that decoded
    /// value, so ``encoded(options:)`` gives back the original text; otherwise the value encodes canonically.
    /// Values are not range-checked here: ``encoded(options:)`` reports a value that does not fit its field.
    /// - Throws: `badJSON` naming the member (and the segment, `publisherTC` or `publisherRestrictions`) that is
    ///   missing or of the wrong kind: ids must be integers in 1...65535, timestamps ISO 8601, codes two letters,
    ///   restriction types 0-2; or a key its object does not have, or gives twice (the member named when it is a key
    ///   of the TC string's JSON form, else no field: a misspelt key would otherwise be dropped without a word).
    public init(json: JSONValue) throws(ConsentError) {
        let members = try JSONMembers(json)
        try members.requireOnly(Self.jsonKeys)
        try members.expect("type", equals: "tcf")
        if let version = members.optional("version"), version.intValue != 2 { throw members.fail("version") }
        self.init(
            created: try members.deciseconds("created"),
            lastUpdated: try members.deciseconds("lastUpdated"),
            cmpId: try members.int("cmpId"),
            cmpVersion: try members.int("cmpVersion"),
            consentScreen: try members.int("consentScreen"),
            consentLanguage: try members.twoLetterCode("consentLanguage"),
            vendorListVersion: try members.int("vendorListVersion"),
            policyVersion: try members.int("policyVersion"),
            isServiceSpecific: try members.bool("isServiceSpecific"),
            useNonStandardTexts: try members.bool("useNonStandardTexts"),
            specialFeatureOptins: try members.ids("specialFeatureOptins"),
            purposeConsents: try members.ids("purposeConsents"),
            purposeLegitimateInterests: try members.ids("purposeLegitimateInterests"),
            purposeOneTreatment: try members.bool("purposeOneTreatment"),
            publisherCountryCode: try members.twoLetterCode("publisherCountryCode"),
            vendorConsents: try members.ids("vendorConsents"),
            vendorLegitimateInterests: try members.ids("vendorLegitimateInterests"),
            publisherRestrictions: try TCString.restrictions(members.value("publisherRestrictions")),
            disclosedVendors: try members.optionalIDs("disclosedVendors"),
            allowedVendors: try members.optionalIDs("allowedVendors"),
            publisherTC: try members.optional("publisherTC").map { value throws(ConsentError) in
                try TCString.publisherTC(value)
            }
        )
        guard let encoding = members.optional("encoding") else { return }
        let encodingMembers = try JSONMembers(encoding, field: "encoding")
        if let segments = encodingMembers.optional("unknownSegments") {
            guard let array = segments.arrayValue else { throw encodingMembers.fail("unknownSegments") }
            var texts: [String] = []
            for element in array {
                guard let text = element.stringValue else { throw encodingMembers.fail("unknownSegments") }
                texts.append(text)
            }
            unknownSegments = texts
        }
        if let original = encodingMembers.optional("original")?.stringValue,
            let decoded = try? TCString(encoded: original, options: .withoutSizeLimits), decoded == self
        {
            self = decoded
        }
    }

    /// The keys of the top-level object (also a GPP `tcfeuv2` section's, without `type`).
    static let jsonKeys = JSONKeySet([
        "type", "version", "created", "lastUpdated", "cmpId", "cmpVersion", "consentScreen", "consentLanguage",
        "vendorListVersion", "policyVersion", "isServiceSpecific", "useNonStandardTexts", "specialFeatureOptins",
        "purposeConsents", "purposeLegitimateInterests", "purposeOneTreatment", "publisherCountryCode",
        "vendorConsents", "vendorLegitimateInterests", "publisherRestrictions", "disclosedVendors", "allowedVendors",
        "publisherTC", "encoding",
    ])

    /// The keys of one entry of `publisherRestrictions`.
    static let restrictionKeys = JSONKeySet(["purposeId", "restrictionType", "vendorIds"])

    /// The keys of the `publisherTC` object.
    static let publisherTCKeys = JSONKeySet([
        "publisherConsents", "publisherLegitimateInterests", "numCustomPurposes", "publisherCustomConsents",
        "publisherCustomLegitimateInterests",
    ])

    static func restrictions(_ value: JSONValue) throws(ConsentError) -> [PublisherRestriction] {
        guard let array = value.arrayValue else {
            throw ConsentError(.badJSON, format: .tcf, field: "publisherRestrictions")
        }
        var result: [PublisherRestriction] = []
        for element in array {
            let members = try JSONMembers(element, segment: "publisherRestrictions", field: "publisherRestrictions")
            try members.requireOnly(restrictionKeys)
            guard let type = RestrictionType(rawValue: try members.int("restrictionType")) else {
                throw members.fail("restrictionType")
            }
            result.append(
                PublisherRestriction(
                    purposeId: try members.int("purposeId"),
                    restrictionType: type,
                    vendorIds: try members.ids("vendorIds")
                )
            )
        }
        return result
    }

    static func publisherTC(_ value: JSONValue) throws(ConsentError) -> PublisherTC {
        let members = try JSONMembers(value, segment: "publisherTC", field: "publisherTC")
        try members.requireOnly(publisherTCKeys)
        return PublisherTC(
            publisherConsents: try members.ids("publisherConsents"),
            publisherLegitimateInterests: try members.ids("publisherLegitimateInterests"),
            numCustomPurposes: try members.int("numCustomPurposes"),
            publisherCustomConsents: try members.ids("publisherCustomConsents"),
            publisherCustomLegitimateInterests: try members.ids("publisherCustomLegitimateInterests")
        )
    }
}
