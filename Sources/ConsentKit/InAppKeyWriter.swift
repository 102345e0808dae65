/// Collects the keys of ``InAppKeys``, one format at a time.
struct InAppKeyWriter {
    let length: InAppKeys.BinaryStringLength
    var values: [String: InAppValue] = [:]
    /// What a key could not represent (``InAppKeys/findings``).
    var findings: [Diagnostic] = []
    /// ``InAppKeys/typicalValues``.
    var typicalValues: [String: InAppValue] = [:]

    init(length: InAppKeys.BinaryStringLength) { self.length = length }

    mutating func write(_ key: String, _ value: InAppValue?) {
        if let value { values[key] = value }
    }

    mutating func write(_ key: String, _ flag: Bool) { values[key] = .integer(flag ? 1 : 0) }

    /// A binary string: position *n* is `1` when id *n+1* is in `ids` (inapp-keys.md §0), `width` characters for
    /// ``InAppKeys/BinaryStringLength/fieldWidth``, up to the highest id otherwise.
    func bits(_ ids: IDSet, width: Int) -> InAppValue {
        let count = length == .fieldWidth ? Swift.max(width, 0) : (ids.max ?? 0)
        var characters = [UInt8](repeating: UInt8(ascii: "0"), count: count)
        for id in ids {
            guard id <= count else { break }
            characters[id - 1] = UInt8(ascii: "1")
        }
        return .string(String(decoding: characters, as: UTF8.self))
    }

    /// A vendor binary string, `MaxVendorId` characters as encoded (the highest id for a built value).
    func vendorBits(_ ids: IDSet, of string: TCString, _ field: String) -> InAppValue {
        let encoding = string.jsonValue(includeType: false)["encoding"]
        return bits(ids, width: encoding?[field]?["maxVendorId"]?.intValue ?? ids.max ?? 0)
    }

    /// The keys a TC string implies, under `prefix` (`IABTCF_`, or `IABGPP_TCFEU2_` for GPP section 2, whose EEA
    /// mapping keeps the pre-2.2 name `UseNonStandardStacks`); `text` is stored under `stringKey`, the string's own
    /// encoding when nil.
    mutating func writeTCF(
        _ string: TCString,
        text: String? = nil,
        prefix: String,
        stringKey: String,
        nonStandardTextsName: String
    ) throws(ConsentError) {
        if let text { write(stringKey, .string(text)) } else { write(stringKey, .string(try string.encoded())) }
        write(prefix + "PolicyVersion", .integer(string.policyVersion))
        write(prefix + "PublisherCC", .string(string.publisherCountryCode.letters))
        write(prefix + "PurposeOneTreatment", string.purposeOneTreatment)
        write(prefix + nonStandardTextsName, string.useNonStandardTexts)
        write(prefix + "VendorConsents", vendorBits(string.vendorConsents, of: string, "vendorConsents"))
        write(
            prefix + "VendorLegitimateInterests",
            vendorBits(string.vendorLegitimateInterests, of: string, "vendorLegitimateInterests")
        )
        write(prefix + "PurposeConsents", bits(string.purposeConsents, width: 24))
        write(prefix + "PurposeLegitimateInterests", bits(string.purposeLegitimateInterests, width: 24))
        write(prefix + "SpecialFeaturesOptIns", bits(string.specialFeatureOptins, width: 12))
        let restrictions = Self.restrictionStrings(string.publisherRestrictions)
        for (purpose, text) in restrictions.strings {
            write(prefix + "PublisherRestrictions\(purpose)", .string(text))
        }
        for (purpose, vendors) in restrictions.conflicts {
            let key = prefix + "PublisherRestrictions\(purpose)"
            let list = (vendors.count == 1 ? "vendor " : "vendors ") + vendors.map(String.init).joined(separator: ", ")
            findings.append(
                Diagnostic(
                    .warning,
                    code: "conflictingRestrictions",
                    field: key,
                    message: "\(list) \(vendors.count == 1 ? "has" : "have") two restriction types for purpose "
                        + "\(purpose); \(key) holds one type per vendor and gets the lower (0, not allowed, is the "
                        + "strictest)"
                )
            )
        }
        if let publisher = string.publisherTC {
            write(prefix + "PublisherConsent", bits(publisher.publisherConsents, width: 24))
            write(prefix + "PublisherLegitimateInterests", bits(publisher.publisherLegitimateInterests, width: 24))
            write(
                prefix + "PublisherCustomPurposesConsents",
                bits(publisher.publisherCustomConsents, width: publisher.numCustomPurposes)
            )
            write(
                prefix + "PublisherCustomPurposesLegitimateInterests",
                bits(publisher.publisherCustomLegitimateInterests, width: publisher.numCustomPurposes)
            )
        }
    }

    /// The keys only the CMP knows, each written only when given (inapp-keys.md §0, §1.2): its SDK id and version,
    /// whose usual values, the string's CmpId and CmpVersion, are kept for comparison only; gdprApplies.
    mutating func writeCMP(_ string: TCString, prefix: String, sdkID: Int?, sdkVersion: Int?, gdprApplies: Bool?) {
        for (name, given, usual) in [
            ("CmpSdkID", sdkID, string.cmpId), ("CmpSdkVersion", sdkVersion, string.cmpVersion),
        ] {
            if let given {
                write(prefix + name, .integer(given))
            } else {
                typicalValues[prefix + name] = .integer(usual)
            }
        }
        if let gdprApplies { write(prefix + "gdprApplies", gdprApplies) }
    }

    /// One string per restricted purpose (inapp-keys.md §1.1): as long as the highest vendor id in any
    /// restriction, `_` where a vendor has none under that purpose, else its restriction type; a vendor listed
    /// under two types gets the lower number (0, not allowed, is the strictest) and is among the purpose's
    /// `conflicts`.
    static func restrictionStrings(
        _ restrictions: [PublisherRestriction]
    ) -> (strings: [(purpose: Int, text: String)], conflicts: [(purpose: Int, vendors: [Int])]) {
        let length = restrictions.compactMap(\.vendorIds.max).max() ?? 0
        var byPurpose: [Int: [UInt8]] = [:]
        var conflicts: [Int: Set<Int>] = [:]
        for restriction in restrictions where !restriction.vendorIds.isEmpty {
            var characters = byPurpose[restriction.purposeId] ?? [UInt8](repeating: UInt8(ascii: "_"), count: length)
            let type = UInt8(ascii: "0") + UInt8(restriction.restrictionType.rawValue)
            for vendor in restriction.vendorIds {
                let written = characters[vendor - 1]
                if written == UInt8(ascii: "_") {
                    characters[vendor - 1] = type
                    continue
                }
                if written != type { conflicts[restriction.purposeId, default: []].insert(vendor) }
                characters[vendor - 1] = Swift.min(written, type)
            }
            byPurpose[restriction.purposeId] = characters
        }
        return (
            byPurpose.keys.sorted().map { ($0, String(decoding: byPurpose[$0] ?? [], as: UTF8.self)) },
            conflicts.keys.sorted().map { ($0, conflicts[$0].map { $0.sorted() } ?? []) }
        )
    }

    /// The legacy TCF v1 keys (inapp-keys.md §1.3), for a v1.1 string.
    mutating func writeLegacy(_ string: TCStringV1, gdprApplies: Bool?) throws(ConsentError) {
        write("IABConsent_CMPPresent", InAppValue.boolean(true))
        write("IABConsent_ConsentString", .string(try string.encoded()))
        if let gdprApplies { write("IABConsent_SubjectToGDPR", .string(gdprApplies ? "1" : "0")) }
        write("IABConsent_ParsedPurposeConsents", bits(string.purposesAllowed, width: 24))
        let encoding = string.jsonValue(includeType: false)["encoding"]
        let maxVendorId = encoding?["vendorConsents"]?["maxVendorId"]?.intValue ?? string.vendorConsents.max ?? 0
        write("IABConsent_ParsedVendorConsents", bits(string.vendorConsents, width: maxVendorId))
    }

    /// The GPP keys (inapp-keys.md §2): the header keys (`IABGPP_GppSID` only when given), one `IABGPP_[id]_String`
    /// a section, and the per-field keys of sections 2 (`IABGPP_TCFEU2_*` with the EEA section's names, plus
    /// `IABGPP_2_TCString`) and 6 (`IABGPP_USP1_*`).
    mutating func writeGPP(
        _ string: GPPString,
        gppSID: [Int]?,
        gdprApplies: Bool?,
        sdkID: Int?,
        sdkVersion: Int?
    ) throws(ConsentError) {
        let text = try string.encoded()
        let ids = string.sectionIDs
        write("IABGPP_HDR_Version", .string(String(string.version)))
        write("IABGPP_HDR_Sections", .string(ids.map(String.init).joined(separator: "_")))
        write("IABGPP_HDR_GppString", .string(text))
        // spec: inapp-keys.md §2 note 5, the sections in force differ from HDR_Sections; only the CMP knows them.
        if let gppSID { write("IABGPP_GppSID", .string(gppSID.map(String.init).joined(separator: "_"))) }
        // The encoded string lists the sections in ascending id order after the header.
        let parts = text.split(separator: "~", omittingEmptySubsequences: false).dropFirst()
        for (id, part) in zip(ids.sorted(), parts) {
            let section = String(part)
            write("IABGPP_\(id)_String", .string(section))
            switch id {
            case 2:
                // The value the GPP decoder read, not the section's text decoded again as a TC string: a tcfeuv2 core
                // may end before NumPubRestrictions (gpp-sections.md §2), which a TC string may not.
                guard let tcString = string.tcfEuV2 else { break }
                try writeTCF(
                    tcString,
                    text: section,
                    prefix: "IABGPP_TCFEU2_",
                    stringKey: "IABGPP_2_TCString",
                    nonStandardTextsName: "UseNonStandardStacks"
                )
                writeCMP(
                    tcString,
                    prefix: "IABGPP_TCFEU2_",
                    sdkID: sdkID,
                    sdkVersion: sdkVersion,
                    gdprApplies: gdprApplies
                )
            case 5:
                write("IABGPP_5_TCString", .string(section))
            case 6:
                guard let usPrivacy = string.usPrivacy else { break }
                write("IABGPP_USP1_Version", .integer(usPrivacy.version))
                write("IABGPP_USP1_Notice", .string(usPrivacy.notice.description))
                write("IABGPP_USP1_OptOut", .string(usPrivacy.optOutSale.description))
                write("IABGPP_USP1_LSPACovered", .string(usPrivacy.lspaCovered.description))
            default: break
            }
        }
    }
}
