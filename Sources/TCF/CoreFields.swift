import ConsentCore

/// The 213 fixed bits at the start of a version 2 core segment, Version through PublisherCC.
///
/// Trivially copyable (the bitfields are kept as words, id 1 in the most significant bit), so that the scan holding
/// it copies without retains.
struct CoreFields: Sendable {
    var created: Int64 = 0
    var lastUpdated: Int64 = 0
    var cmpId = 0
    var cmpVersion = 0
    var consentScreen = 0
    var consentLanguage = TwoLetterCode.english
    var vendorListVersion = 0
    var policyVersion = 0
    var isServiceSpecific = false
    var useNonStandardTexts = false
    /// SpecialFeatureOptIns, 12 bits, left-aligned.
    var specialFeatureBits: UInt64 = 0
    /// PurposesConsent, 24 bits, left-aligned.
    var purposeConsentBits: UInt64 = 0
    /// PurposesLITransparency, 24 bits, left-aligned.
    var purposeLegitimateInterestBits: UInt64 = 0
    var purposeOneTreatment = false
    var publisherCountryCode = TwoLetterCode.unknownCountry

    /// SpecialFeatureOptIns (never allocates).
    var specialFeatureOptins: IDSet { IDSet(firstWord: specialFeatureBits, followingWords: []) }
    /// PurposesConsent (never allocates).
    var purposeConsents: IDSet { IDSet(firstWord: purposeConsentBits, followingWords: []) }
    /// PurposesLITransparency (never allocates).
    var purposeLegitimateInterests: IDSet { IDSet(firstWord: purposeLegitimateInterestBits, followingWords: []) }

    /// Bits of the fixed part.
    static let bitCount = 213

    /// Reads the fixed fields at the start of the segment and leaves the reader at bit 213.
    ///
    /// When the segment holds all 213 bits they are read as four words and cut apart with shifts (the hot path);
    /// otherwise field by field, so that the error names the field where the segment ends.
    /// - Throws: `badVersion` for a Version other than 2; `badValue` for a letter above Z; `truncated`.
    @inline(__always)
    static func read(_ reader: inout BitReader) throws(ConsentError) -> CoreFields {
        guard reader.readerBitIndex == 0, reader.readableBits >= bitCount else { return try readFieldByField(&reader) }
        let first = try reader.getWords192(atBit: 0)
        let words: (UInt64, UInt64, UInt64, UInt64) = (
            first.0, first.1, first.2, try reader.getInteger(atBit: 192, bits: 21) << 43
        )
        // The bits at `offset`, `width` wide (at most 64), from the four words read above.
        @inline(__always) func bits(_ offset: Int, _ width: Int) -> UInt64 {
            let index = offset >> 6
            let shift = offset & 63
            let word: UInt64
            let next: UInt64
            switch index {
            case 0: (word, next) = (words.0, words.1)
            case 1: (word, next) = (words.1, words.2)
            case 2: (word, next) = (words.2, words.3)
            default: (word, next) = (words.3, 0)
            }
            let high = word << UInt64(shift)
            let low = shift == 0 ? 0 : next >> UInt64(64 &- shift)
            return (high | low) >> UInt64(64 &- width)
        }
        let version = bits(0, 6)
        guard version == 2 else {
            throw ConsentError(.badVersion, field: "version", bitOffset: 0, value: Int64(version))
        }
        guard let language = TwoLetterCode(first: UInt8(bits(108, 6)), second: UInt8(bits(114, 6))) else {
            var slow = reader
            return try readFieldByField(&slow)
        }
        guard let country = TwoLetterCode(first: UInt8(bits(201, 6)), second: UInt8(bits(207, 6))) else {
            var slow = reader
            return try readFieldByField(&slow)
        }
        var fields = CoreFields()
        fields.created = Int64(bits(6, 36))
        fields.lastUpdated = Int64(bits(42, 36))
        fields.cmpId = Int(bits(78, 12))
        fields.cmpVersion = Int(bits(90, 12))
        fields.consentScreen = Int(bits(102, 6))
        fields.consentLanguage = language
        fields.vendorListVersion = Int(bits(120, 12))
        fields.policyVersion = Int(bits(132, 6))
        fields.isServiceSpecific = bits(138, 1) == 1
        fields.useNonStandardTexts = bits(139, 1) == 1
        fields.specialFeatureBits = bits(140, 12) << 52
        fields.purposeConsentBits = bits(152, 24) << 40
        fields.purposeLegitimateInterestBits = bits(176, 24) << 40
        fields.purposeOneTreatment = bits(200, 1) == 1
        fields.publisherCountryCode = country
        try reader.skipBits(bitCount)
        return fields
    }

    /// The slow path: every field read on its own, for the exact error of a short or malformed core.
    @inline(never)
    static func readFieldByField(_ reader: inout BitReader) throws(ConsentError) -> CoreFields {
        var fields = CoreFields()
        let version: Int = try reader.readInteger(bits: 6, field: "version")
        guard version == 2 else {
            throw ConsentError(.badVersion, field: "version", bitOffset: 0, value: Int64(version))
        }
        try fields.readSharedFields(&reader)
        fields.policyVersion = try reader.readInteger(bits: 6, field: "policyVersion")
        fields.isServiceSpecific = try reader.readBool(field: "isServiceSpecific")
        fields.useNonStandardTexts = try reader.readBool(field: "useNonStandardTexts")
        fields.specialFeatureBits = try reader.readBitFieldWord(count: 12, field: "specialFeatureOptins")
        fields.purposeConsentBits = try reader.readBitFieldWord(count: 24, field: "purposeConsents")
        fields.purposeLegitimateInterestBits = try reader.readBitFieldWord(
            count: 24,
            field: "purposeLegitimateInterests"
        )
        fields.purposeOneTreatment = try reader.readBool(field: "purposeOneTreatment")
        fields.publisherCountryCode = try reader.readTwoLetterCode(field: "publisherCountryCode")
        return fields
    }
}

extension BitReader {
    /// Reads a bitfield of `count` (0...64) bits as one word, id 1 in the most significant bit: the word of
    /// ``readBitField(count:field:)`` without building the set. Same errors.
    /// - Throws: `truncated` when fewer than `count` bits remain.
    @inline(__always)
    mutating func readBitFieldWord(count: Int, field: StaticString) throws(ConsentError) -> UInt64 {
        guard count > 0 else { return 0 }
        let value: UInt64 = try readInteger(bits: count, field: field)
        return value << UInt64(64 &- count)
    }
}
