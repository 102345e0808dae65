import ConsentKit

/// Picks the walker of a kind and prints what it found.
enum Explanation {
    /// The segments of a string of a known kind.
    static func segments(of text: String, kind: ConsentFormat) -> [ExplainedSegment] {
        switch kind {
        case .tcf: TCFExplainer.explain(text)
        case .gpp: GPPExplainer.explain(text)
        case .usp: [CharacterExplainer.usPrivacy(text)]
        case .ac: [CharacterExplainer.additionalConsent(text)]
        }
    }

    /// The heading of a kind.
    static func title(_ kind: ConsentFormat) -> String {
        switch kind {
        case .tcf: "TC string"
        case .gpp: "GPP string"
        case .usp: "US Privacy string"
        case .ac: "Additional Consent string"
        }
    }

    /// Bits longer than this wrap onto continuation lines.
    static let bitsColumnWidth = 48

    /// A table per segment: offset, width, field, raw bits, value.
    static func render(_ segments: [ExplainedSegment], style: Style) -> [String] {
        var lines: [String] = []
        for segment in segments {
            let unit = segment.countsCharacters ? "characters" : "bits"
            let end = segment.characterOffset + max(segment.text.count - 1, 0)
            lines.append(
                style.heading(segment.name) + "  "
                    + style.note("characters \(segment.characterOffset)-\(end), \(segment.bitCount) \(unit)")
            )
            let fieldWidth = max(5, segment.fields.map(\.field.count).max() ?? 0)
            let bitsWidth = min(bitsColumnWidth, max(4, segment.fields.map(\.bits.count).max() ?? 0))
            let offsetTitle = segment.countsCharacters ? "char" : "bit"
            lines.append(
                style.note(
                    "  " + offsetTitle.leftPadded(5) + "  " + "width".leftPadded(5) + "  " + "field".padding(fieldWidth)
                        + "  "
                        + (segment.countsCharacters ? "text" : "bits").padding(bitsWidth) + "  value"
                )
            )
            for field in segment.fields {
                let chunks = chunked(field.bits)
                let head =
                    "  " + String(field.bitOffset).leftPadded(5) + "  " + String(field.width).leftPadded(5) + "  "
                    + style.key(field.field.padding(fieldWidth))
                lines.append(head + "  " + (chunks.first ?? "").padding(bitsWidth) + "  " + field.value)
                let indent = String(repeating: " ", count: 2 + 5 + 2 + 5 + 2 + fieldWidth + 2)
                for chunk in chunks.dropFirst() { lines.append(indent + chunk) }
            }
            if let failure = segment.failure { lines.append("  " + style.failure("error: ") + failure) }
        }
        return lines
    }

    private static func chunked(_ bits: String) -> [String] {
        guard bits.count > bitsColumnWidth else { return [bits] }
        var chunks: [String] = []
        var rest = Substring(bits)
        while !rest.isEmpty {
            chunks.append(String(rest.prefix(bitsColumnWidth)))
            rest = rest.dropFirst(bitsColumnWidth)
        }
        return chunks
    }

    /// One JSON object per field, and, with `includingFailures`, an error object per segment that could not be
    /// read to its end.
    static func writeJSON(_ segments: [ExplainedSegment], input: String, includingFailures: Bool, to output: Output) {
        for segment in segments {
            for field in segment.fields {
                JSONOutput.writeLine(
                    .object(
                        JSONObject([
                            // The string each field is of: several strings give one stream (json lines).
                            ("input", .string(input)),
                            ("segment", .string(segment.name)), ("field", .string(field.field)),
                            (segment.countsCharacters ? "characterOffset" : "bitOffset", .int(Int64(field.bitOffset))),
                            ("width", .int(Int64(field.width))), ("bits", .string(field.bits)),
                            ("value", .string(field.value)),
                        ])
                    ),
                    to: output
                )
            }
            if includingFailures, let failure = segment.failure {
                JSONOutput.writeLine(
                    .object(
                        JSONObject([
                            ("type", .string("error")), ("input", .string(input)), ("segment", .string(segment.name)),
                            ("error", .object(JSONObject([("message", .string(failure))]))),
                        ])
                    ),
                    to: output
                )
            }
        }
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
