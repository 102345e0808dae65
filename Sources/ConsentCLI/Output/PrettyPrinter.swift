import ConsentKit

/// The output for people: a heading with the kind of string, then a tree of every field, in the order and with
/// the names of the JSON form, with what the numbers mean (purpose names, value meanings, folded id lists,
/// vendor names from `--gvl`). Built from the JSON form, so every kind and every GPP section prints the same way.
struct PrettyPrinter {
    /// Colour, or none.
    let style: Style
    /// Vendor (and translated purpose) names, when `--gvl` was given.
    let vendorList: VendorList?

    /// Strings longer than this are shortened in headings (the whole string is one `--json` away).
    static let headingTextLimit = 100

    /// The heading and field tree of one decoded string; `source` names where it was found (`gdpr_consent`).
    func render(_ json: JSONValue, kind: ConsentFormat, text: String, source: String?) -> [String] {
        var heading = style.heading(title(of: json, kind: kind))
        if let source { heading = style.key(source) + ": " + heading }
        var lines = [heading + "  " + style.note(abbreviated(text))]
        let scope = kind == .tcf && json["version"]?.intValue == 1 ? "tcfeuv1" : kind.rawValue
        lines += TreeNode.render(nodes(of: json.objectValue ?? JSONObject(), scope: scope), style: style)
        return lines
    }

    /// `TC string (TCF v2)`, `GPP string (3 sections)`, ...
    func title(of json: JSONValue, kind: ConsentFormat) -> String {
        let version = json["version"]?.intValue
        switch kind {
        case .tcf: return version == 1 ? "TC string (TCF v1.1, legacy)" : "TC string (TCF v\(version ?? 2))"
        case .gpp:
            let count = json["sectionIds"]?.arrayValue?.count ?? 0
            return "GPP string (version \(version ?? 1), \(count) section\(count == 1 ? "" : "s"))"
        case .usp: return "US Privacy string (version \(version ?? 1))"
        case .ac: return "Additional Consent string (version \(version ?? 1))"
        }
    }

    /// The string itself, shortened in the middle when it is long.
    func abbreviated(_ text: String) -> String {
        guard text.count > PrettyPrinter.headingTextLimit else { return text }
        return String(text.prefix(60)) + "…" + String(text.suffix(16)) + " (\(text.count) characters)"
    }

    // MARK: - Fields

    private func nodes(of object: JSONObject, scope: String) -> [TreeNode] {
        let letters = ["notice", "optOutSale", "lspaCovered"].map { object[$0]?.stringValue }
        let applies = ValueMeanings.ccpaApplies(letters)
        var nodes = object.compactMap { member in
            member.key == "type" || member.key == "encoding"
                ? nil : node(member.key, member.value, scope: scope, ccpaApplies: applies)
        }
        if let encoding = object["encoding"]?.objectValue {
            addEncodingNotes(encoding, to: &nodes)
            addLayoutNote(encoding, version: object["version"]?.intValue, scope: scope, to: &nodes)
        }
        if scope == "ac" { addDisclosureNote(object, to: &nodes) }
        return nodes
    }

    /// A GPP section whose Version names one layout and whose core is written in another (a usnat Version 1 core of
    /// 16 and 3 items, read by its length: gpp-sections.md, "How to pick the layout"): said at its version, where a
    /// reader would otherwise take the lists' lengths for a mistake.
    private func addLayoutNote(_ encoding: JSONObject, version: Int?, scope: String, to nodes: inout [TreeNode]) {
        // Only a section with a layout for each of several Versions picks one by length (tcfcav1 reads any Version
        // with its one layout).
        guard let declaration = GPPSectionDeclaration.declaration(prefix: scope),
            declaration.layouts.filter({ $0.version != nil }).count > 1,
            let layout = encoding["layout"]?.stringValue, layout.hasPrefix("v"), let written = Int(layout.dropFirst()),
            let version, written != version, let index = nodes.firstIndex(where: { $0.label == "version" })
        else { return }
        nodes[index].lines.append(
            style.note("written with the version \(written) layout, read by its length (consent lint reports it)")
        )
    }

    /// What an AC string's `dv.` list means (ac.md §3: providers disclosed to the user, without consent), and that a
    /// consented id repeated there counts as consented.
    private func addDisclosureNote(_ object: JSONObject, to nodes: inout [TreeNode]) {
        guard let index = nodes.firstIndex(where: { $0.label == "disclosedProviders" }),
            let disclosed = object["disclosedProviders"]?.arrayValue?.compactMap(\.intValue), !disclosed.isEmpty
        else { return }
        nodes[index].lines.append(style.note("disclosed to the user, without consent"))
        let consented = Set(object["consentedProviders"]?.arrayValue?.compactMap(\.intValue) ?? [])
        let both = ProviderIDSet(disclosed.filter(consented.contains))
        if !both.isEmpty {
            nodes[index].lines.append(
                style.note(
                    "\(both.foldedDescription): also consented, \(both.count == 1 ? "counts" : "count") as consented"
                )
            )
        }
    }

    /// What a TC string's `encoding` record holds that changes how its values read, said where people look: ids
    /// a range names past its MaxVendorId (left out of the set), segments of unknown type (kept as written), a
    /// repeated segment (ignored), a GPP section 2 written without its publisher restrictions count.
    private func addEncodingNotes(_ encoding: JSONObject, to nodes: inout [TreeNode]) {
        for index in nodes.indices {
            guard let record = encoding[nodes[index].label]?.objectValue,
                record["idsAboveMaxVendorId"] == .bool(true), let maxVendorId = record["maxVendorId"]?.intValue
            else { continue }
            nodes[index].lines.append(
                style.note(
                    "its ranges also name ids above maxVendorId \(maxVendorId), left out (consent lint reports them)"
                )
            )
        }
        if let unknown = encoding["unknownSegments"]?.arrayValue, !unknown.isEmpty {
            let texts = unknown.compactMap(\.stringValue)
            nodes.append(
                TreeNode(
                    "unknownSegments",
                    style.note(
                        "\(count(texts.count, "segment")) of a type TCF does not define, kept as written: "
                            + texts.joined(separator: ", ")
                    )
                )
            )
        }
        for segment in encoding["segments"]?.arrayValue ?? [] where segment["ignored"] == .bool(true) {
            let name = segment["segment"]?.stringValue ?? "segment"
            nodes.append(TreeNode("ignoredSegment", style.note("a second \(name) segment, ignored (the first counts)")))
        }
        if encoding["publisherRestrictionsField"] == .bool(false),
            let index = nodes.firstIndex(where: { $0.label == "publisherRestrictions" })
        {
            nodes[index].lines.append(style.note("the core ends before its NumPubRestrictions field (read as none)"))
        }
    }

    private func node(_ key: String, _ value: JSONValue, scope: String, ccpaApplies: Bool = true) -> TreeNode {
        switch value {
        case .null:
            return TreeNode(key, style.note(absentText(key)))
        case .object(let object):
            if key == "sections" { return TreeNode(key, "", children: sectionNodes(object)) }
            return TreeNode(key, "", children: nodes(of: object, scope: scope))
        case .array(let items):
            if key == "publisherRestrictions" || key == "pubRestrictions" {
                return restrictionsNode(key, items, scope: scope)
            }
            if key == "subSections" { return subsectionsNode(key, items.compactMap(\.intValue), scope: scope) }
            if ValueMeanings.isUSSection(scope) {
                return codedListNode(key, items.compactMap(\.intValue), scope: scope)
            }
            return idSetNode(key, items.compactMap(\.intValue), scope: scope)
        case .bool(let flag):
            if key == "purposeOneTreatment" && flag {
                return TreeNode(key, "yes  " + style.note("purpose 1 was not disclosed to the user"))
            }
            return TreeNode(key, flag ? "yes" : "no")
        case .int, .double:
            return TreeNode(key, scalarText(key, value, scope: scope))
        case .string(let text):
            if scope == "usp" || scope == "uspv1",
                let meaning = ValueMeanings.uspMeaning(field: key, letter: text, ccpaApplies: ccpaApplies)
            {
                return TreeNode(key, text + "  " + style.note(meaning))
            }
            return TreeNode(key, text)
        }
    }

    private func sectionNodes(_ sections: JSONObject) -> [TreeNode] {
        sections.map { member in
            let id = TCFNames.gppSections.first { $0.value == member.key }?.key
            let title = TCFNames.gppSectionTitles[member.key] ?? "unknown section"
            let value = style.note(id.map { "\(title), section \($0)" } ?? title)
            return TreeNode(
                member.key,
                value,
                children: nodes(of: member.value.objectValue ?? JSONObject(), scope: member.key)
            )
        }
    }

    private func absentText(_ key: String) -> String {
        switch key {
        case "gpc": "absent (no GPC subsection)"
        case "disclosedVendors", "allowedVendors", "publisherTC": "absent (no such segment)"
        default: "absent"
        }
    }

    private func scalarText(_ key: String, _ value: JSONValue, scope: String) -> String {
        let text = value.intValue.map(String.init) ?? value.serialized()
        if let number = value.intValue, let meaning = GPPFieldLookup.meaning(section: scope, key: key, value: number) {
            return text + "  " + style.note(meaning)
        }
        if key == "vendorListVersion", let vendorList, let version = vendorList.version, version != value.intValue {
            return text + "  " + style.note("(the --gvl file is version \(version))")
        }
        return text
    }

    // MARK: - Id sets

    /// What the ids of a field count, and their names where known.
    private func idKind(_ key: String, scope: String) -> (noun: String, names: [Int: String]?) {
        let isEU = scope == "tcf" || scope == "tcfeuv2"
        switch key {
        case "purposeConsents", "purposeLegitimateInterests", "publisherConsents", "publisherLegitimateInterests":
            return ("purpose", isEU ? purposeNames : nil)
        case "purposesAllowed":
            return ("purpose", TCFNames.legacyPurposes)
        case "purposesExpressConsent", "purposesImpliedConsent", "pubPurposesExpressConsent",
            "pubPurposesImpliedConsent":
            return ("purpose", nil)
        case "specialFeatureOptins":
            return ("special feature", vendorList?.specialFeatures.nilIfEmpty ?? TCFNames.specialFeatures)
        case "specialFeatureExpressConsent":
            return ("special feature", nil)
        case "consentedProviders", "disclosedProviders":
            return ("provider", nil)
        case "sectionIds":
            return ("section", TCFNames.gppSections)
        default:
            if key.lowercased().contains("vendor") { return ("vendor", isEU ? vendorList?.vendors : nil) }
            if key.lowercased().contains("custom") { return ("custom purpose", nil) }
            return ("id", nil)
        }
    }

    private var purposeNames: [Int: String] { vendorList?.purposes.nilIfEmpty ?? TCFNames.purposes }

    private func idSetNode(_ key: String, _ ids: [Int], scope: String) -> TreeNode {
        let (noun, names) = idKind(key, scope: scope)
        // Any id the JSON holds: provider ids reach past IDSet's 16 bits.
        let set = ProviderIDSet(ids.filter { $0 >= 1 && $0 <= ProviderIDSet.maximumID })
        if key == "sectionIds" {
            let prefixes = set.map { TCFNames.gppSections[$0] ?? "unknown" }
            return TreeNode(
                key,
                set.isEmpty
                    ? style.note("none") : "\(set.foldedDescription)  " + style.note(prefixes.joined(separator: ", "))
            )
        }
        guard !set.isEmpty else { return TreeNode(key, style.note("none")) }
        let value = set.foldedDescription + " " + style.note("(\(count(set.count, noun)))")
        guard let names else { return TreeNode(key, value) }
        let width = String(set.max ?? 0).count
        var lines: [String] = []
        var unnamed: [Int] = []
        for id in set {
            guard let name = names[id] else {
                unnamed.append(id)
                continue
            }
            lines.append(String(id).leftPadded(width) + "  " + style.note(name))
        }
        if !unnamed.isEmpty {
            lines.append(style.note(ProviderIDSet(unnamed).foldedDescription + ": " + unknownName(noun, key: key)))
        }
        return TreeNode(key, value, lines: lines)
    }

    /// Why ids have no name: not in the vendor list, or not defined by the version of the TCF whose names are shown
    /// (a v1.1 string's purposesAllowed has the five purposes of TCF v1.1).
    private func unknownName(_ noun: String, key: String) -> String {
        if noun == "vendor" { return "not in the --gvl file" }
        return key == "purposesAllowed" ? "not defined in TCF v1.1" : "not defined in TCF v2.2"
    }

    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    // MARK: - Restrictions

    private func restrictionsNode(_ key: String, _ items: [JSONValue], scope: String) -> TreeNode {
        guard !items.isEmpty else { return TreeNode(key, style.note("none")) }
        let types = scope == "tcfcav1" ? TCFNames.canadianRestrictionTypes : TCFNames.restrictionTypes
        var rows: [[String]] = [["purpose", "restriction", "vendors"]]
        for item in items {
            let purpose = item["purposeId"]?.intValue ?? 0
            let type = item["restrictionType"]?.intValue ?? 0
            let vendors = IDSet(
                (item["vendorIds"]?.arrayValue ?? []).compactMap(\.intValue).filter { $0 >= 1 && $0 <= IDSet.maximumID }
            )
            rows.append([
                String(purpose), "\(type) \(types[type] ?? "undefined")",
                vendors.isEmpty ? "none" : "\(vendors.foldedDescription) (\(count(vendors.count, "vendor")))",
            ])
        }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.enumerated().map { index, row in
            let text = row[0].padding(widths[0]) + "  " + row[1].padding(widths[1]) + "  " + row[2]
            return index == 0 ? style.note(text) : text
        }
        return TreeNode(key, "\(count(items.count, "restriction"))", lines: lines)
    }

    /// The subsection ids a header-first section's header lists, each with the subsection's name: `1  gpc`.
    private func subsectionsNode(_ key: String, _ ids: [Int], scope: String) -> TreeNode {
        guard !ids.isEmpty else { return TreeNode(key, style.note("none")) }
        let names = ids.map { GPPFieldLookup.subsectionName(section: scope, id: $0) ?? "unknown" }
        let value = ids.map(String.init).joined(separator: ", ")
        return TreeNode(key, value + "  " + style.note(names.joined(separator: ", ")))
    }

    // MARK: - Coded values of US sections

    private func codedListNode(_ key: String, _ values: [Int], scope: String) -> TreeNode {
        guard !values.isEmpty else { return TreeNode(key, style.note("none")) }
        let value = values.map(String.init).joined(separator: " ")
        let width = String(values.count).count
        var items: [(line: String, name: String)] = []
        var zeros: [Int] = []
        for (index, code) in values.enumerated() {
            if code == 0 {
                zeros.append(index + 1)
                continue
            }
            let name = GPPFieldLookup.itemName(section: scope, key: key, index: index) ?? ""
            let meaning = GPPFieldLookup.meaning(section: scope, key: key, value: code) ?? ""
            items.append((String(index + 1).leftPadded(width) + "  " + Self.joined("\(code)", meaning), name))
        }
        // The names in one column, never right after the longest meaning ("did not opt out").
        let column = items.reduce(18 + width + 2) { max($0, $1.line.count + 2) }
        var lines = items.map { $0.name.isEmpty ? $0.line : $0.line.padding(column) + style.note($0.name) }
        if !zeros.isEmpty {
            let meaning = GPPFieldLookup.meaning(section: scope, key: key, value: 0) ?? ""
            let items = IDSet(zeros)
            lines.append(
                style.note(Self.joined("\(items.count == 1 ? "item" : "items") \(items.foldedDescription): 0", meaning))
            )
        }
        return TreeNode(key, value, lines: lines)
    }

    /// `text` and then `meaning` two spaces after it, or `text` alone when there is no meaning.
    private static func joined(_ text: String, _ meaning: String) -> String {
        meaning.isEmpty ? text : text + "  " + meaning
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

extension Dictionary {
    /// nil for an empty dictionary, so `??` falls back to a default table.
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
