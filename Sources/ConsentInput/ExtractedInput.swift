package import ConsentKit

/// One consent string found in an input, with the name it was found under.
package struct ConsentSignal: Hashable {
    /// Where it was found: `gdpr_consent`, `user.ext.consent`, `IABTCF_TCString`; nil for a bare string.
    package var source: String?
    /// The string, percent-decoded where it came from a URL.
    package var text: String
    /// The kind its source implies (`gdpr_consent` holds a TC string); nil when the kind is detected.
    package var kind: ConsentFormat?

    /// A string found under `source`, of the `kind` the source implies.
    package init(source: String?, text: String, kind: ConsentFormat?) {
        self.source = source
        self.text = text
        self.kind = kind
    }
}

/// What one input holds: its consent strings, and the signals that travel with them and must agree with them
/// (the `gdpr` flag, `gpp_sid`).
package struct ExtractedInput: Equatable {
    /// How the input was written.
    package enum Form: String, Equatable {
        case string = "string"
        case url = "URL"
        case queryString = "query string"
        case openRTB = "OpenRTB request"
        case propertyList = "iOS preferences (plist)"
        case androidPreferences = "Android shared preferences"
        case jsonPreferences = "app preferences (JSON)"
        /// What a CMP's JavaScript API returns (``CMPAPIData``).
        case cmpAPI = "CMP API data"
        /// A `Cookie:` header, `document.cookie` or a `Set-Cookie:` line (``Cookies``).
        case cookies = "cookies"
        /// Members of a JSON log record named as the URL parameters are (``JSONLogRecord``).
        case logRecord = "JSON log record"
    }

    /// A flag that travels next to the strings (`gdpr=1`, `regs.gdpr`, `IABTCF_gdprApplies`).
    package struct Flag: Equatable {
        /// The name it was found under.
        package var source: String
        /// Its value as written.
        package var text: String

        /// A flag found under `source`, written as `text`.
        package init(source: String, text: String) {
            self.source = source
            self.text = text
        }

        /// The flag as a yes or no: `1` or `true` (GDPR applies), `0` or `false` (it does not), nil for anything
        /// else, which says nothing (an undetermined `IABTCF_gdprApplies` is left unset, never written as 0).
        package var isSet: Bool? {
            switch text {
            case "1", "true": true
            case "0", "false": false
            default: nil
            }
        }
    }

    /// How the input was written.
    package var form: Form
    /// The consent strings, in the order found.
    package var signals: [ConsentSignal] = []
    /// The GDPR-applies flag, when given.
    package var gdprApplies: Flag?
    /// The applicable GPP section ids (`gpp_sid`, `regs.gpp_sid`, `IABGPP_GppSID`), when given.
    package var gppSectionIDs: Flag?
    /// The other in-app keys of a preferences file (`IABTCF_PurposeConsents`, ...), in file order.
    package var preferenceKeys: [(key: String, value: String)] = []
    /// The object a CMP API returned (``Form/cmpAPI``), for comparing what it says with its strings.
    package var cmpData: JSONObject?
    /// The type each IAB key of a preferences file is stored with, when the file says (XML and binary property
    /// lists, Android XML, JSON; not the text `defaults read` prints, where every value is text).
    package var storedTypes: [String: AppPreferences.StoredType] = [:]
    /// Problems met while extracting (an unexpanded macro, a repeated parameter).
    package var findings: [Diagnostic] = []
    /// For one place of a request that carries consent in several (its URL, its body, its cookies): the others, each
    /// without its own list. Each place is an input of its own, and the cross-checks look in the others before they
    /// say that the request has no TC or GPP string, or no `gpp_sid`.
    package var otherPlaces: [ExtractedInput] = []

    /// True when the input carries something of consent: a string, a flag, or a finding about one (an empty or
    /// repeated parameter, an unreplaced macro).
    package var carriesConsent: Bool {
        !signals.isEmpty || !findings.isEmpty || gdprApplies != nil || gppSectionIDs != nil
    }

    /// The warning for a consent field that is present but holds nothing (`gdpr_consent=`, `"consent": ""`): no
    /// string, rather than a string that fails to decode.
    package static func emptyParameter(_ name: String) -> Diagnostic {
        Diagnostic(.warning, code: "emptyParameter", field: name, message: "\(name) is present but empty")
    }

    /// Adds `text`, found under `source`, as a string of `kind`; an empty one is the ``emptyParameter(_:)``
    /// warning instead (URL parameters, OpenRTB fields and CMP API members alike).
    package mutating func addString(_ text: String, from source: String, kind: ConsentFormat) {
        if text.isEmpty {
            findings.append(Self.emptyParameter(source))
        } else {
            signals.append(ConsentSignal(source: source, text: text, kind: kind))
        }
    }

    /// An input written as `form`, with nothing found yet.
    package init(form: Form) { self.form = form }

    /// A bare string.
    package init(string: String) {
        form = .string
        signals = [ConsentSignal(source: nil, text: string, kind: nil)]
    }

    /// Equal when every part is (the preference keys compared in order).
    package static func == (lhs: ExtractedInput, rhs: ExtractedInput) -> Bool {
        lhs.form == rhs.form && lhs.signals == rhs.signals && lhs.gdprApplies == rhs.gdprApplies
            && lhs.gppSectionIDs == rhs.gppSectionIDs && lhs.findings == rhs.findings
            && lhs.preferenceKeys.map(\.key) == rhs.preferenceKeys.map(\.key)
            && lhs.preferenceKeys.map(\.value) == rhs.preferenceKeys.map(\.value) && lhs.storedTypes == rhs.storedTypes
            && lhs.cmpData == rhs.cmpData && lhs.otherPlaces == rhs.otherPlaces
    }
}

/// An input from which nothing can be decoded: an unreadable file, a JSON document of an unknown shape, a URL
/// without consent parameters.
package struct InputError: Error, Equatable {
    /// A short stable word, printed as the error `code` in JSON (`unreadableFile`, `badJSON`, `unknownFormat`).
    package var code: String
    /// One sentence for people.
    package var message: String

    /// An error with its code word and message.
    package init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }
}
