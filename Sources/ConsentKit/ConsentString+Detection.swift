extension ConsentString {
    /// Decodes any consent string, telling the kind from the string itself unless `kind` says it:
    /// a TC string starts with `C` (v2) or `B` (v1.1), a GPP string with `D`, an Additional Consent string with
    /// a version and `~` (`1~`, `2~`), and a US Privacy string is four characters starting with a digit.
    ///
    /// With `options.strict`, each format's decoder turns its error-level lint findings into
    /// `policyViolation`, and so does this initializer for any it did not check.
    /// - Throws: as ``detectFormat(of:options:)`` when the kind is unknown, then as the format's decoder.
    @inlinable
    public init(
        encoded text: borrowing some StringProtocol,
        kind: ConsentFormat? = nil,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) {
        if kind == nil && !options.strict && options.maxInputLength >= 4 {
            // The first bytes, gathered once: for a US Privacy string the four its own decoder gathers, so detecting
            // it costs a few comparisons on top of that decoder (see ``FormatDetection/isUSPrivacy(_:)``); for an
            // Additional Consent string its version and `~`, and its decoder is called straight away. This path is
            // kept small; everything else is in ``init(detecting:kind:options:)``. `text` is borrowed (an
            // initializer's arguments are otherwise passed owned: a retain and release of the string per call).
            let lead = withTextView(of: text) { view in FormatDetection.Lead(view) }
            if lead.count == 4 && FormatDetection.isUSPrivacy(lead.packed) {
                self = .usp(try USPrivacyString(packed: lead.packed, count: 4, options: options))
                return
            }
            if lead.isAdditionalConsent(maxInputLength: options.maxInputLength) {
                self = .ac(try AdditionalConsentString.decoding(text, options: options))
                return
            }
        }
        try self.init(detecting: text, kind: kind, options: options)
    }

    /// ``init(encoded:kind:options:)`` for every input but a lenient US Privacy string.
    @inlinable @inline(never)
    init(
        detecting text: borrowing some StringProtocol,
        kind: ConsentFormat?,
        options: DecodingOptions
    ) throws(ConsentError) {
        var format = kind
        if format == nil { format = try Self.detectFormat(of: text, options: options) }
        switch format ?? .tcf {
        case .tcf: self = .tcf(try TCFString(encoded: copy text, options: options))
        case .gpp: self = .gpp(try GPPString(encoded: copy text, options: options))
        case .usp: self = .usp(try USPrivacyString(encoded: copy text, options: options))
        case .ac: self = .ac(try AdditionalConsentString(encoded: copy text, options: options))
        }
        if options.strict { try checkPolicy() }
    }

    /// Throws the first error-level lint finding as a `policyViolation`.
    @usableFromInline
    func checkPolicy() throws(ConsentError) {
        let errors = lint().filter { $0.severity == .error }
        if !errors.isEmpty { throw ConsentError(.policyViolation, format: format, value: Int64(errors.count)) }
    }

    /// The kind of consent string `text` is, from its first characters, without decoding it (a few
    /// nanoseconds; nothing is allocated).
    ///
    /// - Throws: `empty`; `tooLong` past `options.maxInputLength`; otherwise `unknownFormat` with
    ///   `characterOffset` where the text stops looking like a consent string, `value` the character there, `format`
    ///   the kind it would be once fixed when that can be told, and `field` one word for what it looked like:
    ///   `whitespace` (leading or trailing around text of no known kind; around a string of a known kind it is never
    ///   trimmed: that kind's decoder reports it), `json` (an object or array), `url` (a URL or
    ///   query string, `format` from a known parameter name: `gdpr_consent`, `gpp`, `us_privacy`,
    ///   `addtl_consent`), `base64url` (base64url whose first character is no TC or GPP header; `value` is its
    ///   6-bit value) or `text` (anything else).
    @inlinable
    public static func detectFormat(
        of text: some StringProtocol,
        options: DecodingOptions = DecodingOptions()
    ) throws(ConsentError) -> ConsentFormat {
        // The common case in a few instructions; the description of a failure is made only on failure.
        let format = withTextView(of: text) { view in FormatDetection.quickKind(of: view, options.maxInputLength) }
        if let format { return format }
        let detection = withTextView(of: text) { view in FormatDetection(view, maxInputLength: options.maxInputLength) }
        if let format = detection.format { return format }
        throw detection.error
    }
}
