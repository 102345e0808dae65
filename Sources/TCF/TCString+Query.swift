public import ConsentCore

extension TCString {
    /// Answers the questions of an ad server ("does vendor V have consent, do purposes P have consent, is there a
    /// publisher restriction for V on P?") straight from the encoded text, without allocating.
    ///
    /// A query reads the core segment only, and only as far as its questions need: the fixed fields and the
    /// extent of both vendor sections when it is made, the restriction entries when asked about them. It agrees
    /// with the full decode on every string that decodes; damage outside what it reads (a later segment cut short,
    /// a second core segment, a broken restriction entry for the vendor questions) is not seen by it.
    ///
    /// Make one with ``TCString/withQuery(_:_:)``; it borrows the text and must not leave the closure.
    public struct Query {
        let core: BitReader
        let vendorConsents: VendorSectionScan
        let vendorLegitimateInterests: VendorSectionScan
        /// CmpId, 12 bits.
        public let cmpId: Int
        /// VendorListVersion, 12 bits.
        public let vendorListVersion: Int
        /// TcfPolicyVersion, 6 bits.
        public let policyVersion: Int
        /// IsServiceSpecific.
        public let isServiceSpecific: Bool
        /// SpecialFeatureOptIns (at most 12 ids: never allocates).
        public let specialFeatureOptins: IDSet
        /// PurposesConsent (at most 24 ids: never allocates).
        public let purposeConsents: IDSet
        /// PurposesLITransparency.
        public let purposeLegitimateInterests: IDSet
        /// PurposeOneTreatment.
        public let purposeOneTreatment: Bool
        /// PublisherCC.
        public let publisherCountryCode: TwoLetterCode

        /// A query over the encoded string in `view` (for ``TCString/withQuery(_:_:)``, which keeps the view alive).
        @usableFromInline
        static func _make(view: TextView) throws(ConsentError) -> Query { try Query(view: view) }

        /// Reads the fixed fields and finds both vendor sections.
        /// - Throws: as the full decode, for the parts read.
        init(view: TextView) throws(ConsentError) {
            do throws(ConsentError) {
                var reader = try view.leadingSegmentBitReader(separator: UInt8(ascii: "."))
                core = reader
                let fields = try CoreFields.read(&reader)
                vendorConsents = try VendorSectionScan.scan(&reader, field: "vendorConsents")
                vendorLegitimateInterests = try VendorSectionScan.scan(&reader, field: "vendorLegitimateInterests")
                cmpId = fields.cmpId
                vendorListVersion = fields.vendorListVersion
                policyVersion = fields.policyVersion
                isServiceSpecific = fields.isServiceSpecific
                specialFeatureOptins = fields.specialFeatureOptins
                purposeConsents = fields.purposeConsents
                purposeLegitimateInterests = fields.purposeLegitimateInterests
                purposeOneTreatment = fields.purposeOneTreatment
                publisherCountryCode = fields.publisherCountryCode
            } catch {
                throw error.adding(format: .tcf, segment: "core", characterOffset: view.offset)
            }
        }

        /// True when `vendor` has consent (vendor consent section).
        public func vendorHasConsent(_ vendor: Int) -> Bool { contains(vendor, in: vendorConsents) }

        /// True when `vendor` has legitimate interest (vendor legitimate interest section).
        public func vendorHasLegitimateInterest(_ vendor: Int) -> Bool {
            contains(vendor, in: vendorLegitimateInterests)
        }

        /// True when every purpose in `purposes` has consent.
        public func purposesHaveConsent(_ purposes: IDSet) -> Bool { purposes.isSubset(of: purposeConsents) }

        /// The restriction types the publisher restrictions set for `vendor` on `purpose` (empty when none).
        ///
        /// A core that ends before or inside NumPubRestrictions has none: the reading of a GPP `tcfeuv2` section
        /// (gpp-sections.md §2), whose text `GPPQuery.tcfEuV2(in:)` hands out; a TC string's full decode refuses it.
        /// - Throws: as the full decode, when a restriction entry is cut short or holds purpose 0 or type 3.
        public func restrictionTypes(forVendor vendor: Int, purpose: Int) throws(ConsentError) -> RestrictionTypes {
            var reader = core
            var types = RestrictionTypes()
            do throws(ConsentError) {
                try reader.skipBits(vendorLegitimateInterests.end)
                guard reader.readableBits >= 12 else { return types }
                let count: Int = try reader.readInteger(bits: 12, field: "publisherRestrictions")
                var index = 0
                while index < count {
                    let entry = try PublisherRestrictionsScan.readEntry(&reader, lookingFor: vendor)
                    if entry.purposeId == purpose && entry.containsVendor { types.insert(RestrictionTypes(entry.type)) }
                    index &+= 1
                }
            } catch {
                throw error.adding(format: .tcf, segment: "core", characterOffset: core.characterOffset)
            }
            return types
        }

        private func contains(_ vendor: Int, in section: VendorSectionScan) -> Bool {
            guard vendor >= 1, vendor <= section.maxVendorId else { return false }
            var reader = core
            if !section.isRange {
                let bit = try? reader.getInteger(atBit: section.bodyStart &+ vendor &- 1, bits: 1, as: UInt8.self)
                return bit == 1
            }
            guard (try? reader.skipBits(section.bodyStart)) != nil else { return false }
            var stream = BitStream(reader)
            var index = 0
            while index < section.entryCount {
                guard let entry = try? stream.readRangeEntry(field: "") else { return false }
                if entry.contains(vendor) { return true }
                index &+= 1
            }
            return false
        }
    }

    /// Runs `body` with a ``Query`` over `encoded`, without copying the text or allocating: any string type, a
    /// `Substring` of a URL or of a GPP string (`GPPQuery.tcfEuV2(in:)`) read where it lies.
    ///
    /// `body` throws only ``ConsentCore/ConsentError`` (say so in a closure that throws:
    /// `{ query throws(ConsentError) in try query.restrictionTypes(forVendor: 755, purpose: 2) }`).
    /// - Throws: what reading the fixed fields and the vendor sections throws (as the full decode), or what
    ///   `body` throws.
    @inlinable
    public static func withQuery<R>(
        _ encoded: some StringProtocol,
        _ body: (Query) throws(ConsentError) -> R
    ) throws(ConsentError) -> R {
        try withTextView(of: encoded) { view throws(ConsentError) -> R in try body(Query._make(view: view)) }
    }

    /// The hot-path question in one call: does `vendor` have consent, legitimate interest, and do all of
    /// `purposes` have consent? Allocates nothing.
    /// - Throws: as ``withQuery(_:_:)``.
    public static func check(
        _ encoded: String,
        vendor: Int,
        purposes: IDSet
    ) throws(ConsentError) -> (vendorConsent: Bool, vendorLegitimateInterest: Bool, purposesConsent: Bool) {
        try check(text: encoded, vendor: vendor, purposes: purposes)
    }

    /// ``check(_:vendor:purposes:)-(String,_,_)`` for any string type, its bytes read where they are: a `Substring` of
    /// a URL, or section 2 of a GPP string as `GPPQuery.tcfEuV2(in:)` gives it, is not copied.
    /// - Throws: as the `String` form.
    public static func check(
        _ encoded: some StringProtocol,
        vendor: Int,
        purposes: IDSet
    ) throws(ConsentError) -> (vendorConsent: Bool, vendorLegitimateInterest: Bool, purposesConsent: Bool) {
        try check(text: encoded, vendor: vendor, purposes: purposes)
    }

    /// The work of ``check(_:vendor:purposes:)-(String,_,_)``, specialized for each caller's string type.
    @inline(__always)
    private static func check(
        text encoded: some StringProtocol,
        vendor: Int,
        purposes: IDSet
    ) throws(ConsentError) -> (vendorConsent: Bool, vendorLegitimateInterest: Bool, purposesConsent: Bool) {
        // A well-formed string is answered in one pass that carries no error out of the closure; anything else is
        // asked again of the full query, which agrees with it and throws the exact error.
        if let answer = withTextView(
            of: encoded,
            { view in QuickCheck.answer(view, vendor: vendor, purposes: purposes) }
        ) {
            return answer
        }
        return try withTextView(of: encoded) { view throws(ConsentError) in
            let query = try Query(view: view)
            return
                (
                    query.vendorHasConsent(vendor), query.vendorHasLegitimateInterest(vendor),
                    query.purposesHaveConsent(purposes)
                )
        }
    }
}
