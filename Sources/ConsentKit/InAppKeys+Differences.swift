extension InAppKeys {
    /// How `stored`, the keys read back from an app, differ from these keys, sorted by key.
    ///
    /// Compared by meaning, as inapp-keys.md asks readers to: an integer may be stored as a decimal string; a binary
    /// string may be shorter or longer (a missing position is `0`); a publisher restriction string may be shorter
    /// (a missing position, or any character but `0`, `1`, `2`, is "no restriction"). Renamed keys are accepted
    /// under either name, and each name stored is compared (a difference names the key as stored):
    /// `UseNonStandardTexts` / `UseNonStandardStacks`, `IABGPP_[id]_String` / `IABGPP_[id]_TCString`, and the GPP
    /// core spec's `IABGPP_TCFEU2_PurposesConsent` / `VendorConsent`; `IABTCF_UseNonStandardTexts` stored only under
    /// its pre-2.2 name is ``InAppKeyDifference/Kind/oldNameOnly``. A key only the CMP knows, when not given, is
    /// compared with its usual value (`IABTCF_CmpSdkID` with CmpId) if stored, and never missing. Unexpected keys are
    /// reported in the key families derived here only; a CMP SDK id or version, or
    /// `IABTCF_EnableAdvertiserConsentMode`, is never unexpected.
    public func differences(from stored: [String: InAppValue]) -> [InAppKeyDifference] {
        var result: [InAppKeyDifference] = []
        var accounted = Set<String>()
        for key in keys {
            guard let expected = values[key] else { continue }
            let names = [key] + Self.aliases(of: key)
            accounted.formUnion(names)
            let present = names.filter { stored[$0] != nil }
            guard !present.isEmpty else {
                result.append(InAppKeyDifference(key: key, kind: .missing, expected: expected, found: nil))
                continue
            }
            if let oldName = Self.oldNames[key], present == [oldName] {
                result.append(
                    InAppKeyDifference(key: key, kind: .oldNameOnly, expected: expected, found: stored[oldName])
                )
            }
            // Another name that is itself one of these keys is compared under that key.
            for name in present where name == key || values[name] == nil {
                guard let found = stored[name], !Self.sameMeaning(key: key, expected, found) else { continue }
                result.append(InAppKeyDifference(key: name, kind: .different, expected: expected, found: found))
            }
        }
        for (key, usual) in typicalValues where values[key] == nil {
            accounted.insert(key)
            guard let found = stored[key], !usual.matches(found) else { continue }
            result.append(InAppKeyDifference(key: key, kind: .different, expected: usual, found: found))
        }
        for key in stored.keys.sorted() where !accounted.contains(key) && values[key] == nil {
            guard Self.isDerivedFamily(key), let found = stored[key] else { continue }
            result.append(InAppKeyDifference(key: key, kind: .unexpected, expected: nil, found: found))
        }
        return result.sorted { ($0.key, $0.kind.rawValue) < ($1.key, $1.kind.rawValue) }
    }

    /// Keys renamed by their specification, with the old name (inapp-keys.md §1: `IABTCF_UseNonStandardStacks`
    /// before TCF 2.2). The GPP EEA mapping keeps the old name as its own, so its key is not here.
    package static let oldNames = ["IABTCF_UseNonStandardTexts": "IABTCF_UseNonStandardStacks"]

    /// True for the per-field keys of GPP sections (`IABGPP_TCFEU2_*`, `IABGPP_USP1_*`), whose names gpp.md §6 calls
    /// UNCONFIRMED ("only the HDR, GppSID and `_String` keys are stable"): a reader cannot rely on them.
    package static func isPerFieldGPPKey(_ key: String) -> Bool {
        key.hasPrefix("IABGPP_TCFEU2_") || key.hasPrefix("IABGPP_USP1_")
    }

    /// Other names readers must accept for `key` (inapp-keys.md §1 and §2, "Inconsistencies").
    static func aliases(of key: String) -> [String] {
        let renames = [
            ("UseNonStandardTexts", "UseNonStandardStacks"), ("_String", "_TCString"),
            ("TCFEU2_PurposeConsents", "TCFEU2_PurposesConsent"), ("TCFEU2_VendorConsents", "TCFEU2_VendorConsent"),
        ]
        var names: [String] = []
        for (first, second) in renames {
            if key.hasSuffix(first) { names.append(String(key.dropLast(first.count)) + second) }
            if key.hasSuffix(second) { names.append(String(key.dropLast(second.count)) + first) }
        }
        return names
    }

    /// Keys whose value only the CMP knows, which no string implies: they describe the CMP SDK in the app, whose
    /// id and version normally equal the TC string's CmpId and CmpVersion (inapp-keys.md §1), but need not.
    package static let cmpOnlyKeys: Set<String> = [
        "IABTCF_CmpSdkID", "IABTCF_CmpSdkVersion", "IABTCF_EnableAdvertiserConsentMode", "IABGPP_TCFEU2_CmpSdkID",
        "IABGPP_TCFEU2_CmpSdkVersion",
    ]

    /// True for keys of the families this type derives (so an extra one is a contradiction, not an unknown).
    static func isDerivedFamily(_ key: String) -> Bool {
        if cmpOnlyKeys.contains(key) { return false }
        if key.hasPrefix("IABTCF_") || key.hasPrefix("IABUSPrivacy_") || key.hasPrefix("IABConsent_") { return true }
        if key.hasPrefix("IABGPP_HDR_") || key == "IABGPP_GppSID" { return true }
        if isPerFieldGPPKey(key) { return true }
        // IABGPP_[id]_String and IABGPP_[id]_TCString.
        let parts = key.split(separator: "_")
        return parts.count == 3 && parts[0] == "IABGPP" && Int(parts[1]) != nil
            && (parts[2] == "String" || parts[2] == "TCString")
    }

    /// The fields written as binary strings, by the key's last part.
    static let binaryStringNames: Set<String> = [
        "VendorConsents", "VendorLegitimateInterests", "DisclosedVendors", "PurposeConsents",
        "PurposeLegitimateInterests", "SpecialFeaturesOptIns", "PublisherConsent", "PublisherLegitimateInterests",
        "PublisherCustomPurposesConsents", "PublisherCustomPurposesLegitimateInterests", "ParsedPurposeConsents",
        "ParsedVendorConsents",
    ]

    /// True when `found` says what `expected` says, read as `key`'s kind of value.
    static func sameMeaning(key: String, _ expected: InAppValue, _ found: InAppValue) -> Bool {
        let name = key.split(separator: "_").last.map(String.init) ?? key
        if binaryStringNames.contains(name) || name.hasPrefix("PublisherRestrictions") {
            // A binary string stored as a number reads as its digits (the type is reported on its own).
            guard let mine = expected.stringValue, let theirs = found.stringValue ?? found.integerValue.map(String.init)
            else { return false }
            let isRestriction = name.hasPrefix("PublisherRestrictions")
            // A GPP per-field key may hold the ids joined by `_` (the GPP conversion rule) where the EEA mapping
            // writes the TCF keys' 0/1 string: readers must take both (inapp-keys.md §2, inconsistency 3).
            if !isRestriction, isPerFieldGPPKey(key), let ids = idListAsBinary(theirs) {
                return normalized(mine, restriction: false) == normalized(ids, restriction: false)
            }
            return normalized(mine, restriction: isRestriction) == normalized(theirs, restriction: isRestriction)
        }
        return expected.matches(found)
    }

    /// `text` read as ids joined by `_` (`2_7_10`), written as the binary string of those ids; nil for text that is
    /// no such list, or that could be a binary string (only `0` and `1`, no `_`).
    static func idListAsBinary(_ text: String) -> String? {
        guard text.contains("_") || text.contains(where: { $0 >= "2" && $0 <= "9" }) else { return nil }
        let ids = text.split(separator: "_", omittingEmptySubsequences: false).map { Int($0) }
        guard let highest = ids.compactMap({ $0 }).max(), !ids.contains(where: { ($0 ?? 0) < 1 }), highest <= 65_535
        else { return nil }
        var bits = Array(repeating: UInt8(ascii: "0"), count: highest)
        for case let id? in ids { bits[id - 1] = UInt8(ascii: "1") }
        return String(decoding: bits, as: UTF8.self)
    }

    /// A binary or restriction string as readers see it: no trailing "nothing" positions, and in a restriction
    /// string every character that means "nothing" written alike.
    static func normalized(_ text: String, restriction: Bool) -> [UInt8] {
        var bytes = text.utf8.map { byte -> UInt8 in
            if restriction { return (UInt8(ascii: "0")...UInt8(ascii: "2")).contains(byte) ? byte : UInt8(ascii: "_") }
            // Anything but 0 and 1 in a binary string (`yes`, `0020`) is wrong, and kept to differ.
            return byte
        }
        let nothing = restriction ? UInt8(ascii: "_") : UInt8(ascii: "0")
        while bytes.last == nothing { bytes.removeLast() }
        return bytes
    }
}
