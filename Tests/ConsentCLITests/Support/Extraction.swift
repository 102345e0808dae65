import ConsentCore
import ConsentInput
import Foundation
import Testing

@testable import ConsentCLI

/// What `argument` holds when it is one input that extracts without error (a failed expectation otherwise).
func extractOne(_ argument: String) throws -> ExtractedInput {
    let extractions = InputExtractor.extract(argument, io: .memory())
    #expect(extractions.count == 1)
    return try #require(extractions.first).result.get()
}

/// The signals of `input` as `source=kind:text` (`-` for no source, `?` for no kind), for comparing in one line.
func signalSummary(_ input: ExtractedInput) -> [String] {
    input.signals.map { "\($0.source ?? "-")=\($0.kind?.rawValue ?? "?"):\($0.text)" }
}

/// `text` percent-encoded as a query parameter's value (every byte but the unreserved ones of RFC 3986), as a page
/// writes a URL it passes on inside another.
func percentEncodedForQuery(_ text: String) -> String {
    var unreserved = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
    unreserved.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
}
