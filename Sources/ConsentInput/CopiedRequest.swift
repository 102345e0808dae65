/// A request as a browser's developer tools copy it from the network panel, over one line or several: "Copy as cURL"
/// (``CurlCommand``), "Copy as fetch" (``FetchCall``) or "Copy as PowerShell" (``PowerShellRequest``).
package enum CopiedRequest: String, Sendable {
    case curl
    case fetch
    case powerShell = "PowerShell"

    /// The notation whose first line `text` is; nil for any other text.
    package init?(firstLine text: String) {
        if CurlCommand.looks(like: text) {
            self = .curl
        } else if FetchCall.looks(like: text) {
            self = .fetch
        } else if PowerShellRequest.looks(like: text) {
            self = .powerShell
        } else {
            return nil
        }
    }

    /// True when `text`, the request's lines so far, goes on on the next line.
    package func continues(_ text: String) -> Bool {
        switch self {
        case .curl: CurlCommand.continues(text)
        case .fetch: FetchCall.continues(text)
        case .powerShell: PowerShellRequest.continues(text)
        }
    }

    /// The request `text` makes; nil when it cannot be read.
    package func request(_ text: String) -> RecordedRequest? {
        switch self {
        case .curl: CurlCommand.request(text)
        case .fetch: FetchCall.request(text)
        case .powerShell: PowerShellRequest.request(text)
        }
    }

    /// The most lines one request is read over. A copied request has a few dozen (a line a header, the body on one);
    /// each line read checks the whole text so far for open quotes and brackets, so a text that never closes one
    /// must not be joined without end.
    package static let maximumLines = 500

    /// The copied requests of a text (what "Copy all as cURL" copies, or one request over several lines), with the
    /// number of each one's first line: the ``MultilineInput/Lines`` that are requests.
    package static func requests(in text: String) -> [(lineNumber: Int, text: String, notation: CopiedRequest)] {
        MultilineInput.Lines(text).compactMap { line in
            CopiedRequest(firstLine: line.text).map { (line.lineNumber, line.text, $0) }
        }
    }
}
