import ConsentKit

/// One HTTP request as a network log or a copied command records it, reduced to the places that may carry consent:
/// its URL (an ad call, a pixel, a user sync), its body (an OpenRTB request, a form) and its cookies.
package struct RecordedRequest: Equatable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The URL as requested.
    package var url: String?
    /// The body as sent.
    package var body: String?
    /// The cookies as a `Cookie` header writes them (`name=value; name=value`).
    package var cookies: String?

    /// A request with nothing recorded but its method.
    package init(method: String, url: String? = nil, body: String? = nil, cookies: String? = nil) {
        self.method = method
        self.url = url
        self.body = body
        self.cookies = cookies
    }

    /// What the request carries, place by place (URL parameters, an OpenRTB or form body, consent cookies, in that
    /// order), joined as ``joined(_:)`` says.
    package func inputs() -> [ExtractedInput] {
        var places: [ExtractedInput] = []
        if let url, let input = try? QueryString.extract(url) { places.append(input) }
        if let body, let input = Self.bodyInput(body) { places.append(input) }
        if let cookies, let input = try? Cookies.extract(cookies) { places.append(input) }
        return Self.joined(places)
    }

    /// The places of one request (or one log record) that carry consent, as inputs: a place with flags but no string
    /// (`gdpr=1`) is left out when another place has the strings, its flags (and findings) moved to the first such
    /// place. Each place is an input of its own that lists the others (``ExtractedInput/otherPlaces``), where the
    /// cross-checks look for a string it lacks.
    package static func joined(_ places: [ExtractedInput]) -> [ExtractedInput] {
        var inputs = places
        if let first = inputs.firstIndex(where: { !$0.signals.isEmpty }) {
            // The flags and findings of a place without strings (`?gdpr=1&gpp_sid=2` on a request whose body holds
            // the strings) go to the first place with strings, where the cross-checks compare them with strings.
            for place in inputs where place.signals.isEmpty {
                inputs[first].gdprApplies = inputs[first].gdprApplies ?? place.gdprApplies
                inputs[first].gppSectionIDs = inputs[first].gppSectionIDs ?? place.gppSectionIDs
                inputs[first].findings += place.findings
            }
            inputs.removeAll { $0.signals.isEmpty }
        }
        let all = inputs
        for index in inputs.indices {
            inputs[index].otherPlaces = all.enumerated().filter { $0.offset != index }.map(\.element)
        }
        return inputs
    }

    /// `METHOD host/path`: the URL without its scheme, query and fragment, which says what the request was.
    package var summary: String {
        var rest = Substring(url ?? "")
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return method + " " + rest
    }

    /// The text that `input`, one of ``inputs()``, was read from: the URL and body for parameters (a form body is
    /// read as a query), the body for an OpenRTB request, the cookies for cookies.
    package func text(of input: ExtractedInput) -> String? {
        switch input.form {
        case .url, .queryString: (url ?? "") + "\n" + (body ?? "")
        case .openRTB: body
        case .cookies: cookies
        default: nil
        }
    }

    /// The consent fields of a request body: an OpenRTB request in JSON, or a form (`gdpr=1&gdpr_consent=...`);
    /// nil when it has none.
    private static func bodyInput(_ body: String) -> ExtractedInput? {
        let trimmed = body.drop { $0.isWhitespace }
        if trimmed.first == "{" {
            guard let request = try? JSONValue(parsing: String(trimmed)), let object = request.objectValue,
                OpenRTBRequest.matches(object)
            else { return nil }
            let input = OpenRTBRequest.extract(request)
            return input.carriesConsent ? input : nil
        }
        return try? QueryString.extract("?" + trimmed)
    }
}
