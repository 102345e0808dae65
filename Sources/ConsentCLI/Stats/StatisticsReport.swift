import ConsentKit

/// The two forms `consent stats` prints its ``ConsentStatistics`` in: text for people, one JSON object for
/// programs (every count, so that `jq` can ask what the text leaves out).
struct StatisticsReport {
    var statistics: ConsentStatistics
    /// Vendors the text reports one by one (`--vendor`).
    var vendors: [Int] = []
    /// How many of the most frequent vendors, providers and CMP ids the text lists.
    var topCount = 10

    // MARK: - JSON

    /// `{"type": "stats", "inputs": ..., "strings": ..., "tcf": {...}, "gpp": {...}, "usp": {...}, "ac": {...}}`.
    func jsonValue() -> JSONValue {
        let all = statistics
        var object = JSONObject()
        object.append("type", .string("stats"))
        object.append("inputs", .integer(all.inputs))
        object.append("unreadableInputs", all.unreadable.jsonValue())
        object.append("checks", all.checks.jsonValue())
        object.append("strings", .integer(all.strings))
        object.append("decoded", .integer(all.kinds.total))
        object.append("failed", .integer(all.failures.total))
        object.append("failures", all.failures.jsonValue())
        object.append("kinds", all.kinds.jsonValue())
        object.append("tcf", tcfJSON(all.tcf))
        object.append("gpp", gppJSON(all.gpp))
        object.append("usp", uspJSON(all.usp))
        object.append("ac", acJSON(all.ac))
        return .object(object)
    }

    private func tcfJSON(_ tcf: TCStatistics) -> JSONValue {
        .object(
            JSONObject([
                ("strings", .integer(tcf.strings)), ("inGPP", .integer(tcf.inGPP)), ("legacy", .integer(tcf.legacy)),
                ("purposeConsents", tcf.purposeConsents.jsonValue(through: lastPurpose(tcf))),
                ("purposeLegitimateInterests", tcf.purposeLegitimateInterests.jsonValue(through: lastPurpose(tcf))),
                ("specialFeatureOptins", tcf.specialFeatureOptins.jsonValue(through: lastSpecialFeature(tcf))),
                ("vendorConsents", tcf.vendorConsents.jsonValue()),
                ("vendorLegitimateInterests", tcf.vendorLegitimateInterests.jsonValue()),
                ("withoutVendorConsent", .integer(tcf.withoutVendorConsent)),
                ("withDisclosedVendors", .integer(tcf.withDisclosedVendors)),
                ("withPublisherRestrictions", .integer(tcf.withPublisherRestrictions)),
                ("cmpIds", tcf.cmpIDs.jsonValue()), ("policyVersions", tcf.policyVersions.jsonValue()),
            ])
        )
    }

    private func gppJSON(_ gpp: GPPStatistics) -> JSONValue {
        let sections = gpp.sections.counts.sorted { $0.key < $1.key }
        let usSections = gpp.usSections.sorted { $0.key < $1.key }
        return .object(
            JSONObject([
                ("strings", .integer(gpp.strings)),
                ("sections", .object(JSONObject(sections.map { (Self.sectionName($0.key), .integer($0.value)) }))),
                (
                    "usSections",
                    .object(
                        JSONObject(
                            usSections.map { id, counts in
                                (
                                    Self.sectionName(id),
                                    .object(
                                        JSONObject([
                                            ("strings", .integer(counts.strings)),
                                            ("saleOptOut", .integer(counts.saleOptedOut)),
                                            (
                                                "sharingOptOut",
                                                Self.count(
                                                    counts.sharingOptedOut,
                                                    has: Self.sectionHas("sharingOptOut", id)
                                                )
                                            ),
                                            (
                                                "targetedAdvertisingOptOut",
                                                Self.count(
                                                    counts.targetedAdvertisingOptedOut,
                                                    has: Self.sectionHas("targetedAdvertisingOptOut", id)
                                                )
                                            ),
                                            ("gpc", Self.count(counts.gpc, has: Self.hasGPC(counts, id))),
                                        ])
                                    )
                                )
                            }
                        )
                    )
                ),
            ])
        )
    }

    private func uspJSON(_ usp: USPStatistics) -> JSONValue {
        .object(
            JSONObject([
                ("strings", .integer(usp.strings)), ("inGPP", .integer(usp.inGPP)), ("notice", usp.notice.jsonValue()),
                ("optOutSale", usp.optOutSale.jsonValue()), ("lspaCovered", usp.lspaCovered.jsonValue()),
            ])
        )
    }

    private func acJSON(_ ac: ACStatistics) -> JSONValue {
        .object(
            JSONObject([
                ("strings", .integer(ac.strings)), ("versions", ac.versions.jsonValue()),
                ("withoutConsent", .integer(ac.withoutConsent)),
                ("consentedProviders", ac.consentedProviders.jsonValue()),
            ])
        )
    }

    // MARK: - Text

    /// The text report, a line per fact; kinds no string had are left out.
    func text(style: Style) -> String {
        let all = statistics
        var lines: [String] = []
        var summary = "\(count(all.strings, "string")) in \(count(all.inputs, "input"))"
        summary += ": \(grouped(all.kinds.total)) decoded, \(grouped(all.failures.total)) failed"
        lines.append(style.heading(summary))
        if all.kinds.total > 0 { lines.append("  kinds: " + listed(all.kinds.ranked())) }
        if all.failures.total > 0 { lines.append("  failed: " + listed(all.failures.ranked())) }
        if all.unreadable.total > 0 {
            lines.append(
                "  inputs with no string: \(grouped(all.unreadable.total)) (\(listed(all.unreadable.ranked())))"
            )
        }
        // Asked for vendors, the section shows even without a TC string, to say there was none to count.
        if all.checks.total > 0 { lines.append("  checks: " + listed(all.checks.ranked())) }
        if all.tcf.strings > 0 || all.tcf.legacy > 0 || !vendors.isEmpty { lines += tcfText(all.tcf, style: style) }
        if all.gpp.strings > 0 { lines += gppText(all.gpp, style: style) }
        if all.usp.strings > 0 { lines += uspText(all.usp, style: style) }
        if all.ac.strings > 0 { lines += acText(all.ac, style: style) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func tcfText(_ tcf: TCStatistics, style: Style) -> [String] {
        var heading = "TC strings: \(grouped(tcf.strings))"
        var notes: [String] = []
        if tcf.inGPP > 0 { notes.append("\(grouped(tcf.inGPP)) of them GPP section 2") }
        if tcf.legacy > 0 { notes.append("and \(count(tcf.legacy, "legacy v1.1 string")), counted only") }
        if !notes.isEmpty { heading += " (" + notes.joined(separator: "; ") + ")" }
        var lines = ["", style.heading(heading)]
        guard tcf.strings > 0 else {
            for vendor in vendors { lines.append("  vendor \(vendor): no TCF v2 string to count") }
            return lines
        }
        let total = tcf.strings
        lines.append("  " + pad("purpose", 52) + pad("consent", 18) + "legitimate interest")
        for purpose in 1...lastPurpose(tcf) {
            let name = TCFNames.purposes[purpose] ?? "(not defined)"
            lines.append(
                "  " + pad("\(purpose < 10 ? " " : "")\(purpose) \(name)", 52)
                    + pad(share(tcf.purposeConsents[purpose], of: total), 18)
                    + share(tcf.purposeLegitimateInterests[purpose], of: total)
            )
        }
        for feature in 1...lastSpecialFeature(tcf) {
            let name = TCFNames.specialFeatures[feature] ?? "(not defined)"
            lines.append(
                "  " + pad("special feature \(feature) \(name)", 52)
                    + share(tcf.specialFeatureOptins[feature], of: total)
            )
        }
        lines.append("  no vendor consent: " + share(tcf.withoutVendorConsent, of: total))
        lines.append("  disclosed vendors segment: " + share(tcf.withDisclosedVendors, of: total))
        lines.append("  publisher restrictions: " + share(tcf.withPublisherRestrictions, of: total))
        lines += ranking("vendors with the most consents", tcf.vendorConsents.ranked(limit: topCount), of: total)
        for vendor in vendors {
            lines.append(
                "  vendor \(vendor): consent \(share(tcf.vendorConsents[vendor], of: total)), legitimate interest "
                    + share(tcf.vendorLegitimateInterests[vendor], of: total)
            )
        }
        lines.append("  CMP ids (id: strings): " + listed(tcf.cmpIDs.ranked(limit: topCount), separator: ": "))
        lines.append("  policy versions (version: strings): " + listed(tcf.policyVersions.ranked(), separator: ": "))
        return lines
    }

    private func gppText(_ gpp: GPPStatistics, style: Style) -> [String] {
        var lines = ["", style.heading("GPP strings: \(grouped(gpp.strings))")]
        let sections = gpp.sections.counts.sorted { $0.key < $1.key }
        lines.append(
            "  sections: " + sections.map { "\(Self.sectionName($0.key)) \(grouped($0.value))" }.joined(separator: ", ")
        )
        guard !gpp.usSections.isEmpty else { return lines }
        lines.append(
            "  " + pad("section", 10) + pad("strings", 10) + pad("sale opt-out", 18) + pad("sharing opt-out", 18)
                + pad("targeted ads opt-out", 22) + "GPC"
        )
        for (id, counts) in gpp.usSections.sorted(by: { $0.key < $1.key }) {
            let total = counts.strings
            func column(_ count: Int, _ has: Bool) -> String { has ? share(count, of: total) : "n/a" }
            lines.append(
                "  " + pad(Self.sectionName(id), 10) + pad(grouped(total), 10)
                    + pad(share(counts.saleOptedOut, of: total), 18)
                    + pad(column(counts.sharingOptedOut, Self.sectionHas("sharingOptOut", id)), 18)
                    + pad(
                        column(counts.targetedAdvertisingOptedOut, Self.sectionHas("targetedAdvertisingOptOut", id)),
                        22
                    )
                    + column(counts.gpc, Self.hasGPC(counts, id))
            )
        }
        lines.append(
            "  (opted out: the field is 1; GPC: the GPC subsection says true; n/a: the section has no such field)"
        )
        return lines
    }

    private func uspText(_ usp: USPStatistics, style: Style) -> [String] {
        let total = usp.strings
        return [
            "",
            style.heading(
                "US Privacy strings: \(grouped(total))"
                    + (usp.inGPP > 0 ? " (\(grouped(usp.inGPP)) of them GPP section 6)" : "")
            ),
            "  opted out of sale (Y): " + share(usp.optOutSale["Y"], of: total) + ", did not (N): "
                + share(usp.optOutSale["N"], of: total) + ", not applicable (-): "
                + share(usp.optOutSale["-"], of: total),
            "  notice given (Y): " + share(usp.notice["Y"], of: total) + "; LSPA covered (Y): "
                + share(usp.lspaCovered["Y"], of: total),
        ]
    }

    private func acText(_ ac: ACStatistics, style: Style) -> [String] {
        let total = ac.strings
        let versions = ac.versions.ranked().map { "v\($0.key) \(grouped($0.count))" }.joined(separator: ", ")
        var lines = ["", style.heading("AC strings: \(grouped(total)) (\(versions))")]
        lines.append("  no provider consent: " + share(ac.withoutConsent, of: total))
        lines += ranking("providers with the most consents", ac.consentedProviders.ranked(limit: topCount), of: total)
        return lines
    }

    // MARK: - Helpers

    /// Purposes 1-11 (TCF 2.2), and any later one some string consented to.
    private func lastPurpose(_ tcf: TCStatistics) -> Int {
        max(11, tcf.purposeConsents.highestID, tcf.purposeLegitimateInterests.highestID)
    }

    /// Special features 1-2, and any later one some string opted in to.
    private func lastSpecialFeature(_ tcf: TCStatistics) -> Int {
        max(2, tcf.specialFeatureOptins.highestID)
    }

    /// `usnat`, or the id of a section this package does not know.
    static func sectionName(_ id: Int) -> String { GPPSection.prefix(of: id) ?? String(id) }

    /// True when section `id` has the field `key` in its standard layout, the first it declares (usva has no
    /// SharingOptOut, usut and usin no GPC): a count of 0 would say that nobody opted out where the strings cannot
    /// say it.
    static func sectionHas(_ key: String, _ id: Int) -> Bool {
        guard let standard = GPPSectionDeclaration.declaration(prefix: sectionName(id))?.layouts.first else {
            return false
        }
        return GPPFieldLookup.layout(standard, has: key)
    }

    /// True when GPC is counted for section `id`: its standard layout has the subsection, or some string's layout
    /// had it (usin's core with the sensitive data items in it, then a GPC subsection, as some encoders write).
    static func hasGPC(_ counts: GPPStatistics.USSection, _ id: Int) -> Bool {
        sectionHas("gpc", id) || counts.withGPCSubsection > 0
    }

    /// `count` as JSON, or null when the section has no such field (`has` false).
    private static func count(_ count: Int, has: Bool) -> JSONValue { has ? .integer(count) : .null }

    /// A title, then an id and its count a line; nothing when no string had any id.
    private func ranking(_ title: String, _ ranked: [(id: Int, count: Int)], of total: Int) -> [String] {
        guard !ranked.isEmpty else { return [] }
        return ["  \(title):"] + ranked.map { "    " + pad(String($0.id), 8) + share($0.count, of: total) }
    }

    /// `1,234 (56.7%)`.
    private func share(_ part: Int, of total: Int) -> String {
        guard total > 0 else { return grouped(part) }
        let permille = (part * 1000 + total / 2) / total
        return "\(grouped(part)) (\(permille / 10).\(permille % 10)%)"
    }

    /// `truncated 60, badBase64 40`.
    /// `tcf 600, ac 200`; with `separator` `": "`, for numbers counted (`212: 65, 68: 61`), where a space would
    /// leave the id and its count apart only by position.
    private func listed<Key>(_ counts: [(key: Key, count: Int)], separator: String = " ") -> String {
        counts.isEmpty
            ? "none" : counts.map { "\($0.key)\(separator)\(grouped($0.count))" }.joined(separator: ", ")
    }

    /// `1 string`, `1,200 strings`.
    private func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `1,234,567`.
    private func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return number < 0 ? "-" + digits : digits
    }

    /// `text` followed by spaces up to `width` characters; a longer text is cut, ending in `…`, to leave one space.
    private func pad(_ text: String, _ width: Int) -> String {
        let fitted = text.count < width ? text : text.prefix(width - 2) + "…"
        return fitted + String(repeating: " ", count: width - fitted.count)
    }
}
