public import ConsentCore

extension TCString {
    /// The encoded TC string.
    ///
    /// A decoded value that has not changed gives back its input exactly (unless `options.fidelity` is
    /// `.canonical`). Otherwise the string is written canonically: the core, then disclosed vendors, allowed
    /// vendors, publisher TC and the unknown segments verbatim; each vendor section with MaxVendorId = its highest
    /// id, as ranges when that is strictly shorter than the bitfield (exact sizes; a tie keeps the bitfield);
    /// publisher restrictions ordered by purpose then type, vendor ids as ranges; each segment padded with zero
    /// bits to a whole byte and then to a whole character, as iabtcf-java writes (no `=`).
    /// - Throws: ``ConsentCore/ConsentError/Code/valueOutOfRange`` naming the field when a value does not fit it (a
    ///   negative or 37-bit timestamp, a 13-bit CmpId, purposes above 24, a restriction purpose id outside 1...63, more
    ///   than 63 custom purposes or custom ids above ``PublisherTC/numCustomPurposes``, ...).
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        if options.fidelity == .preserveOriginal, let original = _original { return original }
        let plan = EncodingPlan(self)
        var counter = BitCounter()
        try write(to: &counter, plan: plan)
        var writer = BitWriter(reservingBits: counter.totalBits)
        try write(to: &writer, plan: plan)
        return writer.makeString()
    }

    /// The vendor section forms, chosen once for both the counting and the writing pass.
    struct EncodingPlan {
        var vendorConsents: VendorSectionPlan
        var vendorLegitimateInterests: VendorSectionPlan
        var disclosedVendors: VendorSectionPlan?
        var allowedVendors: VendorSectionPlan?

        /// `borrowing`: an initializer takes its arguments owned, so the caller copied the value (every set
        /// retained, then released) for a plan that only reads it.
        init(_ value: borrowing TCString) {
            vendorConsents = VendorSectionPlan(v2: value.vendorConsents)
            vendorLegitimateInterests = VendorSectionPlan(v2: value.vendorLegitimateInterests)
            disclosedVendors = value.disclosedVendors.map { VendorSectionPlan(v2: $0) }
            allowedVendors = value.allowedVendors.map { VendorSectionPlan(v2: $0) }
        }
    }

    /// Bits per segment are padded to a multiple of this (iabtcf-java writes whole bytes).
    static let canonicalPadding = 8

    /// Writes the canonical string into `sink`.
    func write<Sink: BitSink>(to sink: inout Sink, plan: EncodingPlan) throws(ConsentError) {
        do throws(ConsentError) {
            try writeCore(to: &sink, plan: plan)
        } catch {
            throw error.adding(format: .tcf, segment: "core")
        }
        if let disclosedVendors, let section = plan.disclosedVendors {
            sink.appendASCII(UInt8(ascii: "."))
            sink.writeBits(UInt64(SegmentKind.disclosedVendors.rawValue), count: 3)
            do throws(ConsentError) {
                try section.write(disclosedVendors, to: &sink, field: "disclosedVendors")
            } catch {
                throw error.adding(format: .tcf, segment: "disclosedVendors")
            }
            sink.finishSegment(paddingToMultipleOf: TCString.canonicalPadding)
        }
        if let allowedVendors, let section = plan.allowedVendors {
            sink.appendASCII(UInt8(ascii: "."))
            sink.writeBits(UInt64(SegmentKind.allowedVendors.rawValue), count: 3)
            do throws(ConsentError) {
                try section.write(allowedVendors, to: &sink, field: "allowedVendors")
            } catch {
                throw error.adding(format: .tcf, segment: "allowedVendors")
            }
            sink.finishSegment(paddingToMultipleOf: TCString.canonicalPadding)
        }
        if let publisherTC {
            sink.appendASCII(UInt8(ascii: "."))
            do throws(ConsentError) {
                try TCString.writePublisherTC(publisherTC, to: &sink)
            } catch {
                throw error.adding(format: .tcf, segment: "publisherTC")
            }
            sink.finishSegment(paddingToMultipleOf: TCString.canonicalPadding)
        }
        for segment in unknownSegments {
            try TCString.checkUnknownSegment(segment)
            sink.appendASCII(UInt8(ascii: "."))
            sink.appendText(segment)
        }
    }

    private func writeCore<Sink: BitSink>(to sink: inout Sink, plan: EncodingPlan) throws(ConsentError) {
        sink.writeBits(2, count: 6)
        try writeSharedFields(to: &sink)
        try sink.writeInteger(policyVersion, bits: 6, field: "policyVersion")
        sink.writeBool(isServiceSpecific)
        sink.writeBool(useNonStandardTexts)
        try sink.writeBitField(specialFeatureOptins, count: 12, field: "specialFeatureOptins")
        try sink.writeBitField(purposeConsents, count: 24, field: "purposeConsents")
        try sink.writeBitField(purposeLegitimateInterests, count: 24, field: "purposeLegitimateInterests")
        sink.writeBool(purposeOneTreatment)
        sink.writeTwoLetterCode(publisherCountryCode)
        try plan.vendorConsents.write(vendorConsents, to: &sink, field: "vendorConsents")
        try plan.vendorLegitimateInterests.write(
            vendorLegitimateInterests,
            to: &sink,
            field: "vendorLegitimateInterests"
        )
        try PublisherRestrictionsScan.write(publisherRestrictions, to: &sink)
        sink.finishSegment(paddingToMultipleOf: TCString.canonicalPadding)
    }

    static func writePublisherTC<Sink: BitSink>(_ value: PublisherTC, to sink: inout Sink) throws(ConsentError) {
        sink.writeBits(UInt64(SegmentKind.publisherTC.rawValue), count: 3)
        try sink.writeBitField(value.publisherConsents, count: 24, field: "publisherConsents")
        try sink.writeBitField(value.publisherLegitimateInterests, count: 24, field: "publisherLegitimateInterests")
        try sink.writeInteger(value.numCustomPurposes, bits: 6, field: "numCustomPurposes")
        try sink.writeBitField(
            value.publisherCustomConsents,
            count: value.numCustomPurposes,
            field: "publisherCustomConsents"
        )
        try sink.writeBitField(
            value.publisherCustomLegitimateInterests,
            count: value.numCustomPurposes,
            field: "publisherCustomLegitimateInterests"
        )
    }

    /// An unknown segment is written verbatim, so it must be one: base64url text whose SegmentType is 4-7.
    /// - Throws: `valueOutOfRange` (field `unknownSegments`) otherwise.
    static func checkUnknownSegment(_ segment: String) throws(ConsentError) {
        let isUnknown = try? withTextView(of: segment) { view throws(ConsentError) -> Bool in
            _ = try view.bitReader()
            return SegmentKind.guess(firstCharacterOf: view) == .unknown
        }
        guard isUnknown == true else {
            throw ConsentError(.valueOutOfRange, format: .tcf, segment: "unknownSegment", field: "unknownSegments")
        }
    }
}
