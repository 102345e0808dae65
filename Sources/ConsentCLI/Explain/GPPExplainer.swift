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
    /// - Throws: `badValue` at a delta that takes an id above 65,535, where the decoder stops too.
    static func fibonacciRange(_ name: String, _ recorder: inout FieldRecorder) throws(ConsentError) -> [Int] {
        try recorder.group(name) { recorder throws(ConsentError) -> [Int] in
            var ids: [Int] = []
            var previous = 0
            let count = try recorder.integer("numEntries", bits: 12)
            for index in 0..<count {
                try recorder.group("entries[\(index)]") { recorder throws(ConsentError) in
                    let entry = recorder.reader.readerBitIndex
                    let isGroup = try recorder.bool("isGroup")
                    let base = previous
                    previous = try cappedDelta(isGroup ? "startDelta" : "delta", after: base, entry: entry, &recorder)
                    ids.append(previous)
                    if isGroup {
                        let groupStart = previous
                        previous = try cappedDelta("span", after: groupStart, entry: entry, &recorder)
                        if previous > groupStart { ids += (groupStart + 1)...previous }
                    }
                }
            }
            return ids
        }
    }

    /// `base` plus the Fibonacci-coded delta read as `name`, in the entry that starts at bit `entry`.
    /// - Throws: `badValue` when the sum is above 65,535, with the decoder's bit offset (the entry's) and value
    ///   (the delta).
    private static func cappedDelta(
        _ name: String,
        after base: Int,
        entry: Int,
        _ recorder: inout FieldRecorder
    ) throws(ConsentError) -> Int {
        let delta = try recorder.fibonacci(name) { "+\($0) = \(base + $0)" }
        guard delta <= IDSet.maximumID - base else {
            throw ConsentError(.badValue, bitOffset: entry, value: Int64(delta))
        }
        return base + delta
    }

    private static func explainSection(_ text: String, id: Int?, characterOffset: Int) -> [ExplainedSegment] {
        // An unknown section is named by its id, as its JSON key is ("99"); "section" only when the header lists
        // fewer ids than there are sections. Id 3 is the header's own, which no section may have (decode fails):
        // its text is "section 3", not a second "header".
        let prefix = id.map { $0 == 3 ? "section 3" : TCFNames.gppSections[$0] ?? "section \($0)" } ?? "section"
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
