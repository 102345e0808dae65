import ConsentCore
import TCF

/// The allocation-free TC string query (`TCString.withQuery`, `TCString.check`) agrees with the full decode on
/// every string the full decode accepts, and never traps on the others.
enum TCFQueryInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.tcfQuery)
        let text = input.text
        guard let full = try? TCString(encoded: text) else {
            // Only "no trap" holds: the query reads less than the decoder and may answer.
            _ = try? TCString.withQuery(text) { query throws(ConsentError) in
                (1...3).map { query.vendorHasConsent($0) || query.vendorHasLegitimateInterest($0) }
            }
            _ = try? TCString.check(text, vendor: 1, purposes: [1])
            return nil
        }
        compare(text, with: full, &checker)
        return checker.violation
    }

    /// Checks that the query over `text` answers as `full`, the value decoded from it (a TC string, or a GPP
    /// `tcfeuv2` section as the GPP decoder read it): fixed fields, vendors, restrictions, purposes, `check`.
    static func compare(_ text: String, with full: TCString, _ checker: inout InvariantChecker) {
        let vendors = probes(full)
        let purposes = Set(full.publisherRestrictions.map(\.purposeId) + [1, 2])
        do throws(ConsentError) {
            try TCString.withQuery(text) { query throws(ConsentError) in
                checker.check(
                    query.cmpId == full.cmpId && query.vendorListVersion == full.vendorListVersion
                        && query.policyVersion == full.policyVersion
                        && query.isServiceSpecific == full.isServiceSpecific
                        && query.specialFeatureOptins == full.specialFeatureOptins
                        && query.purposeConsents == full.purposeConsents
                        && query.purposeLegitimateInterests == full.purposeLegitimateInterests
                        && query.purposeOneTreatment == full.purposeOneTreatment
                        && query.publisherCountryCode == full.publisherCountryCode,
                    "\(text): the query's fixed fields differ from the decode"
                )
                for vendor in vendors {
                    checker.check(
                        query.vendorHasConsent(vendor) == full.vendorConsents.contains(vendor),
                        "\(text): vendor \(vendor) consent: query \(query.vendorHasConsent(vendor))"
                    )
                    checker.check(
                        query.vendorHasLegitimateInterest(vendor) == full.vendorLegitimateInterests.contains(vendor),
                        "\(text): vendor \(vendor) legitimate interest: query differs"
                    )
                    for purpose in purposes {
                        let types = try query.restrictionTypes(forVendor: vendor, purpose: purpose)
                        var expected = RestrictionTypes()
                        for type in full.restrictionTypes(forVendor: vendor, purpose: purpose) {
                            expected.insert(RestrictionTypes(type))
                        }
                        checker.check(types == expected, "\(text): restrictions of \(vendor) on \(purpose) differ")
                    }
                }
                for wanted in [IDSet([1]), IDSet([1, 2, 3, 4]), full.purposeConsents, IDSet(1...24)] {
                    checker.check(
                        query.purposesHaveConsent(wanted) == wanted.isSubset(of: full.purposeConsents),
                        "\(text): purposes \(wanted) consent: query differs"
                    )
                }
            }
            for vendor in vendors.prefix(4) {
                let answer = try TCString.check(text, vendor: vendor, purposes: [1, 2])
                checker.check(
                    answer.vendorConsent == full.vendorConsents.contains(vendor)
                        && answer.vendorLegitimateInterest == full.vendorLegitimateInterests.contains(vendor)
                        && answer.purposesConsent == IDSet([1, 2]).isSubset(of: full.purposeConsents),
                    "\(text): TCString.check for vendor \(vendor) differs from the decode"
                )
            }
        } catch {
            checker.fail("\(text) decodes, but the query fails: \(error)")
        }
    }

    /// Vendor ids worth asking about: the ends of each set, ids around them, and the edges of the id space.
    static func probes(_ value: TCString) -> [Int] {
        var ids: Set<Int> = [0, 1, 2, 64, 65, 65_535]
        for set in [value.vendorConsents, value.vendorLegitimateInterests] {
            for id in [set.min, set.max].compactMap({ $0 }) { ids.formUnion([id - 1, id, id + 1]) }
            for (index, id) in set.enumerated() where index % 97 == 0 { ids.insert(id) }
        }
        for restriction in value.publisherRestrictions {
            if let id = restriction.vendorIds.min { ids.insert(id) }
        }
        return ids.sorted()
    }
}
