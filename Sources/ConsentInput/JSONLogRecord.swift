package import ConsentKit

/// A log record written as one JSON object (a line of a JSON Lines log: an ad server's, a Kafka topic's, an ELK
/// or nginx JSON log format) that is no request itself but says what a request carried, in its members:
/// - an OpenRTB request as a member (`"request": {"regs": ...}`), or as JSON text in a string
///   (`"bid_request": "{\"regs\": ...}"`);
/// - a URL, or an access log's request line, in a string (`"url": "https://...?gdpr_consent=..."`,
///   `"request": "GET /bid?gdpr=1&... HTTP/1.1"`);
/// - cookies in a string whose member's name says so (`"cookie"`, `"http_cookie"`, `"headers": {"Cookie": ...}`),
///   or that is a `Cookie:` header;
/// - the URL parameters themselves as members (`"gdpr": 1, "gdpr_consent": "CQ..."`), read as the URL's are, or the
///   members of the same meaning that Prebid.js and the CMP APIs name otherwise (``parameterNames``): a
///   `bidderRequest`'s `gdprConsent.consentString`, `uspConsent`, `gppConsent.gppString`, a logged `TCData`.
///
/// Members are looked at in document order, objects within objects (and JSON text within strings) up to
/// ``maxDepth`` deep; arrays are not entered. Each place found is one input, and the places are joined as a
/// request's are (``RecordedRequest/joined(_:)``): a place that says nothing another does not say (the URL in
/// `message` and in `url.original`, a `gdpr_consent` member beside the URL that carries it) counts once, and at most
/// ``maxPlaces`` are read. A string's source is its path from the record (`request.user.ext.consent`,
/// `params.gdpr_consent`), but for the parameters of a URL or the names of cookies, which name themselves.
package enum JSONLogRecord {
    /// How many objects deep members are looked at (JSON text within a string counts as one level more).
    static let maxDepth = 6

    /// How many places of one record are read: each place is checked against the others, so that their number
    /// must stay small (a request has three at most; a record of thousands of URLs is no record of one request).
    static let maxPlaces = 8

    /// The URL parameter each member name of a record stands for: the parameters' own names, and those of the same
    /// meaning in Prebid.js (`bidderRequest.gdprConsent.consentString`, `uspConsent`, `gppConsent.gppString`,
    /// `gdprConsent.addtlConsent`) and the CMP APIs (`tcString`, `gppString`, `uspString`, `addtlConsent`,
    /// `gdprApplies`, `applicableSections`).
    package static let parameterNames: [String: String] = {
        var names = Dictionary(uniqueKeysWithValues: QueryString.parameterNames.map { ($0, $0) })
        names.merge(
            [
                "consentString": "gdpr_consent", "tcString": "gdpr_consent", "gppString": "gpp",
                "uspString": "us_privacy", "uspConsent": "us_privacy", "addtlConsent": "addtl_consent",
                "gdprApplies": "gdpr", "applicableSections": "gpp_sid",
            ]
        ) { own, _ in own }
        return names
    }()

    /// The places of `record` that carry consent, joined as a request's places; empty when none does.
    package static func places(of record: JSONObject) -> [ExtractedInput] {
        var walk = Walk()
        walk.collect(record, path: "", depth: 0)
        if walk.isCut, !walk.places.isEmpty {
            walk.places[0].findings.append(
                Diagnostic(
                    .warning,
                    code: "tooManyPlaces",
                    message:
                        "the record carries consent in more than \(maxPlaces) places; the first \(maxPlaces) are read"
                )
            )
        }
        return RecordedRequest.joined(walk.places)
    }

    /// The places of one record, as they are found.
    private struct Walk {
        var places: [ExtractedInput] = []
        /// True when a place was left out for ``maxPlaces``.
        var isCut = false

        /// Adds the places of `object` (found at `path`, `depth` objects deep): its consent parameters as one place,
        /// first, then what its members hold, in their order.
        mutating func collect(_ object: JSONObject, path: String, depth: Int) {
            let start = places.count
            var parameters = ExtractedInput(form: .logRecord)
            var seen: [String: String] = [:]
            for (key, value) in object {
                let memberPath = path.isEmpty ? key : path + "." + key
                if let name = parameterNames[key], isValue(value, of: name) {
                    let text = OpenRTBRequest.text(of: value)
                    QueryString.read(name, text, from: memberPath, into: &parameters, seen: &seen)
                    continue
                }
                switch value {
                case .object(let member):
                    visit(member, path: memberPath, depth: depth + 1)
                case .string(let text):
                    read(text, key: key, path: memberPath, depth: depth)
                default:
                    continue
                }
            }
            if parameters.carriesConsent { add(parameters, at: start) }
        }

        /// Adds what the string `text`, the value of member `key` at `path`, holds: a request written as JSON text,
        /// cookies, or a URL or query.
        private mutating func read(_ text: String, key: String, path: String, depth: Int) {
            let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if trimmed.first == "{" {
                guard depth < maxDepth, let member = (try? JSONValue(parsing: String(trimmed)))?.objectValue
                else { return }
                visit(member, path: path, depth: depth + 1)
                return
            }
            // A member named for cookies may still hold a URL (`cookie_sync_url`): what it is decides.
            if key.lowercased().contains("cookie") || Cookies.looks(like: text), let input = try? Cookies.extract(text)
            {
                add(input)
            } else if QueryString.looks(like: text), let input = try? QueryString.extract(text) {
                add(input)
            }
        }

        /// Adds what `object`, the value of the member at `path`, holds: the consent of an OpenRTB request, or else
        /// the places of its own members.
        private mutating func visit(_ object: JSONObject, path: String, depth: Int) {
            if OpenRTBRequest.matches(object) {
                let input = OpenRTBRequest.extract(.object(object))
                if input.carriesConsent {
                    add(sourced(input, at: path))
                    return
                }
            }
            if depth <= maxDepth { collect(object, path: path, depth: depth) }
        }

        /// Adds `input` (at `index`, by default after the others) unless a place already says all it says; a place
        /// that `input` says all of gives way to it. No more than ``maxPlaces`` are kept.
        private mutating func add(_ input: ExtractedInput, at index: Int? = nil) {
            if places.contains(where: { $0.covers(input) }) { return }
            var index = index ?? places.count
            for existing in places.indices.reversed() where input.covers(places[existing]) {
                places.remove(at: existing)
                if existing < index { index -= 1 }
            }
            guard places.count < maxPlaces else {
                isCut = true
                return
            }
            places.insert(input, at: min(index, places.count))
        }
    }

    /// True when `value` is one that the consent parameter `name` may have in a record: text, a number, a flag, or
    /// for `gpp_sid` a list (`[2, 6]`, but not the `[-1]` or `[0]` of a CMP API that says no section applies);
    /// `null` is a parameter left out.
    private static func isValue(_ value: JSONValue, of name: String) -> Bool {
        switch value {
        case .string, .int, .bool: true
        case .array(let items): name == "gpp_sid" && items.contains { ($0.intValue ?? 1) > 0 }
        default: false
        }
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
    /// True when this place says all that `other` says: each of its strings (by text and kind), its flags, and its
    /// findings (by code and field).
    fileprivate func covers(_ other: ExtractedInput) -> Bool {
        other.signals.allSatisfy { signal in signals.contains { $0.text == signal.text && $0.kind == signal.kind } }
            && (other.gdprApplies == nil || other.gdprApplies?.text == gdprApplies?.text)
            && (other.gppSectionIDs == nil || other.gppSectionIDs?.text == gppSectionIDs?.text)
            && other.findings.allSatisfy { finding in
                findings.contains { $0.code == finding.code && $0.field == finding.field }
            }
    }
}
