import ConsentKit

/// A decoded string, as the commands use it: the value, and its JSON form made once, when first asked for (`stats`
/// asks only through the cross-checks, which need it for a GPP string's sections and for the strings they compare
/// with them).
struct DecodedString {
    /// The decoded value.
    var value: ConsentString { form.value }
    /// The JSON form of spec/json.md.
    var json: JSONValue { form.json }
    /// The kind of string.
    var kind: ConsentFormat { value.format }

    /// The value and its JSON form, shared by the copies of this string.
    private let form: Form

    /// `value`, its JSON form to be made when asked for.
    init(_ value: ConsentString) { form = Form(value) }

    /// A value and its JSON form, made once.
    private final class Form {
        let value: ConsentString
        lazy var json: JSONValue = value.jsonValue()

        init(_ value: ConsentString) { self.value = value }
    }
}

/// The one place the command talks to the codecs (ConsentKit), so that a cache can be put in front of it.
enum Codec {
    /// Decodes `text`, detecting its kind unless `kind` is given; `strict` decodes with ``DecodingOptions/strict``.
    static func decode(
        _ text: String,
        kind: ConsentFormat?,
        strict: Bool = false
    ) throws(ConsentError) -> DecodedString {
        let value = try ConsentString(encoded: text, kind: kind, options: strict ? .strict : DecodingOptions())
        return DecodedString(value)
    }

    /// The string of a JSON form (its `"type"` picks the kind).
    static func encode(json: JSONValue) throws(ConsentError) -> String {
        try ConsentString(json: json).encoded()
    }

    /// The lint diagnostics of a decoded string; `now` is seconds since 1970, `gppSID` the applicable sections
    /// sent beside a GPP string.
    static func lint(_ decoded: DecodedString, now: Int64, gppSID: [Int]? = nil) -> [Diagnostic] {
        switch decoded.value {
        case .gpp(let value): value.lint(gppSID: gppSID, now: now * 10)
        default: decoded.value.lint(now: now * 10)
        }
    }

    /// The in-app keys a CMP writes for a set of strings (the first of each kind counts).
    static func keys(
        _ strings: [DecodedString],
        gdprApplies: Bool?,
        gppSID: [Int]?,
        cmpSdkID: Int? = nil,
        cmpSdkVersion: Int? = nil
    ) throws(ConsentError) -> InAppKeys {
        var tcString: TCFString?
        var gppString: GPPString?
        var usPrivacy: USPrivacyString?
        var additionalConsent: AdditionalConsentString?
        for decoded in strings {
            switch decoded.value {
            case .tcf(let value): tcString = tcString ?? value
            case .gpp(let value): gppString = gppString ?? value
            case .usp(let value): usPrivacy = usPrivacy ?? value
            case .ac(let value): additionalConsent = additionalConsent ?? value
            }
        }
        return try InAppKeys(
            tcString: tcString,
            gppString: gppString,
            usPrivacy: usPrivacy,
            additionalConsent: additionalConsent,
            gdprApplies: gdprApplies,
            gppSID: gppSID,
            cmpSdkID: cmpSdkID,
            cmpSdkVersion: cmpSdkVersion
        )
    }
}
