import ConsentCore

/// The common case of ``TCString/check(_:vendor:purposes:)-(String,_,_)`` in one pass over the core segment, with no
/// ``TCString/Query`` built and no error carried: it answers a well-formed string and gives up (returns nil) at
/// anything else, and the caller then asks the full ``TCString/Query``, which gives the same answers and throws
/// the exact error. It reads what the query reads and accepts only what the query accepts (version 2, valid
/// letters, every bit of the fixed fields and of both vendor sections, every range entry well formed), so the two
/// paths never disagree and the same input always gets the same answer or error.
enum QuickCheck {
    /// Answers for a well-formed core: vendor consent, vendor legitimate interest, purposes consent; nil when the
    /// full query must decide (it then throws, or for letters it reads field by field, the same answer).
    @inline(__always)
    static func answer(
        _ view: TextView,
        vendor: Int,
        purposes: IDSet
    ) -> (vendorConsent: Bool, vendorLegitimateInterest: Bool, purposesConsent: Bool)? {
        guard var reader = try? view.leadingSegmentBitReader(separator: UInt8(ascii: ".")),
            reader.readableBits >= CoreFields.bitCount
        else { return nil }
        // Proof for the subscripts: 213 readable bits are at least 36 characters of the view.
        guard Base64URL.sextet(view[0]) == 2,
            Base64URL.sextet(view[18]) < 26,
            Base64URL.sextet(view[19]) < 26,
            let country = try? reader.getInteger(atBit: 201, bits: 12, as: Int.self),
            country >> 6 < 26,
            country & 63 < 26,
            let purposeBits = try? reader.getInteger(atBit: 152, bits: 24, as: UInt64.self),
            (try? reader.skipBits(CoreFields.bitCount)) != nil,
            let consent = sectionContains(&reader, vendor: vendor),
            let legitimateInterest = sectionContains(&reader, vendor: vendor)
        else { return nil }
        let purposeConsents = IDSet(bitfieldWords: CollectionOfOne(purposeBits << 40))
        return (consent, legitimateInterest, purposes.isSubset(of: purposeConsents))
    }

    /// Walks a v2 vendor section at the reader as ``VendorSectionScan/scan(_:field:hasDefaultConsent:)`` does and
    /// says whether `vendor` is in its set (as ``TCString/Query`` decides it); nil where the scan would throw.
    @inline(__always)
    static func sectionContains(_ reader: inout BitReader, vendor: Int) -> Bool? {
        guard let maxVendorId = try? reader.readInteger(bits: 16, as: Int.self),
            let isRange = try? reader.readBool()
        else { return nil }
        let wanted = vendor >= 1 && vendor <= maxVendorId
        if !isRange {
            let bodyStart = reader.readerBitIndex
            guard (try? reader.skipBits(maxVendorId)) != nil else { return nil }
            guard wanted else { return false }
            // The bit lies inside the section just skipped, so this read cannot fail.
            return (try? reader.getInteger(atBit: bodyStart &+ vendor &- 1, bits: 1, as: UInt8.self)) == 1
        }
        guard let entryCount = try? reader.readInteger(bits: 12, as: Int.self) else { return nil }
        var stream = BitStream(reader)
        var found = false
        var index = 0
        while index < entryCount {
            guard let entry = try? stream.readRangeEntry(field: "") else { return nil }
            if wanted && entry.contains(vendor) { found = true }
            index &+= 1
        }
        reader = stream.reader
        return found
    }
}
