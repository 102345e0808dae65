package import ConsentKit

/// The consent fields of an OpenRTB 2.5 or 2.6 bid request: `regs.gdpr` (2.6) or `regs.ext.gdpr` (2.5),
/// `user.consent` (2.6) or `user.ext.consent` (2.5), `regs.gpp` and `regs.gpp_sid` (2.6) or `regs.ext.gpp` and
/// `regs.ext.gpp_sid` (2.5: where Prebid.js adapters and many SSPs still write them), `regs.us_privacy` (2.6) or
/// `regs.ext.us_privacy` (2.5), and Google's Additional Consent string in
/// `user.ext.ConsentedProvidersSettings.consented_providers` (Prebid writes the AC string there; Google's own
/// extension spells it `consented_providers_settings` and lists provider ids).
package enum OpenRTBRequest {
    /// True when a JSON object looks like a bid request: a `regs` or `user` object, or an `imp` array (a log
    /// record's `"user": "alice"` is none).
    package static func matches(_ object: JSONObject) -> Bool {
        object["regs"]?.objectValue != nil || object["user"]?.objectValue != nil || object["imp"]?.arrayValue != nil
    }

    /// The consent fields of the request.
    package static func extract(_ request: JSONValue) -> ExtractedInput {
        var input = ExtractedInput(form: .openRTB)
        if let flag = first(request, ["regs", "gdpr"], ["regs", "ext", "gdpr"], as: .integer, into: &input) {
            input.gdprApplies = flag
        }
        if let tcString = first(request, ["user", "consent"], ["user", "ext", "consent"], as: .string, into: &input) {
            input.addString(tcString.text, from: tcString.source, kind: .tcf)
        }
        if let gpp = first(request, ["regs", "gpp"], ["regs", "ext", "gpp"], as: .string, into: &input) {
            input.addString(gpp.text, from: gpp.source, kind: .gpp)
        }
        if let sid = first(request, ["regs", "gpp_sid"], ["regs", "ext", "gpp_sid"], as: .integers, into: &input) {
            input.gppSectionIDs = sid
        }
        if let usp = first(request, ["regs", "us_privacy"], ["regs", "ext", "us_privacy"], as: .string, into: &input) {
            input.addString(usp.text, from: usp.source, kind: .usp)
        }
        let providerPaths = [
            ["user", "ext", "ConsentedProvidersSettings", "consented_providers"],
            ["user", "ext", "consented_providers_settings", "consented_providers"],
        ]
        for path in providerPaths {
            guard let value = lookup(request, path) else { continue }
            let source = path.joined(separator: ".")
            if let text = value.stringValue {
                input.addString(text, from: source, kind: .ac)
            } else if let items = value.arrayValue {
                // Google's extension lists the consented provider ids: the content of an AC v1 string. Ids written
                // as strings are read too; an item that is no whole number is left out, and said so.
                let ids = items.compactMap { $0.intValue ?? $0.stringValue.flatMap { Int($0) } }
                if ids.count != items.count {
                    input.findings.append(
                        Diagnostic(
                            .warning,
                            code: "badProviderIds",
                            field: source,
                            message:
                                "\(source) holds \(items.count - ids.count) item(s) that are not provider ids, left out"
                        )
                    )
                }
                // The AC string this makes is the tool's own writing: canonical (ascending, each id once, ac.md §5),
                // so that its lint speaks of the request's list, not of a text nobody wrote.
                let unique = Array(Set(ids)).sorted()
                if unique.count != ids.count {
                    input.findings.append(
                        Diagnostic(
                            .warning,
                            code: "duplicateProviders",
                            field: source,
                            message: "\(source) lists \(ids.count - unique.count) provider id(s) more than once"
                        )
                    )
                }
                let text = "1~" + unique.map(String.init).joined(separator: ".")
                input.signals.append(ConsentSignal(source: source, text: text, kind: .ac))
            }
            break
        }
        return input
    }

    /// The JSON type OpenRTB gives a consent field.
    private enum FieldType: String {
        case integer = "an integer"
        case string = "a string"
        case integers = "an array of integers"

        /// True when `value` is of this type.
        func matches(_ value: JSONValue) -> Bool {
            switch self {
            case .integer: value.intValue != nil
            case .string: value.stringValue != nil
            case .integers: value.arrayValue?.allSatisfy { $0.intValue != nil } ?? false
            }
        }
    }

    /// The value at the first of `paths` that exists, as text, with its dotted path; a warning when a later
    /// path holds a different value (a request that says two things), and one when a value is not of the `type`
    /// OpenRTB gives it (it is still read: `"gdpr": "1"` as 1, a number as a string's text).
    private static func first(
        _ request: JSONValue,
        _ paths: [String]...,
        as type: FieldType,
        into input: inout ExtractedInput
    ) -> ExtractedInput.Flag? {
        var found: ExtractedInput.Flag?
        for path in paths {
            guard let value = lookup(request, path), !value.isNull else { continue }
            let flag = ExtractedInput.Flag(source: path.joined(separator: "."), text: text(of: value))
            if !type.matches(value) {
                input.findings.append(
                    Diagnostic(
                        .warning,
                        code: "fieldType",
                        field: flag.source,
                        message: "\(flag.source) is \(value.serialized()); OpenRTB gives it as \(type.rawValue)"
                    )
                )
            }
            if let previous = found {
                if previous.text.isEmpty && !flag.text.isEmpty {
                    // An empty field says nothing: a 2.6 request with `"consent": ""` and the string in its 2.5 place
                    // still carries the string.
                    input.findings.append(
                        Diagnostic(
                            .warning,
                            code: "emptyParameter",
                            field: previous.source,
                            message: "\(previous.source) is present but empty; \(flag.source) is used"
                        )
                    )
                    found = flag
                } else if previous.text != flag.text {
                    input.findings.append(
                        Diagnostic(
                            .warning,
                            code: "conflictingFields",
                            field: flag.source,
                            message: "\(flag.source) differs from \(previous.source); \(previous.source) is used"
                        )
                    )
                }
            } else {
                found = flag
            }
        }
        return found
    }

    private static func lookup(_ value: JSONValue, _ path: [String]) -> JSONValue? {
        var current = value
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// Strings as they are; numbers and arrays of numbers (`gpp_sid: [2, 6]`) as the URL form writes them.
    package static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .array(let items): items.map(text(of:)).joined(separator: ",")
        case .int(let number): String(number)
        case .bool(let flag): flag ? "1" : "0"
        default: value.serialized()
        }
    }
}
