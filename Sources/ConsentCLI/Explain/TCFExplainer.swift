import ConsentKit

/// Walks a TC string field by field (TCF v2: core, disclosed vendors, allowed vendors, publisher TC; legacy v1.1),
/// with the field tables of spec/tcf.md.
enum TCFExplainer {
    /// Every segment of a TC string starting at character `offset` of the whole input; with
    /// `allowsMissingRestrictions` (a GPP `tcfeuv2` section, gpp-sections.md §2) a core may end before
    /// NumPubRestrictions.
    static func explain(
        _ text: String,
        offset: Int = 0,
        allowsMissingRestrictions: Bool = false
    ) -> [ExplainedSegment] {
        var segments: [ExplainedSegment] = []
        var characterOffset = offset
        var typesRead: Set<Int> = []
        for (index, part) in text.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
            segments.append(
                explainSegment(
                    String(part),
                    isFirst: index == 0,
                    characterOffset: characterOffset,
                    allowsMissingRestrictions: allowsMissingRestrictions,
                    typesRead: &typesRead
                )
            )
            characterOffset += part.count + 1
        }
        return segments
    }

    private static func explainSegment(
        _ text: String,
        isFirst: Bool,
        characterOffset: Int,
        allowsMissingRestrictions: Bool,
        typesRead: inout Set<Int>
    ) -> ExplainedSegment {
        ExplainedSegment.walk(text, name: isFirst ? "core" : "segment", characterOffset: characterOffset) {
            recorder throws(ConsentError) -> String? in
            if isFirst {
                let version: Int = try recorder.reader.peekInteger(bits: 6)
                if version == 1 {
                    try legacyCore(&recorder)
                } else {
                    try core(&recorder, allowsMissingRestrictions: allowsMissingRestrictions)
                }
                return nil
            }
            let type = try recorder.integer("segmentType", bits: 3) { type in
                switch type {
                case 1: "1 (disclosed vendors)"
                case 2: "2 (allowed vendors)"
                case 3: "3 (publisher TC)"
                default: "\(type) (unknown)"
                }
            }
            let names = [1: "disclosedVendors", 2: "allowedVendors", 3: "publisherTC"]
            // An unknown type is named as decode's `encoding` names it; its body is kept, not read.
            recorder.segmentName = names[type] ?? "unknownSegment"
            // A second segment of a type is ignored unread, as the decoder ignores it (tcf.md §3, first wins).
            guard typesRead.insert(type).inserted || names[type] == nil else {
                recorder.remainder("(ignored: a repeated segment type, not read)")
                return recorder.segmentName
            }
            switch type {
            case 1: try vendorSection("disclosedVendors", &recorder)
            case 2: try vendorSection("allowedVendors", &recorder)
            case 3: try publisherTC(&recorder)
            default: recorder.remainder("(fields not described)")
            }
            return recorder.segmentName
        }
    }

    /// The core segment of a version 2 string (tcf.md §4, §5); with `allowsMissingRestrictions`, fewer than 12 bits
    /// after the vendor sections are padding and there are no restrictions, as the GPP decoder reads them.
    static func core(_ recorder: inout FieldRecorder, allowsMissingRestrictions: Bool = false) throws(ConsentError) {
        try sharedFields(&recorder)
        try recorder.integer("policyVersion", bits: 6)
        try recorder.bool("isServiceSpecific")
        try recorder.bool("useNonStandardTexts")
        try recorder.bitField("specialFeatureOptins", count: 12)
        try recorder.bitField("purposeConsents", count: 24)
        try recorder.bitField("purposeLegitimateInterests", count: 24)
        try recorder.bool("purposeOneTreatment")
        try recorder.letters("publisherCountryCode")
        try vendorSection("vendorConsents", &recorder)
        try vendorSection("vendorLegitimateInterests", &recorder)
        if allowsMissingRestrictions && recorder.reader.readableBits < 12 {
            recorder.remainder("(padding; no numPubRestrictions, so none)")
            return
        }
        let count = try recorder.integer("numPubRestrictions", bits: 12)
        for index in 0..<count {
            try recorder.group("publisherRestrictions[\(index)]") { recorder throws(ConsentError) in
                try recorder.integer("purposeId", bits: 6)
                try recorder.integer("restrictionType", bits: 2) { "\($0) (\(TCFNames.restrictionTypes[$0] ?? ""))" }
                try rangeEntries(&recorder, maxID: nil)
            }
        }
    }

    /// MaxVendorId, IsRangeEncoding, then a bitfield or range entries (tcf.md §4 "Vendor section").
    static func vendorSection(_ name: String, _ recorder: inout FieldRecorder) throws(ConsentError) {
        try recorder.group(name) { recorder throws(ConsentError) in
            let maxID = try recorder.integer("maxVendorId", bits: 16)
            let isRange = try recorder.bool("isRangeEncoding") { $0 ? "true (ranges)" : "false (bitfield)" }
            if isRange {
                try rangeEntries(&recorder, maxID: maxID)
            } else {
                try recorder.bitField("bitField", count: maxID)
            }
        }
    }

    /// NumEntries, then IsARange, StartOrOnlyVendorId and EndVendorId per entry; true when an id is above `maxID`.
    @discardableResult
    static func rangeEntries(_ recorder: inout FieldRecorder, maxID: Int?) throws(ConsentError) -> Bool {
        let count = try recorder.integer("numEntries", bits: 12)
        var highest = 0
        for index in 0..<count {
            try recorder.group("entries[\(index)]") { recorder throws(ConsentError) in
                let isRange = try recorder.bool("isARange")
                let aboveMax = { (id: Int) in maxID.map { id > $0 ? "\(id) (above maxVendorId)" : "\(id)" } ?? "\(id)" }
                let first = try recorder.integer(isRange ? "startVendorId" : "vendorId", bits: 16, describe: aboveMax)
                let last = isRange ? try recorder.integer("endVendorId", bits: 16, describe: aboveMax) : first
                highest = max(highest, first, last)
            }
        }
        return maxID.map { highest > $0 } ?? false
    }

    /// The publisher TC segment (tcf.md §7).
    static func publisherTC(_ recorder: inout FieldRecorder) throws(ConsentError) {
        try recorder.bitField("publisherConsents", count: 24)
        try recorder.bitField("publisherLegitimateInterests", count: 24)
        let count = try recorder.integer("numCustomPurposes", bits: 6)
        try recorder.bitField("publisherCustomConsents", count: count)
        try recorder.bitField("publisherCustomLegitimateInterests", count: count)
    }

    /// Version through VendorListVersion: the first 132 bits, the same in version 2 and 1.1.
    static func sharedFields(_ recorder: inout FieldRecorder) throws(ConsentError) {
        try recorder.integer("version", bits: 6)
        try recorder.timestamp("created")
        try recorder.timestamp("lastUpdated")
        try recorder.integer("cmpId", bits: 12)
        try recorder.integer("cmpVersion", bits: 12)
        try recorder.integer("consentScreen", bits: 6)
        try recorder.letters("consentLanguage")
        try recorder.integer("vendorListVersion", bits: 12)
    }

    /// The single segment of a legacy v1.1 string (tcf.md §8).
    static func legacyCore(_ recorder: inout FieldRecorder) throws(ConsentError) {
        try sharedFields(&recorder)
        try recorder.bitField("purposesAllowed", count: 24)
        let maxID = try recorder.integer("maxVendorId", bits: 16)
        let isRange = try recorder.bool("encodingType") { $0 ? "1 (ranges)" : "0 (bitfield)" }
        if !isRange {
            try recorder.bitField("vendorConsents", count: maxID)
            return
        }
        try recorder.bool("defaultConsent")
        let count = try recorder.integer("numEntries", bits: 12)
        for index in 0..<count {
            try recorder.group("entries[\(index)]") { recorder throws(ConsentError) in
                let isRange = try recorder.bool("singleOrRange") { $0 ? "1 (range)" : "0 (single)" }
                try recorder.integer(isRange ? "startVendorId" : "singleVendorId", bits: 16)
                if isRange { try recorder.integer("endVendorId", bits: 16) }
            }
        }
    }
}
