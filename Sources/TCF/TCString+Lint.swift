public import ConsentCore

extension TCString {
    /// Policy and form findings (tcf.md §9): what decodes but breaks a rule, looks suspicious or is outdated.
    ///
    /// `now` (deciseconds since 1970, the caller's clock) enables the "timestamp in the future" rule. Codes:
    /// errors `serviceSpecificRequired`, `policyVersionOutdated` (for strings created after 2023-09-30),
    /// `legitimateInterestNotAllowed` (purpose 1 always, purposes 3-6 under policy version 4 or later),
    /// `restrictionPurposeNotDefined` (purpose id above 24), `disclosedVendorsMissing` (for strings last updated
    /// from 2026-03-01, a warning before); warnings `policyVersionOutdated` (older strings), `timestampsDiffer`,
    /// `timestampNotDayLevel`, `createdAfterLastUpdated`, `timestampInFuture`, `timestampBeforeTCF`,
    /// `purposeNotDefined` (12-24), `specialFeatureNotDefined` (3-12), `unknownCountryCode`, `unknownLanguageCode`,
    /// `cmpIdNotAssigned` (0, 1), `vendorListVersionZero`, `vendorNotDisclosed`, `allowedVendorsSegment`,
    /// `legitimateInterestRestrictionOnPurposeOne`, `conflictingRestrictions`, `emptyRestriction`, and, for an
    /// unmodified decoded value, `vendorIdAboveMaxVendorId`, `overlappingRanges`, `repeatedRestriction`,
    /// `nonCanonicalPadding`, `trailingEquals`, `unknownSegment`, `duplicateSegment`,
    /// `publisherRestrictionsMissing`.
    public func lint(now: Int64? = nil) -> [Diagnostic] {
        findings(now: now).all.map(\.diagnostic)
    }

    /// The first error-level finding as a `policyViolation`, for strict decoding.
    func firstPolicyViolation() -> ConsentError? {
        findings(now: nil).all.first { $0.severity == .error }?.error
    }

    func findings(now: Int64?) -> LintFindings {
        var findings = LintFindings()
        checkPolicy(&findings)
        checkTimestamps(&findings, now: now)
        checkCodes(&findings)
        checkSegments(&findings)
        checkRestrictions(&findings)
        if let original = _original, let layout = TCStringLayout(scanning: original) {
            TCString.checkLayout(layout, &findings)
        }
        return findings
    }

    /// 2023-10-01T00:00:00Z: strings created from then on must carry policy version 4 or later.
    static let policyVersion4Deadline: Int64 = 16_961_184_000
    /// 2026-03-01T00:00:00Z: the industry deadline for the TCF 2.3 disclosed vendors segment (not a date of the
    /// spec itself: tcf.md §1).
    static let disclosedVendorsDeadline: Int64 = 17_723_232_000
    /// Deciseconds in a day.
    static let decisecondsPerDay: Int64 = 864_000

    private func checkPolicy(_ findings: inout LintFindings) {
        if !isServiceSpecific {
            findings.add(
                .error,
                "serviceSpecificRequired",
                "core",
                "isServiceSpecific",
                "IsServiceSpecific must be 1 (global and out-of-band consent ended on 2021-09-01)."
            )
        }
        if policyVersion < 4 {
            let isLate = created >= TCString.policyVersion4Deadline
            findings.add(
                isLate ? .error : .warning,
                "policyVersionOutdated",
                "core",
                "policyVersion",
                "TcfPolicyVersion \(policyVersion) is below 4, required for strings created after 2023-09-30."
            )
        }
        // spec (tcf.md §9): purpose 1 is consent only; TCF 2.2 (policy 4) also forbids LI for purposes 3-6.
        var forbidden: IDSet = [1]
        if policyVersion >= 4 { forbidden.formUnion([3, 4, 5, 6]) }
        let misused = purposeLegitimateInterests.intersection(forbidden)
        if !misused.isEmpty {
            findings.add(
                .error,
                "legitimateInterestNotAllowed",
                "core",
                "purposeLegitimateInterests",
                "Legitimate interest is not allowed for " + LintFindings.ids("purpose", misused) + "."
            )
        }
        findings.checkPurposesDefined(purposeConsents, "core", "purposeConsents")
        findings.checkPurposesDefined(purposeLegitimateInterests, "core", "purposeLegitimateInterests")
        let undefinedFeatures = specialFeatureOptins.subtracting([1, 2])
        if !undefinedFeatures.isEmpty {
            findings.add(
                .warning,
                "specialFeatureNotDefined",
                "core",
                "specialFeatureOptins",
                LintFindings.ids("Special feature", undefinedFeatures, "is", "are") + " not defined (1-2)."
            )
        }
        findings.checkVendorListVersion(vendorListVersion)
    }

    private func checkTimestamps(_ findings: inout LintFindings, now: Int64?) {
        // TCF v2.0 was published on 2019-08-21.
        findings.checkTimestamps(
            created: created,
            lastUpdated: lastUpdated,
            now: now,
            earliest: 15_663_456_000,
            framework: "TCF v2 (2019-08-21)"
        )
        if created != lastUpdated {
            findings.add(
                .warning,
                "timestampsDiffer",
                "core",
                "lastUpdated",
                "Created and LastUpdated should carry the same day-level value (since December 2021)."
            )
        }
        if created % TCString.decisecondsPerDay != 0 || lastUpdated % TCString.decisecondsPerDay != 0 {
            findings.add(
                .warning,
                "timestampNotDayLevel",
                "core",
                created % TCString.decisecondsPerDay != 0 ? "created" : "lastUpdated",
                "Timestamps should be at 00:00:00.0 UTC of the day (since December 2021)."
            )
        }
    }

    private func checkCodes(_ findings: inout LintFindings) {
        findings.checkCmpAndLanguage(cmpId: cmpId, consentLanguage: consentLanguage)
        if publisherCountryCode != .unknownCountry && !ISOCodes.list(ISOCodes.countries, contains: publisherCountryCode)
        {
            findings.add(
                .warning,
                "unknownCountryCode",
                "core",
                "publisherCountryCode",
                "PublisherCC \(publisherCountryCode) is not an ISO 3166-1 alpha-2 code."
            )
        }
    }

    private func checkSegments(_ findings: inout LintFindings) {
        if let disclosedVendors {
            let undisclosed = vendorConsents.union(vendorLegitimateInterests).subtracting(disclosedVendors)
            if !undisclosed.isEmpty {
                findings.add(
                    .warning,
                    "vendorNotDisclosed",
                    "disclosedVendors",
                    "",
                    LintFindings.ids("Vendor", undisclosed, "has", "have")
                        + " consent or legitimate interest but " + (undisclosed.count == 1 ? "is" : "are")
                        + " not disclosed."
                )
            }
        } else {
            findings.add(
                lastUpdated >= TCString.disclosedVendorsDeadline ? .error : .warning,
                "disclosedVendorsMissing",
                "disclosedVendors",
                "",
                "TCF 2.3 requires the disclosed vendors segment in every TC string."
            )
        }
        if allowedVendors != nil {
            findings.add(
                .warning,
                "allowedVendorsSegment",
                "allowedVendors",
                "",
                "The allowed vendors (out-of-band) segment is invalid since 2021-09-01."
            )
        }
        if let publisherTC {
            findings.checkPurposesDefined(publisherTC.publisherConsents, "publisherTC", "publisherConsents")
            findings.checkPurposesDefined(
                publisherTC.publisherLegitimateInterests,
                "publisherTC",
                "publisherLegitimateInterests"
            )
        }
    }

    private func checkRestrictions(_ findings: inout LintFindings) {
        // The vendors each purpose has restricted so far: a vendor under a second type of the same purpose is a
        // conflict, whichever types lie between the two (0 and 2 with a 1 between them).
        var restrictedByPurpose: [Int: IDSet] = [:]
        for restriction in publisherRestrictions {
            let purpose = restriction.purposeId
            if purpose > 24 {
                findings.add(
                    .error,
                    "restrictionPurposeNotDefined",
                    "core",
                    "publisherRestrictions",
                    "A restriction names purpose \(purpose); purpose ids are 1-24."
                )
            }
            if purpose == 1 && restriction.restrictionType == .requireLegitimateInterest {
                findings.add(
                    .warning,
                    "legitimateInterestRestrictionOnPurposeOne",
                    "core",
                    "publisherRestrictions",
                    "Purpose 1 cannot be restricted to legitimate interest."
                )
            }
            if restriction.vendorIds.isEmpty {
                findings.add(
                    .warning,
                    "emptyRestriction",
                    "core",
                    "publisherRestrictions",
                    "The restriction of purpose \(purpose), type \(restriction.restrictionType.rawValue) names no vendor."
                )
            }
            let restricted = restrictedByPurpose[purpose, default: IDSet()]
            let conflicting = restricted.intersection(restriction.vendorIds)
            if !conflicting.isEmpty {
                findings.add(
                    .warning,
                    "conflictingRestrictions",
                    "core",
                    "publisherRestrictions",
                    LintFindings.ids("Vendor", conflicting, "has", "have")
                        + " two restriction types for purpose \(purpose)."
                )
            }
            restrictedByPurpose[purpose] = restricted.union(restriction.vendorIds)
        }
    }

    private static func checkLayout(_ layout: TCStringLayout, _ findings: inout LintFindings) {
        for field in VendorField.allCases {
            guard let scan = layout.vendorSections[field] else { continue }
            // A segment of its own is the field: `disclosedVendors`, not `disclosedVendors.disclosedVendors`.
            let ownSegment = field == .disclosedVendors || field == .allowedVendors
            findings.checkVendorSection(
                scan,
                segment: ownSegment ? field.name : "core",
                field: ownSegment ? "" : field.name
            )
        }
        var seenPairs: [TCStringLayout.RestrictionEntry] = []
        for entry in layout.restrictions {
            if entry.overlapping {
                findings.add(
                    .warning,
                    "overlappingRanges",
                    "core",
                    "publisherRestrictions",
                    "Vendor ranges of the restriction of purpose \(entry.purposeId) overlap or are not ascending."
                )
            }
            if seenPairs.contains(where: { $0.purposeId == entry.purposeId && $0.type == entry.type }) {
                findings.add(
                    .warning,
                    "repeatedRestriction",
                    "core",
                    "publisherRestrictions",
                    "Purpose \(entry.purposeId), type \(entry.type.rawValue) is listed more than once (merged)."
                )
            }
            seenPairs.append(entry)
        }
        if !layout.hasRestrictionsField {
            findings.add(
                .warning,
                "publisherRestrictionsMissing",
                "core",
                "publisherRestrictions",
                "The core ends before NumPubRestrictions."
            )
        }
        for segment in layout.segments {
            findings.checkPadding(segment)
            if segment.kind == .unknown {
                findings.add(
                    .warning,
                    "unknownSegment",
                    "unknownSegment",
                    "segmentType",
                    "Segment type \(segment.segmentType) is not defined; it is kept as written."
                )
            }
            if segment.isIgnored {
                findings.add(
                    .warning,
                    "duplicateSegment",
                    segment.kind.name,
                    "segmentType",
                    "A second \(segment.kind.name) segment is ignored (the first one counts)."
                )
            }
        }
    }
}
