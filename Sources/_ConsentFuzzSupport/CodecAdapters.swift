public import AdditionalConsent
public import ConsentCore
public import ConsentKit
public import GPP
public import TCF
public import USPrivacy

// Each format's own API under the names the invariants use (`FuzzCodec`).

extension USPrivacyString: FuzzCodec {
    /// `init(encoded:options:)`.
    public static func decode(_ text: String, options: DecodingOptions) throws(ConsentError) -> USPrivacyString {
        try USPrivacyString(encoded: text, options: options)
    }

    /// `encoded(options:)`.
    public func encode(options: EncodingOptions) throws(ConsentError) -> String { try encoded(options: options) }

    /// `jsonValue()`.
    public var json: JSONValue { jsonValue() }

    /// `init(json:)`.
    public static func fromJSON(_ json: JSONValue) throws(ConsentError) -> USPrivacyString {
        try USPrivacyString(json: json)
    }

    /// `lint()`.
    public var diagnostics: [Diagnostic] { lint() }
}

extension TCFString: FuzzCodec {
    /// `init(encoded:options:)`.
    public static func decode(_ text: String, options: DecodingOptions) throws(ConsentError) -> TCFString {
        try TCFString(encoded: text, options: options)
    }

    /// `encoded(options:)`.
    public func encode(options: EncodingOptions) throws(ConsentError) -> String { try encoded(options: options) }

    /// `jsonValue()`.
    public var json: JSONValue { jsonValue() }

    /// `init(json:)`.
    public static func fromJSON(_ json: JSONValue) throws(ConsentError) -> TCFString { try TCFString(json: json) }

    /// `lint()`.
    public var diagnostics: [Diagnostic] { lint() }
}

extension GPPString: FuzzCodec {
    /// `init(encoded:options:)`.
    public static func decode(_ text: String, options: DecodingOptions) throws(ConsentError) -> GPPString {
        try GPPString(encoded: text, options: options)
    }

    /// `encoded(options:)`.
    public func encode(options: EncodingOptions) throws(ConsentError) -> String { try encoded(options: options) }

    /// `jsonValue()`.
    public var json: JSONValue { jsonValue() }

    /// `init(json:)`.
    public static func fromJSON(_ json: JSONValue) throws(ConsentError) -> GPPString { try GPPString(json: json) }

    /// `lint()`.
    public var diagnostics: [Diagnostic] { lint() }
}

extension AdditionalConsentString: FuzzCodec {
    /// `init(encoded:options:)`.
    public static func decode(_ text: String, options: DecodingOptions) throws(ConsentError) -> Self {
        try AdditionalConsentString(encoded: text, options: options)
    }

    /// `encoded(options:)`.
    public func encode(options: EncodingOptions) throws(ConsentError) -> String { try encoded(options: options) }

    /// `jsonValue()`.
    public var json: JSONValue { jsonValue() }

    /// `init(json:)`.
    public static func fromJSON(_ json: JSONValue) throws(ConsentError) -> Self {
        try AdditionalConsentString(json: json)
    }

    /// `lint()`.
    public var diagnostics: [Diagnostic] { lint() }

    /// The JSON without `encoding`, with disclosed providers that are also consented left out: ac.md §3 counts
    /// them as disclosed either way, and the canonical form (§5) drops them from the disclosed list.
    public var meaning: JSONValue {
        AdditionalConsentString(
            version: version,
            consentedProviders: consentedProviders,
            disclosedProviders: disclosedProviders.subtracting(consentedProviders)
        ).jsonValue().removingKey("encoding")
    }
}

extension ConsentString: FuzzCodec {
    /// `init(encoded:options:)`, the kind detected from the text.
    public static func decode(_ text: String, options: DecodingOptions) throws(ConsentError) -> ConsentString {
        try ConsentString(encoded: text, options: options)
    }

    /// `encoded(options:)`.
    public func encode(options: EncodingOptions) throws(ConsentError) -> String { try encoded(options: options) }

    /// `jsonValue()`.
    public var json: JSONValue { jsonValue() }

    /// `init(json:)`.
    public static func fromJSON(_ json: JSONValue) throws(ConsentError) -> ConsentString {
        try ConsentString(json: json)
    }

    /// `lint()`.
    public var diagnostics: [Diagnostic] { lint() }

    /// The meaning of the string inside.
    public var meaning: JSONValue {
        switch self {
        case .tcf(let value): value.meaning
        case .gpp(let value): value.meaning
        case .usp(let value): value.meaning
        case .ac(let value): value.meaning
        }
    }
}
