package import ConsentKit

/// The consent strings a page sent, from a HAR file: the network log a browser's developer tools save
/// (HTTP Archive 1.2, `{"log": {"entries": [...]}}`).
///
/// Each request that carries consent gives one extraction per place it carries it: its URL's parameters (an ad
/// call, a pixel, a user sync), its body when that is an OpenRTB request (Prebid's calls to its server, an SSP's
/// bid request) or a form, and its cookies. Every request to a site sends the same cookies, so each set of consent
/// cookies is read once, at the first request that sends it.
package enum HTTPArchive {
    /// True when `text` starts as a HAR file does, `{` and then the key `"log"`: checked before parsing a JSON
    /// file, so that other documents are not parsed twice.
    package static func looks(like text: Substring) -> Bool {
        let afterBrace = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.dropFirst()
        return text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "{"
            && afterBrace.drop { $0.isWhitespace }.hasPrefix("\"log\"")
    }

    /// The requests of a HAR document, in order; nil when `document` is no HAR log.
    package static func requests(of document: JSONValue) -> [JSONValue]? {
        guard let entries = document["log"]?["entries"]?.arrayValue else { return nil }
        return entries.map { $0["request"] ?? .null }
    }

    /// The places of one request that may carry consent, as text: its URL, its body (`postData.text`) and its
    /// cookies as a `Cookie` header would write them (from `cookies`, or else the `Cookie` header itself).
    package static func places(of request: JSONValue) -> (url: String?, body: String?, cookies: String?) {
        let url = request["url"]?.stringValue
        let body = request["postData"]?["text"]?.stringValue
        var cookies: String? = nil
        if let list = request["cookies"]?.arrayValue, !list.isEmpty {
            let pairs = list.compactMap { cookie -> String? in
                guard let name = cookie["name"]?.stringValue, let value = cookie["value"]?.stringValue else {
                    return nil
                }
                return name + "=" + value
            }
            cookies = pairs.isEmpty ? nil : pairs.joined(separator: "; ")
        } else if let headers = request["headers"]?.arrayValue {
            cookies = headers.first { $0["name"]?.stringValue?.lowercased() == "cookie" }?["value"]?.stringValue
        }
        return (url, body, cookies)
    }

    /// One extraction for each place of each request that carries consent, labelled `FILE:N METHOD host/path`
    /// (`N` counting entries from 1); a single failure when no request carries any.
    package static func extractions(of document: JSONValue, label: String) -> [InputExtractor.Extraction] {
        let requests = self.requests(of: document) ?? []
        var extractions: [InputExtractor.Extraction] = []
        var cookieSets: Set<[ConsentSignal]> = []
        for (index, request) in requests.enumerated() {
            let places = self.places(of: request)
            let method = request["method"]?.stringValue ?? "GET"
            let name = "\(label):\(index + 1) \(method) \(shortened(places.url ?? ""))"
            var found: [ExtractedInput] = []
            if let url = places.url, let input = try? QueryString.extract(url) { found.append(input) }
            if let body = places.body, let input = bodyInput(body) { found.append(input) }
            if let cookies = places.cookies, let input = try? Cookies.extract(cookies),
                cookieSets.insert(input.signals).inserted
            {
                found.append(input)
            }
            for input in found { extractions.append(InputExtractor.Extraction(label: name, result: .success(input))) }
        }
        if extractions.isEmpty {
            let error = InputError(
                "unknownFormat",
                "no request of the HAR file carries consent (\(requests.count) requests: URL parameters, OpenRTB"
                    + " bodies and cookies looked at)"
            )
            return [InputExtractor.Extraction(label: label, result: .failure(error))]
        }
        return extractions
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
            let carriesConsent =
                !input.signals.isEmpty || !input.findings.isEmpty || input.gdprApplies != nil
                || input.gppSectionIDs != nil
            return carriesConsent ? input : nil
        }
        return try? QueryString.extract("?" + trimmed)
    }

    /// `url` without its scheme, query and fragment: the host and path, which say what the request was.
    private static func shortened(_ url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return String(rest)
    }
}
