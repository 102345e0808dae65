import ConsentCore
import ConsentInput
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
