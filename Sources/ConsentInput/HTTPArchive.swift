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
        let document = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return document.first == "{" && document.dropFirst().drop { $0.isWhitespace }.hasPrefix("\"log\"")
    }

    /// The requests of a HAR document, in order; nil when `document` is no HAR log.
    package static func requests(of document: JSONValue) -> [JSONValue]? {
        guard let entries = document["log"]?["entries"]?.arrayValue else { return nil }
        return entries.map { $0["request"] ?? .null }
    }

    /// The request of a HAR entry's `request` object: its method, its URL, its body (`postData.text`) and its
    /// cookies (from `cookies`, or else the `Cookie` header).
    package static func recordedRequest(_ request: JSONValue) -> RecordedRequest {
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
        return RecordedRequest(
            method: request["method"]?.stringValue ?? "GET",
            url: request["url"]?.stringValue,
            body: request["postData"]?["text"]?.stringValue,
            cookies: cookies
        )
    }

    /// One extraction for each place of each request that carries consent, labelled `FILE:N METHOD host/path`
    /// (`N` counting entries from 1); a single failure when no request carries any.
    package static func extractions(of document: JSONValue, label: String) -> [InputExtractor.Extraction] {
        let requests = self.requests(of: document) ?? []
        var extractions: [InputExtractor.Extraction] = []
        var cookieSets: Set<[ConsentSignal]> = []
        for (index, entry) in requests.enumerated() {
            let request = recordedRequest(entry)
            let name = "\(label):\(index + 1) \(request.summary)"
            var part = 0
            for input in request.inputs() where input.form != .cookies || cookieSets.insert(input.signals).inserted {
                extractions.append(InputExtractor.Extraction(label: name, result: .success(input), part: part))
                part += 1
            }
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
}
