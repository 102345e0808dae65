public import ConsentCore
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
