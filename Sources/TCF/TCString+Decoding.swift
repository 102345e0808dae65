public import ConsentCore

extension TCString {
    /// Decodes a TC string (TCF v2: Version 2).
    ///
    /// Decoding is lenient about form and strict about structure: any padding, trailing `=`, segments in any order,
    /// unknown segment types (kept), repeated segment types (the first one counts) and policy breaches decode;
    /// ``lint(now:)`` reports them. With `options.strict`, repeated and unknown segments fail with `badValue` and
    /// any error-level lint finding with `policyViolation`.
    ///
    /// A core that ends before its 12-bit NumPubRestrictions is `truncated`: tcf.md §5 says the field is "always
    /// present, even when 0", and no TC vector needs more. (iabgpp-es tolerates it inside GPP strings; the GPP
    /// module gets that reading through a package-level initializer.)
    ///
    /// The value keeps `encoded` itself (no copy) for the lossless round trip.
    /// - Throws: ``ConsentCore/ConsentError`` with format `tcf`, the segment and field (JSON keys) and the bit offset:
    ///   `empty`, `tooLong`, `badBase64` (a character outside base64url, an empty segment), `truncated`,
    ///   `badVersion` (Version not 2: a legacy v1.1 string is a ``TCStringV1``; ``TCFString`` reads both),
    ///   `badValue` (a 6-bit letter above Z, vendor id 0 or a range ending before its start, publisher restriction
    ///   purpose 0 or type 3, a second core segment), `policyViolation` (strict only).
    public init(encoded: String, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        self = try TCString.decode(encoded, options: options, allowsMissingRestrictions: false)
    }

    /// Decodes a TC string held in any string type (a `Substring` of a URL, say): as ``init(encoded:options:)``,
    /// keeping a `String` copy of the text.
    /// - Throws: as ``init(encoded:options:)``.
    @inlinable
    public init(encoded: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(encoded: String(encoded), options: options)
    }

    /// Decodes the TC string of a GPP `tcfeuv2` section: as ``init(encoded:options:)``, but a core that ends before
    /// or inside NumPubRestrictions has no restrictions (the iabgpp-es tolerance, gpp-sections.md §2) instead of
    /// being `truncated`.
    ///
    /// The section is read where it lies, `view` (the section within the GPP string's view, so character offsets in
    /// errors count from the start of the GPP string), and `original` (the same text as a slice of the GPP string)
    /// is kept without a copy: the value holds the whole GPP string alive until it changes. A function rather than
    /// an initializer: it returns the decoded value as it is, where an initializer assigning `self` copies it.
    package static func decoding(
        gppSection view: TextView,
        original: Substring,
        options: DecodingOptions
    ) throws(ConsentError) -> TCString {
        try decode(view, original: original, options: options, allowsMissingRestrictions: true)
    }

    /// The GPP section decode of a whole string (character offsets in errors count from its start).
    package init(gppSection encoded: String, options: DecodingOptions) throws(ConsentError) {
        self = try TCString.decode(encoded, options: options, allowsMissingRestrictions: true)
    }

    static func decode(
        _ encoded: String,
        options: DecodingOptions,
        allowsMissingRestrictions: Bool
    ) throws(ConsentError) -> TCString {
        // The non-throwing view: a typed-throwing closure hands its value out inside a `Result` beside a 129-byte
        // error, copied several times on the way out; here only the value is.
        var failure: ConsentError? = nil
        let value = withTextView(of: encoded) { view -> TCString? in
            do throws(ConsentError) {
                return try decode(
                    view,
                    original: encoded[...],
                    options: options,
                    allowsMissingRestrictions: allowsMissingRestrictions
                )
            } catch {
                failure = error
                return nil
            }
        }
        guard let value else { throw failure ?? ConsentError(.empty, format: .tcf) }
        return value
    }

    /// Decodes `view`, whose text is `original`.
    private static func decode(
        _ view: TextView,
        original: Substring,
        options: DecodingOptions,
        allowsMissingRestrictions: Bool
    ) throws(ConsentError) -> TCString {
        guard view.count > 0 else { throw ConsentError(.empty, format: .tcf) }
        guard view.count <= options.maxInputLength else {
            throw ConsentError(.tooLong, format: .tcf, value: Int64(view.count))
        }
        var recorder = NoLayoutRecording()
        let scan = try TCStringScan(
            view: view,
            options: options,
            allowsMissingRestrictions: allowsMissingRestrictions,
            recorder: &recorder
        )
        let value = try TCString(scan: scan, view: view, original: original)
        if options.strict, let violation = value.firstPolicyViolation() { throw violation }
        return value
    }

    /// The second pass: builds the sets of a scanned string (the only allocations of a decode).
    ///
    /// The words above id 64 of every vendor set, restrictions included, go into one array sized by the scan (see
    /// ``SetWordArena``): one allocation for them all, and one for the restrictions array when there are some.
    /// Everything that can throw runs before the first property is set: a throw after that would make the compiler
    /// build the value in a temporary and copy it out.
    init(scan: TCStringScan, view: TextView, original: Substring) throws(ConsentError) {
        var arena = SetWordArena(
            wordCount: scan.vendorConsents.arenaWords &+ scan.vendorLegitimateInterests.arenaWords
                &+ (scan.disclosedVendors?.section.arenaWords ?? 0) &+ (scan.allowedVendors?.section.arenaWords ?? 0)
                &+ scan.restrictions.arenaWords
        )
        let vendorConsents = try scan.vendorConsents.materialize(
            from: scan.core,
            field: "vendorConsents",
            arena: &arena
        )
        let vendorLegitimateInterests = try scan.vendorLegitimateInterests.materialize(
            from: scan.core,
            field: "vendorLegitimateInterests",
            arena: &arena
        )
        var disclosedVendors: SetWordArena.FilledSet = (0, 0..<0)
        if let disclosed = scan.disclosedVendors {
            disclosedVendors = try disclosed.section.materialize(
                from: disclosed.segment,
                field: "disclosedVendors",
                arena: &arena
            )
        }
        var allowedVendors: SetWordArena.FilledSet = (0, 0..<0)
        if let allowed = scan.allowedVendors {
            allowedVendors = try allowed.section.materialize(
                from: allowed.segment,
                field: "allowedVendors",
                arena: &arena
            )
        }
        // Last: it cuts the arena into its sets, after which nothing is written to it.
        let publisherRestrictions = try scan.restrictions.materialize(from: scan.core, arena: &arena)
        let fields = scan.fields
        created = fields.created
        lastUpdated = fields.lastUpdated
        cmpId = fields.cmpId
        cmpVersion = fields.cmpVersion
        consentScreen = fields.consentScreen
        consentLanguage = fields.consentLanguage
        vendorListVersion = fields.vendorListVersion
        policyVersion = fields.policyVersion
        isServiceSpecific = fields.isServiceSpecific
        useNonStandardTexts = fields.useNonStandardTexts
        specialFeatureOptins = fields.specialFeatureOptins
        purposeConsents = fields.purposeConsents
        purposeLegitimateInterests = fields.purposeLegitimateInterests
        purposeOneTreatment = fields.purposeOneTreatment
        publisherCountryCode = fields.publisherCountryCode
        self.vendorConsents = arena.set(vendorConsents)
        self.vendorLegitimateInterests = arena.set(vendorLegitimateInterests)
        self.publisherRestrictions = publisherRestrictions
        _disclosedVendors = arena.set(disclosedVendors)
        _hasDisclosedVendors = scan.disclosedVendors != nil
        _allowedVendors = arena.set(allowedVendors)
        _hasAllowedVendors = scan.allowedVendors != nil
        _publisherTC = scan.publisherTC?.value ?? PublisherTC()
        _hasPublisherTC = scan.publisherTC != nil
        unknownSegments = scan.unknownSegmentCount == 0 ? [] : TCString.unknownSegments(of: view)
        _originalText = original
    }

    /// The text of every segment of types 4-7, in order (the string has been validated).
    static func unknownSegments(of view: TextView) -> [String] {
        var result: [String] = []
        var parts = view.split(separator: UInt8(ascii: "."))
        _ = parts.next()
        while let part = parts.next() {
            if SegmentKind.guess(firstCharacterOf: part) == .unknown { result.append(part.string) }
        }
        return result
    }
}
