package import ConsentKit

/// A log record written as one JSON object (a line of a JSON Lines log: an ad server's, a Kafka topic's, an ELK
/// or nginx JSON log format) that is no request itself but says what a request carried, in its members:
/// - an OpenRTB request as a member (`"request": {"regs": ...}`), or as JSON text in a string
///   (`"bid_request": "{\"regs\": ...}"`);
/// - a URL, or an access log's request line, in a string (`"url": "https://...?gdpr_consent=..."`,
///   `"request": "GET /bid?gdpr=1&... HTTP/1.1"`);
/// - cookies in a string whose member's name says so (`"cookie"`, `"http_cookie"`, `"headers": {"Cookie": ...}`),
///   or that is a `Cookie:` header;
/// - the URL parameters themselves as members (`"gdpr": 1, "gdpr_consent": "CQ..."`), read as the URL's are.
///
/// Members are looked at in document order, objects within objects (and JSON text within strings) up to
/// ``maxDepth`` deep; arrays are not entered. Each place found is one input, and the places are joined as a
/// request's are (``RecordedRequest/joined(_:)``): a place that says nothing another has not said (the URL in
/// `message` and in `url.original`, a `gdpr_consent` member beside the URL that carries it) counts once. A string's source is its path from the record (`request.user.ext.consent`,
/// `params.gdpr_consent`), but for the parameters of a URL or the names of cookies, which name themselves.
package enum JSONLogRecord {
    /// How many objects deep members are looked at (JSON text within a string counts as one level more).
    static let maxDepth = 6

    /// The places of `record` that carry consent, joined as a request's places; empty when none does.
    package static func places(of record: JSONObject) -> [ExtractedInput] {
        var places: [ExtractedInput] = []
        collect(record, path: "", depth: 0, into: &places)
        return RecordedRequest.joined(places)
    }

    /// Adds the places of `object` (found at `path`, `depth` objects deep) to `places`: its consent parameters as
    /// one place, first, then what its members hold, in their order.
    private static func collect(_ object: JSONObject, path: String, depth: Int, into places: inout [ExtractedInput]) {
        let start = places.count
        var parameters = ExtractedInput(form: .logRecord)
        var seen: Set<String> = []
        for (key, value) in object {
            let memberPath = path.isEmpty ? key : path + "." + key
            if QueryString.parameterNames.contains(key), isValue(value, of: key) {
                QueryString.read(key, OpenRTBRequest.text(of: value), from: memberPath, into: &parameters, seen: &seen)
                continue
            }
            switch value {
            case .object(let member):
                visit(member, path: memberPath, depth: depth + 1, into: &places)
            case .string(let text):
                let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                if trimmed.first == "{" {
                    // JSON written into a string: a request logged as text.
                    guard depth < maxDepth, let member = (try? JSONValue(parsing: String(trimmed)))?.objectValue
                    else { continue }
                    visit(member, path: memberPath, depth: depth + 1, into: &places)
                } else if key.lowercased().contains("cookie") || Cookies.looks(like: text) {
                    if let input = try? Cookies.extract(text) { add(input, to: &places) }
                } else if QueryString.looks(like: text), let input = try? QueryString.extract(text) {
                    add(input, to: &places)
                }
            default:
                continue
            }
        }
        if parameters.carriesConsent && !places.contains(where: { $0.covers(parameters) }) {
            places.insert(parameters, at: start)
        }
    }

    /// Adds what `object`, the value of the member at `path`, holds: the consent of an OpenRTB request, or else
    /// the places of its own members.
    private static func visit(_ object: JSONObject, path: String, depth: Int, into places: inout [ExtractedInput]) {
        if OpenRTBRequest.matches(object) {
            let input = OpenRTBRequest.extract(.object(object))
            if input.carriesConsent { add(sourced(input, at: path), to: &places) }
        } else if depth <= maxDepth {
            collect(object, path: path, depth: depth, into: &places)
        }
    }

    /// True when `value` is one that the consent parameter `name` may have in a record: text, a number, a flag, or
    /// for `gpp_sid` a list (`[2, 6]`); `null` is a parameter left out.
    private static func isValue(_ value: JSONValue, of name: String) -> Bool {
        switch value {
        case .string, .int, .bool: true
        case .array: name == "gpp_sid"
        default: false
        }
    }

    /// `input` added to `places` unless a place there already says all it says.
    private static func add(_ input: ExtractedInput, to places: inout [ExtractedInput]) {
        if !places.contains(where: { $0.covers(input) }) { places.append(input) }
    }

    /// `input`, read from an OpenRTB request at `path` of the record, with its sources and fields named from the
    /// record (`request.user.ext.consent`).
    private static func sourced(_ input: ExtractedInput, at path: String) -> ExtractedInput {
        var sourced = input
        let prefix = path + "."
        for index in sourced.signals.indices {
            sourced.signals[index].source = sourced.signals[index].source.map { prefix + $0 }
        }
        sourced.gdprApplies?.source = prefix + (input.gdprApplies?.source ?? "")
        sourced.gppSectionIDs?.source = prefix + (input.gppSectionIDs?.source ?? "")
        for index in sourced.findings.indices where !sourced.findings[index].field.isEmpty {
            sourced.findings[index].field = prefix + sourced.findings[index].field
        }
        return sourced
    }
}

extension ExtractedInput {
    /// True when this place says all that `other` says: each of its strings (by text and kind), and its flags.
    fileprivate func covers(_ other: ExtractedInput) -> Bool {
        other.signals.allSatisfy { signal in signals.contains { $0.text == signal.text && $0.kind == signal.kind } }
            && (other.gdprApplies == nil || other.gdprApplies?.text == gdprApplies?.text)
            && (other.gppSectionIDs == nil || other.gppSectionIDs?.text == gppSectionIDs?.text)
            && other.findings.allSatisfy { finding in findings.contains { $0.code == finding.code } }
    }
}
