import ConsentKit

/// Walks a GPP string: the header (gpp.md §3) field by field, then each section with the walker of its kind.
enum GPPExplainer {
    /// Every segment of the GPP string: the header, then the segments of each section.
    static func explain(_ text: String) -> [ExplainedSegment] {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
        var sectionIDs: [Int] = []
        let header = ExplainedSegment.walk(parts[0], name: "header", characterOffset: 0) {
            recorder throws(ConsentError) -> String? in
            try recorder.integer("type", bits: 6) { $0 == 3 ? "3 (GPP header)" : "\($0) (not a GPP header)" }
            try recorder.integer("version", bits: 6)
            sectionIDs = try fibonacciRange("sectionIds", &recorder)
            return nil
        }
        var segments = [header]
        var offset = parts[0].count + 1
        for (index, part) in parts.dropFirst().enumerated() {
            let id = index < sectionIDs.count ? sectionIDs[index] : nil
            segments += explainSection(part, id: id, characterOffset: offset)
            offset += part.count + 1
        }
        return segments
    }

    /// NumEntries, then per entry IsGroup and Fibonacci-coded deltas (gpp.md §4.4); returns the ids.
    static func fibonacciRange(_ name: String, _ recorder: inout FieldRecorder) throws(ConsentError) -> [Int] {
        try recorder.group(name) { recorder throws(ConsentError) -> [Int] in
            var ids: [Int] = []
            var previous = 0
            let count = try recorder.integer("numEntries", bits: 12)
            for index in 0..<count {
                try recorder.group("entries[\(index)]") { recorder throws(ConsentError) in
                    let isGroup = try recorder.bool("isGroup")
                    let base = previous
                    let first = try recorder.fibonacci(isGroup ? "startDelta" : "delta") { "+\($0) = \(base + $0)" }
                    previous = base + first
                    ids.append(previous)
                    if isGroup {
                        let groupStart = previous
                        let span = try recorder.fibonacci("span") { "+\($0) = \(groupStart + $0)" }
                        if span > 0 && span < IDSet.maximumID { ids += (groupStart + 1)...(groupStart + span) }
                        previous = groupStart + span
                    }
                }
            }
            return ids
        }
    }

    private static func explainSection(_ text: String, id: Int?, characterOffset: Int) -> [ExplainedSegment] {
        // An unknown section is named by its id, as its JSON key is ("99"); "section" only when the header lists
        // fewer ids than there are sections.
        let prefix = id.map { TCFNames.gppSections[$0] ?? "section \($0)" } ?? "section"
        switch id {
        case 2?:
            return TCFExplainer.explain(text, offset: characterOffset, allowsMissingRestrictions: true).map { segment in
                var segment = segment
                segment.name = "tcfeuv2." + segment.name
                return segment
            }
        case 6?:
            var segment = CharacterExplainer.usPrivacy(text)
            segment.name = "uspv1"
            segment.characterOffset = characterOffset
            return [segment]
        case 1?:
            return TCFExplainer.explain(text, offset: characterOffset).map { segment in
                var segment = segment
                segment.name = "tcfeuv1." + segment.name
                return segment
            }
        default:
            if let id, let segments = GPPSectionExplainer.explain(text, id: id, characterOffset: characterOffset) {
                return segments
            }
            var offset = characterOffset
            var segments: [ExplainedSegment] = []
            for (index, part) in text.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
                let name = index == 0 ? prefix : "\(prefix).subsection\(index)"
                let segment = ExplainedSegment.walk(String(part), name: name, characterOffset: offset) { recorder in
                    recorder.remainder("(fields not described)")
                    return nil
                }
                offset += part.count + 1
                segments.append(segment)
            }
            return segments
        }
    }
}
