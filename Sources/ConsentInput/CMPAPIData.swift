package import ConsentKit

/// What a CMP's JavaScript API hands a page, as a developer pastes it (JSON, or an object as JavaScript prints it:
/// ``JavaScriptObjectLiteral``): the `TCData` of `__tcfapi('getTCData')` and `__tcfapi('addEventListener')`
/// (`tcString`, `gdprApplies`, and Google's `addtlConsent`), the `PingReturn` or `GPPData` of `__gpp` (`gppString`,
/// `applicableSections`), and the object of `__uspapi('getUSPData')` (`uspString`). The whole object is kept (``ExtractedInput/cmpData``):
/// `consent lint` compares what it says of purposes, vendors and the CMP with the TC string it carries.
package enum CMPAPIData {
    /// The members that hold a consent string, and the kind each holds.
    package static let stringMembers: [(name: String, kind: ConsentFormat)] = [
        ("tcString", .tcf), ("gppString", .gpp), ("uspString", .usp), ("addtlConsent", .ac),
    ]

    /// True when `object` has a consent string member of a CMP API object, as a string.
    package static func matches(_ object: JSONObject) -> Bool {
        stringMembers.contains { object[$0.name]?.stringValue != nil }
    }

    /// The strings and flags of `object` (one that ``matches(_:)``).
    ///
    /// `gdprApplies` (a boolean) becomes the `gdpr` flag; `applicableSections` the section ids in force, as a
    /// `gpp_sid` would give them (`[-1]` and `[0]` say that none applies: the header is not checked against them,
    /// and `consent keys` writes them to `IABGPP_GppSID` as given, inapp-keys.md §2). An empty
    /// string member is a warning, as an empty URL parameter is, but for the empty `tcString` of a TCData whose
    /// `gdprApplies` is false.
    package static func extract(_ object: JSONObject) -> ExtractedInput {
        var input = ExtractedInput(form: .cmpAPI)
        input.cmpData = object
        if let applies = object["gdprApplies"], !applies.isNull {
            let text = applies.boolValue.map { $0 ? "1" : "0" } ?? applies.serialized()
            input.gdprApplies = ExtractedInput.Flag(source: "gdprApplies", text: text)
        }
        for member in stringMembers {
            guard let text = object[member.name]?.stringValue else { continue }
            // No TC string where GDPR does not apply is what the TCF's CMP API returns; elsewhere it is a gap.
            if text.isEmpty && member.kind == .tcf && input.gdprApplies?.isSet == false { continue }
            input.addString(text, from: member.name, kind: member.kind)
        }
        if let sections = object["applicableSections"]?.arrayValue {
            let ids = sections.compactMap(\.intValue)
            if ids.count == sections.count && !ids.isEmpty {
                let text = ids.map(String.init).joined(separator: ",")
                input.gppSectionIDs = ExtractedInput.Flag(source: "applicableSections", text: text)
            }
        }
        return input
    }
}
