import ConsentCore

/// How a decoded TC string was written, found by walking its remembered text again: the segments in order with
/// their padding, each vendor section's form, the restriction entries as written. Lint and the JSON `encoding`
/// object read it; decoding itself never builds one.
struct TCStringLayout: TCStringLayoutRecorder {
    /// One segment as written.
    struct Segment: Hashable {
        var kind: SegmentKind
        var segmentType: Int
        /// Data characters (trailing `=` excluded).
        var characters: Int
        var trailingEquals: Int
        /// Bits up to the end of the last field; all of them for a segment kept unread (unknown or repeated), whose
        /// padding is unknown.
        var usedBits: Int
        /// True when every bit after the last field is zero (always for a segment kept unread).
        var paddingIsZero: Bool
        /// True for a repeated segment type (the first one counts).
        var isIgnored: Bool
        /// Bits after the last field.
        var paddingBits: Int { characters * 6 - usedBits }
    }

    /// One publisher restriction entry as written.
    struct RestrictionEntry: Hashable {
        var purposeId: Int
        var type: RestrictionType
        var rangeEntries: Int
        var overlapping: Bool
    }

    var segments: [Segment] = []
    var vendorSections: [VendorField: VendorSectionScan] = [:]
    var restrictions: [RestrictionEntry] = []
    var hasRestrictionsField = true

    /// Walks `original`, which decoded before (the walk tolerates a missing restrictions field, which only a GPP
    /// section may have). Nil if it no longer decodes, which cannot happen for a remembered text.
    init?(scanning original: String) {
        var recorder = TCStringLayout()
        let options = DecodingOptions.withoutSizeLimits
        let scan = try? withTextView(of: original) { view throws(ConsentError) -> TCStringScan in
            try TCStringScan(view: view, options: options, allowsMissingRestrictions: true, recorder: &recorder)
        }
        guard let scan else { return nil }
        recorder.hasRestrictionsField = scan.restrictions.isPresent
        self = recorder
    }

    private init() {}

    mutating func segment(_ kind: SegmentKind, segmentType: Int, view: TextView, reader: BitReader, isIgnored: Bool) {
        segments.append(
            Segment(
                kind: kind,
                segmentType: segmentType,
                characters: reader.characterCount,
                trailingEquals: reader.trailingPadding,
                // A segment not read (unknown type, or a type already read) is all used bits, kept as written.
                usedBits: kind == .unknown || isIgnored ? reader.bitCount : reader.readerBitIndex,
                paddingIsZero: kind == .unknown || isIgnored || reader.remainingBitsAreZero,
                isIgnored: isIgnored
            )
        )
    }

    mutating func vendorSection(_ field: VendorField, _ scan: VendorSectionScan) {
        vendorSections[field] = scan
    }

    mutating func restriction(purposeId: Int, type: RestrictionType, rangeEntries: Int, overlapping: Bool) {
        restrictions.append(
            RestrictionEntry(purposeId: purposeId, type: type, rangeEntries: rangeEntries, overlapping: overlapping)
        )
    }

    /// True when a segment's padding is one of the conventions encoders use: the fewest bits to a whole character,
    /// to a whole byte then character (iabtcf-java, v1.1 spec), or to 24 bits (iabtcf-es, GPP libraries).
    static func isConventionalPadding(usedBits: Int, characters: Int) -> Bool {
        let bits = characters * 6
        func rounded(_ value: Int, _ multiple: Int) -> Int { (value + multiple - 1) / multiple * multiple }
        return bits == rounded(usedBits, 6) || bits == rounded(rounded(usedBits, 8), 6) || bits == rounded(usedBits, 24)
    }

    /// The JSON `encoding` object (keys documented on ``TCString/jsonValue(includeType:includeEncoding:)``).
    func jsonObject(original: String) -> JSONObject {
        var object = JSONObject()
        object.append("original", .string(original))
        object.append(
            "segments",
            .array(
                segments.map { segment in
                    var entry = JSONObject()
                    entry.append("segment", .string(segment.kind.name.description))
                    entry.append("segmentType", .integer(segment.segmentType))
                    entry.append("characters", .integer(segment.characters))
                    entry.append("paddingBits", .integer(segment.paddingBits))
                    entry.append("paddingIsZero", .bool(segment.paddingIsZero))
                    entry.append("trailingEquals", .integer(segment.trailingEquals))
                    entry.append("ignored", .bool(segment.isIgnored))
                    return .object(entry)
                }
            )
        )
        for field in VendorField.allCases {
            guard let scan = vendorSections[field] else { continue }
            var entry = JSONObject()
            entry.append("form", .string(scan.isRange ? "range" : "bitField"))
            entry.append("maxVendorId", .integer(scan.maxVendorId))
            entry.append("rangeEntries", .integer(scan.entryCount))
            entry.append("idsAboveMaxVendorId", .bool(scan.hasIDsAboveMaxVendorId))
            object.append(field.name.description, .object(entry))
        }
        object.append(
            "publisherRestrictions",
            .array(
                restrictions.map { restriction in
                    .object(
                        JSONObject([
                            ("purposeId", .integer(restriction.purposeId)),
                            ("restrictionType", .integer(restriction.type.rawValue)),
                            ("rangeEntries", .integer(restriction.rangeEntries)),
                        ])
                    )
                }
            )
        )
        if !hasRestrictionsField { object.append("publisherRestrictionsField", .bool(false)) }
        return object
    }
}
