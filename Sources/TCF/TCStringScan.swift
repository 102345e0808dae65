import ConsentCore

/// The first decoding pass over a TC string: every segment split, validated and walked, the core's fixed
/// fields read, and the position of every variable part found, all without allocating.
///
/// Only when the whole string has been checked does ``TCString/init(scan:view:original:)`` build the sets. So a
/// string that fails to decode allocates nothing, and the failure costs no more than the success would. Trivially
/// copyable: no reference in it, so copies cost no retains.
struct TCStringScan {
    /// The core segment, reader at bit 0.
    var core: BitReader
    /// Version through PublisherCC.
    var fields = CoreFields()
    var vendorConsents: VendorSectionScan
    var vendorLegitimateInterests: VendorSectionScan
    var restrictions: PublisherRestrictionsScan
    /// The first disclosed vendors segment (reader at bit 0) and its vendor section.
    var disclosedVendors: (segment: BitReader, section: VendorSectionScan)?
    /// The first allowed vendors segment and its vendor section.
    var allowedVendors: (segment: BitReader, section: VendorSectionScan)?
    /// The first publisher TC segment, complete (its sets never exceed 64 ids, so it costs no allocation).
    var publisherTC: PublisherTCBits?
    /// Number of segments of types 4-7.
    var unknownSegmentCount = 0

    /// Walks the whole string in `view`.
    ///
    /// - Parameters:
    ///   - allowsMissingRestrictions: a core that ends before or inside NumPubRestrictions has no restrictions
    ///     (GPP `tcfeuv2` tolerance) instead of failing with `truncated`.
    /// - Throws: every structural failure of the string, with segment, field, bit offset and the segment's
    ///   character offset: `badBase64`, `truncated`, `badVersion` (Version other than 2), `badValue` (a letter
    ///   above Z, vendor id 0, a range ending before its start, purpose id 0 or restriction type 3 in a
    ///   restriction, a later segment of type 0), `tooLong` (more than `options.maxSegments` segments); in strict
    ///   mode also `badValue` for a repeated or unknown segment type.
    init<Recorder: TCStringLayoutRecorder>(
        view: TextView,
        options: DecodingOptions,
        allowsMissingRestrictions: Bool,
        recorder: inout Recorder
    ) throws(ConsentError) {
        // The core is found and checked in one pass (the first byte outside the alphabet ends it); the segments
        // after it are split from there.
        var coreView = view
        do throws(ConsentError) {
            let coreReader = try view.leadingSegmentBitReader(separator: UInt8(ascii: "."))
            coreView = view.slice(0..<(coreReader.characterCount &+ coreReader.trailingPadding))
            self = try TCStringScan.fixedFields(of: coreReader)
            var reader = core
            try reader.skipBits(TCStringScan.fixedBits)
            vendorConsents = try VendorSectionScan.scan(&reader, field: "vendorConsents")
            recorder.vendorSection(.vendorConsents, vendorConsents)
            vendorLegitimateInterests = try VendorSectionScan.scan(&reader, field: "vendorLegitimateInterests")
            recorder.vendorSection(.vendorLegitimateInterests, vendorLegitimateInterests)
            restrictions = try PublisherRestrictionsScan.scan(
                &reader,
                allowsMissing: allowsMissingRestrictions,
                recorder: &recorder
            )
            recorder.segment(.core, segmentType: 0, view: coreView, reader: reader, isIgnored: false)
        } catch {
            throw error.adding(format: .tcf, segment: "core", characterOffset: coreView.offset)
        }
        var parts = view.slice(Swift.min(coreView.count &+ 1, view.count)..<view.count).split(
            separator: UInt8(ascii: ".")
        )
        if coreView.count == view.count { _ = parts.next() }
        var segmentCount = 1
        while let part = parts.next() {
            segmentCount &+= 1
            guard segmentCount <= options.maxSegments else {
                throw ConsentError(.tooLong, format: .tcf, characterOffset: part.offset, value: Int64(segmentCount))
            }
            try scanSegment(part, options: options, recorder: &recorder)
        }
    }

    /// Bits of the core before the vendor consent section.
    static let fixedBits = CoreFields.bitCount

    /// A scan of the core's fixed fields only (the vendor sections and restrictions not yet walked).
    /// - Throws: what reading the fixed fields throws.
    @inline(__always)
    static func fixedFields(of core: BitReader) throws(ConsentError) -> TCStringScan {
        var scan = TCStringScan(core: core)
        var reader = scan.core
        scan.fields = try CoreFields.read(&reader)
        return scan
    }

    private init(core: BitReader) {
        self.core = core
        vendorConsents = VendorSectionScan.empty
        vendorLegitimateInterests = VendorSectionScan.empty
        restrictions = PublisherRestrictionsScan(start: 0, count: 0, isPresent: false, highestID: 0)
    }

    /// Validates and walks one segment after the core; keeps the first of each known type, and checks only the
    /// alphabet and the type of a repeat or of an unknown type (kept unread).
    private mutating func scanSegment<Recorder: TCStringLayoutRecorder>(
        _ part: TextView,
        options: DecodingOptions,
        recorder: inout Recorder
    ) throws(ConsentError) {
        let guessed = SegmentKind.guess(firstCharacterOf: part)?.name ?? "segment"
        do throws(ConsentError) {
            let segment = try part.bitReader()
            var reader = segment
            let segmentType: Int = try reader.readInteger(bits: 3, field: "segmentType")
            let kind = SegmentKind(segmentType: segmentType)
            var isIgnored = false
            switch kind {
            case .core:
                // spec (tcf.md §3): a later segment of type 0 is a second core; vector invalid-tcf-iabtcfv2-002.
                throw ConsentError(.badValue, field: "segmentType", bitOffset: 0, value: 0)
            case .disclosedVendors, .allowedVendors, .publisherTC:
                // spec (tcf.md §3): "Recommended: `badValue` in strict mode, first wins in lenient mode" (iabtcf-java):
                // a segment of a type already read is ignored unread, as one of unknown type is; its fields count
                // for nothing, so a fault in them fails nothing either. Strict mode refuses it below.
                isIgnored =
                    switch kind {
                    case .disclosedVendors: disclosedVendors != nil
                    case .allowedVendors: allowedVendors != nil
                    case .publisherTC: publisherTC != nil
                    case .core, .unknown: false
                    }
                if isIgnored { break }
                if kind == .publisherTC {
                    publisherTC = try TCStringScan.readPublisherTC(&reader)
                    break
                }
                let field: VendorField = kind == .disclosedVendors ? .disclosedVendors : .allowedVendors
                let section = try VendorSectionScan.scan(&reader, field: field.name)
                recorder.vendorSection(field, section)
                if kind == .disclosedVendors {
                    disclosedVendors = (segment, section)
                } else {
                    allowedVendors = (segment, section)
                }
            case .unknown:
                if options.strict {
                    throw ConsentError(.badValue, field: "segmentType", bitOffset: 0, value: Int64(segmentType))
                }
                unknownSegmentCount &+= 1
            }
            if isIgnored && options.strict {
                throw ConsentError(.badValue, field: "segmentType", bitOffset: 0, value: Int64(segmentType))
            }
            recorder.segment(kind, segmentType: segmentType, view: part, reader: reader, isIgnored: isIgnored)
        } catch {
            throw error.adding(format: .tcf, segment: guessed, characterOffset: part.offset)
        }
    }

    /// Reads the publisher TC segment after its SegmentType.
    static func readPublisherTC(_ reader: inout BitReader) throws(ConsentError) -> PublisherTCBits {
        var bits = PublisherTCBits()
        bits.consents = try reader.readBitFieldWord(count: 24, field: "publisherConsents")
        bits.legitimateInterests = try reader.readBitFieldWord(count: 24, field: "publisherLegitimateInterests")
        bits.customCount = try reader.readInteger(bits: 6, field: "numCustomPurposes")
        bits.customConsents = try reader.readBitFieldWord(count: bits.customCount, field: "publisherCustomConsents")
        bits.customLegitimateInterests = try reader.readBitFieldWord(
            count: bits.customCount,
            field: "publisherCustomLegitimateInterests"
        )
        return bits
    }
}

/// The fields of a publisher TC segment as read: every bitfield fits a word (left-aligned, id 1 in the most
/// significant bit), so the scan keeps them without references.
struct PublisherTCBits: Sendable {
    var consents: UInt64 = 0
    var legitimateInterests: UInt64 = 0
    /// NumCustomPurposes, 6 bits.
    var customCount = 0
    var customConsents: UInt64 = 0
    var customLegitimateInterests: UInt64 = 0

    /// The segment as a value (its sets never allocate).
    var value: PublisherTC {
        PublisherTC(
            publisherConsents: IDSet(firstWord: consents, followingWords: []),
            publisherLegitimateInterests: IDSet(firstWord: legitimateInterests, followingWords: []),
            numCustomPurposes: customCount,
            publisherCustomConsents: IDSet(firstWord: customConsents, followingWords: []),
            publisherCustomLegitimateInterests: IDSet(firstWord: customLegitimateInterests, followingWords: [])
        )
    }
}

extension VendorSectionScan {
    /// A placeholder before the walk reaches the section.
    static let empty = VendorSectionScan(
        start: 0,
        maxVendorId: 0,
        isRange: false,
        defaultConsent: false,
        entryCount: 0,
        bodyStart: 0,
        end: 0,
        highestListedID: 0,
        hasIDsAboveMaxVendorId: false,
        hasOverlappingEntries: false
    )
}
