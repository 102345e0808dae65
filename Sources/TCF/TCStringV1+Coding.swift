public import ConsentCore

extension TCStringV1 {
    /// Decodes a legacy v1.1 string (Version 1).
    /// - Throws: ``ConsentCore/ConsentError`` (format `tcf`, segment `core`): `empty`, `tooLong`, `badBase64`,
    ///   `truncated`, `badVersion` (Version not 1), `badValue` (a letter above Z, vendor id 0, a range ending before
    ///   its start, or a `.` segment after the string: v1.1 has exactly one segment); with `options.strict`,
    ///   `policyViolation` naming the segment and field of the first error-level ``lint(now:)`` finding.
    public init(encoded: String, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        let length = encoded.utf8.count
        guard length > 0 else { throw ConsentError(.empty, format: .tcf) }
        guard length <= options.maxInputLength else {
            throw ConsentError(.tooLong, format: .tcf, value: Int64(length))
        }
        self = try withTextView(of: encoded) { view throws(ConsentError) -> TCStringV1 in
            let (fields, section, segment, _) = try TCStringV1.scan(view)
            var value = fields
            value.vendorConsents = try section.materialize(from: segment, field: "vendorConsents")
            return value
        }
        _original = encoded
        if options.strict, let violation = firstPolicyViolation() { throw violation }
    }

    /// Decodes a v1.1 string held in any string type, keeping a `String` copy of the text.
    /// - Throws: as ``init(encoded:options:)``.
    @inlinable
    public init(encoded: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(encoded: String(encoded), options: options)
    }

    /// Walks the string: every field checked, the vendor section found. Returns the value without its vendor set,
    /// the vendor section, the segment's reader (at bit 0) and the reader after the last field.
    static func scan(
        _ view: TextView
    ) throws(ConsentError) -> (TCStringV1, VendorSectionScan, BitReader, BitReader) {
        let coreEnd = view.firstIndex(of: UInt8(ascii: ".")) ?? view.count
        let coreView = view.slice(0..<coreEnd)
        do throws(ConsentError) {
            // Errors in the order of the string: the core's characters and its Version come before the `.`.
            let segment = try coreView.bitReader()
            var reader = segment
            let version: Int = try reader.readInteger(bits: 6, field: "version")
            guard version == 1 else {
                throw ConsentError(.badVersion, field: "version", bitOffset: 0, value: Int64(version))
            }
            if coreEnd < view.count {
                // spec (tcf.md §3): a v1.1 string has exactly one segment.
                throw ConsentError(.badValue, field: "segmentType", characterOffset: coreEnd)
            }
            var value = TCStringV1()
            try value.readSharedFields(&reader)
            value.purposesAllowed = try reader.readBitField(count: 24, field: "purposesAllowed")
            let section = try VendorSectionScan.scan(&reader, field: "vendorConsents", hasDefaultConsent: true)
            return (value, section, segment, reader)
        } catch {
            throw error.adding(format: .tcf, segment: "core", characterOffset: coreView.offset)
        }
    }

    /// The encoded v1.1 string.
    ///
    /// An unmodified decoded value gives back its input (unless `options.fidelity` is `.canonical`). Otherwise:
    /// MaxVendorId = the highest vendor id; the shortest of bitfield, ranges of the set (DefaultConsent 0) and
    /// ranges of its complement (DefaultConsent 1), ties in that order; padded to a whole byte (the v1.1 spec),
    /// then to a whole character, without `=`.
    /// - Throws: `valueOutOfRange` naming the field when a value does not fit it.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        if options.fidelity == .preserveOriginal, let original = _original { return original }
        let plan = VendorSectionPlan(v1: vendorConsents)
        var counter = BitCounter()
        try write(to: &counter, plan: plan)
        var writer = BitWriter(reservingBits: counter.totalBits)
        try write(to: &writer, plan: plan)
        return writer.makeString()
    }

    private func write<Sink: BitSink>(to sink: inout Sink, plan: VendorSectionPlan) throws(ConsentError) {
        do throws(ConsentError) {
            sink.writeBits(1, count: 6)
            try writeSharedFields(to: &sink)
            try sink.writeBitField(purposesAllowed, count: 24, field: "purposesAllowed")
            try plan.write(vendorConsents, to: &sink, hasDefaultConsent: true, field: "vendorConsents")
            sink.finishSegment(paddingToMultipleOf: 8)
        } catch {
            throw error.adding(format: .tcf, segment: "core")
        }
    }

    /// Findings for a legacy string: always `legacyVersion` (v1.1 is invalid since 2020-09-30), and
    /// `createdAfterLastUpdated`, `timestampInFuture` (with `now`, deciseconds), `timestampBeforeTCF`,
    /// `cmpIdNotAssigned`, `unknownLanguageCode`, `vendorListVersionZero`, and for an unmodified decoded value
    /// `vendorIdAboveMaxVendorId`, `overlappingRanges`, `nonCanonicalPadding`, `trailingEquals`.
    public func lint(now: Int64? = nil) -> [Diagnostic] {
        findings(now: now).all.map(\.diagnostic)
    }

    /// The first error-level finding as the `policyViolation` strict decoding throws, naming its segment and field.
    func firstPolicyViolation() -> ConsentError? {
        findings(now: nil).all.first { $0.severity == .error }?.error
    }

    private func findings(now: Int64?) -> LintFindings {
        var findings = LintFindings()
        findings.add(.warning, "legacyVersion", "core", "version", "TCF v1.1 strings are invalid since 2020-09-30.")
        // TCF v1 was published in April 2018; the v1.1 spec's own example is of November 2017.
        findings.checkTimestamps(
            created: created,
            lastUpdated: lastUpdated,
            now: now,
            earliest: 14_832_288_000,
            framework: "TCF v1 (2017)"
        )
        findings.checkCmpAndLanguage(cmpId: cmpId, consentLanguage: consentLanguage)
        findings.checkVendorListVersion(vendorListVersion)
        if let original = _original,
            let (section, layout) = try? withTextView(
                of: original,
                { view throws(ConsentError) in
                    let (_, section, segment, end) = try TCStringV1.scan(view)
                    return (section, TCStringV1.layoutSegment(segment: segment, end: end))
                }
            )
        {
            findings.checkVendorSection(section, segment: "core", field: "vendorConsents")
            findings.checkPadding(layout)
        }
        return findings
    }

    static func layoutSegment(segment: BitReader, end: BitReader) -> TCStringLayout.Segment {
        TCStringLayout.Segment(
            kind: .core,
            segmentType: 0,
            characters: segment.characterCount,
            trailingEquals: segment.trailingPadding,
            usedBits: end.readerBitIndex,
            paddingIsZero: end.remainingBitsAreZero,
            isIgnored: false
        )
    }
}
