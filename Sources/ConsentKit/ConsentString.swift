/// Any consent string this package reads: a TCF TC string (v2 or legacy v1.1), a GPP string, a US Privacy string
/// or a Google Additional Consent string, each as its own typed value.
///
/// TC and GPP values are held indirectly (each in a box of its own): inline, the enum took the size of a decoded TC
/// string, some 300 bytes, and every decode through it, of any kind, paid for moving that many bytes several times,
/// tens of nanoseconds on a 10 ns US Privacy decode. A box costs one allocation, next to the several of a TC or GPP
/// decode. A US Privacy string (four bytes) and an AC string (its two id arrays, its text and a version: 33 bytes)
/// stay inline: the AC box cost as much as its decode's own allocations, for a value a few words long.
public enum ConsentString: Sendable, Hashable {
    /// A TCF TC string, version 2 (`C...`) or legacy 1.1 (`B...`).
    indirect case tcf(TCFString)
    /// A GPP string (`D...`).
    indirect case gpp(GPPString)
    /// A US Privacy string (`1YNN`).
    case usp(USPrivacyString)
    /// A Google Additional Consent string (`2~1.35~dv.9`).
    case ac(AdditionalConsentString)

    /// The kind of string.
    public var format: ConsentFormat {
        switch self {
        case .tcf: .tcf
        case .gpp: .gpp
        case .usp: .usp
        case .ac: .ac
        }
    }

    /// The encoded string: lossless for an unchanged decoded value, canonical otherwise (see each format).
    /// - Throws: `valueOutOfRange` naming the field when a value does not fit it.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        switch self {
        case .tcf(let value): try value.encoded(options: options)
        case .gpp(let value): try value.encoded(options: options)
        case .usp(let value): try value.encoded(options: options)
        case .ac(let value): try value.encoded(options: options)
        }
    }

    /// The JSON form of spec/json.md, with `"type"` and the format's `"encoding"` object.
    public func jsonValue() -> JSONValue {
        switch self {
        case .tcf(let value): value.jsonValue()
        case .gpp(let value): value.jsonValue()
        case .usp(let value): value.jsonValue()
        case .ac(let value): value.jsonValue()
        }
    }

    /// Reads the JSON form of any format, dispatching on `"type"` (`tcf`, `gpp`, `usp`, `ac`).
    /// - Throws: `badJSON` (field `type`) when `"type"` is missing or unknown, or as the format's `init(json:)`.
    public init(json: JSONValue) throws(ConsentError) {
        switch json["type"]?.stringValue.flatMap(ConsentFormat.init(rawValue:)) {
        case .tcf?: self = .tcf(try TCFString(json: json))
        case .gpp?: self = .gpp(try GPPString(json: json))
        case .usp?: self = .usp(try USPrivacyString(json: json))
        case .ac?: self = .ac(try AdditionalConsentString(json: json))
        case nil: throw ConsentError(.badJSON, field: "type")
        }
    }

    /// The format's lint findings: ``TCF/TCFString/lint(now:)`` (with `now`, deciseconds since 1970, for the
    /// "timestamp in the future" rule, of a GPP string's TC string section too),
    /// ``GPP/GPPString/lint(tcString:gppSID:now:)``, ``USPrivacy/USPrivacyString/lint()``,
    /// ``AdditionalConsent/AdditionalConsentString/lint()``.
    public func lint(now: Int64? = nil) -> [Diagnostic] {
        switch self {
        case .tcf(let value): value.lint(now: now)
        case .gpp(let value): value.lint(now: now)
        case .usp(let value): value.lint()
        case .ac(let value): value.lint()
        }
    }
}
