/// Explains the two formats made of characters rather than bits: US Privacy (four characters) and Additional
/// Consent (`~`-separated parts). Offsets and widths count characters.
enum CharacterExplainer {
    /// `1YNN`: version, notice, optOutSale, lspaCovered (usp.md §1).
    static func usPrivacy(_ text: String) -> ExplainedSegment {
        var segment = ExplainedSegment(
            name: "usp",
            text: text,
            characterOffset: 0,
            bitCount: text.count,
            countsCharacters: true
        )
        let names = ["version", "notice", "optOutSale", "lspaCovered"]
        let applies = ValueMeanings.ccpaApplies(text.dropFirst().map { String($0) })
        for (index, character) in text.enumerated() {
            let name = index < names.count ? names[index] : "(extra)"
            let letter = String(character)
            let meaning =
                index == 0
                ? letter
                : (ValueMeanings.uspMeaning(field: name, letter: letter, ccpaApplies: applies) ?? "not Y, N or -")
            segment.fields.append(ExplainedField(field: name, bitOffset: index, width: 1, bits: letter, value: meaning))
        }
        if text.count != 4 { segment.failure = "a US Privacy string has exactly 4 characters, this one \(text.count)" }
        return segment
    }

    /// `2~1.35~dv.9`: version, consented providers, disclosed providers (ac.md §2).
    static func additionalConsent(_ text: String) -> ExplainedSegment {
        var segment = ExplainedSegment(
            name: "ac",
            text: text,
            characterOffset: 0,
            bitCount: text.count,
            countsCharacters: true
        )
        var offset = 0
        let names = ["version", "consentedProviders", "disclosedProviders"]
        for (index, part) in text.split(separator: "~", omittingEmptySubsequences: false).enumerated() {
            let name = index < names.count ? names[index] : "(extra)"
            var value = String(part)
            if index > 0 {
                let ids = part.split(separator: ".", omittingEmptySubsequences: false).filter { $0 != "dv" }
                // Counted as decode counts them: an id written twice (`7`, `007`) is one id.
                let distinct = Set(ids.map { id in Int(id).map(String.init) ?? String(id) }).count
                value = ids.isEmpty || ids == [""] ? "none" : "\(distinct) id\(distinct == 1 ? "" : "s")"
                if distinct < ids.count { value += " (\(ids.count) written)" }
            }
            if index > 0 { offset += 1 }
            segment.fields.append(
                ExplainedField(field: name, bitOffset: offset, width: part.count, bits: String(part), value: value)
            )
            offset += part.count
        }
        return segment
    }
}
