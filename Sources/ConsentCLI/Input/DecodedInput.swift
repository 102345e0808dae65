import ConsentInput
import ConsentKit

/// One input with each of its strings decoded (or the reason it did not decode).
struct DecodedInput {
    /// One string and its outcome.
    struct Item {
        /// The string and where it was found.
        var signal: ConsentSignal
        /// The decoded value, or why it failed.
        var result: Result<DecodedString, ConsentError>
    }

    /// Names the input in messages.
    var label: String
    /// What the input held.
    var input: ExtractedInput
    /// Its strings, decoded, in order.
    var items: [Item]
    /// The kinds of the strings `--kind` left out (present in the input, not decoded): the cross-checks still count
    /// them as there.
    var skippedKinds: Set<ConsentFormat> = []

    /// Decodes every string of `input`. With `kind`, a bare string is decoded as that kind, and only the strings
    /// of that kind are kept from a URL, bid request or preferences file; `strict` decodes with
    /// ``DecodingOptions/strict``.
    init(label: String, input: ExtractedInput, kind: ConsentFormat?, strict: Bool = false) {
        self.label = label
        self.input = input
        let (signals, skippedKinds) = Self.signals(of: input, kind: kind)
        self.skippedKinds = skippedKinds
        items = signals.map { signal in
            Item(
                signal: signal,
                result: Result { () throws(ConsentError) in
                    try Codec.decode(signal.text, kind: signal.kind, strict: strict)
                }
            )
        }
    }

    /// Decodes every string of `extraction` as ``init(label:input:kind:strict:)`` does; nil when the input could not
    /// be read, which is reported through `reporter` (with `input`, the text it came from).
    init?(
        _ extraction: InputExtractor.Extraction,
        input: String,
        kind: ConsentFormat?,
        strict: Bool,
        reporting reporter: FailureReporter
    ) {
        switch extraction.result {
        case .failure(let error):
            reporter.report(error, input: input, label: extraction.label)
            return nil
        case .success(let extracted):
            self.init(label: extraction.label, input: extracted, kind: kind, strict: strict)
        }
    }

    /// The strings of `input` to decode, and the kinds left out. With `kind`, a bare string is read as that kind,
    /// and of a URL, bid request or preferences file only the strings of that kind are kept.
    static func signals(
        of input: ExtractedInput,
        kind: ConsentFormat?
    ) -> (signals: [ConsentSignal], skippedKinds: Set<ConsentFormat>) {
        guard let kind else { return (input.signals, []) }
        if input.form == .string {
            return (input.signals.map { ConsentSignal(source: $0.source, text: $0.text, kind: kind) }, [])
        }
        let skipped = Set(input.signals.compactMap(\.kind).filter { $0 != kind })
        return (input.signals.filter { $0.kind == kind }, skipped)
    }

    /// True when some string failed to decode.
    var hasFailures: Bool {
        items.contains { if case .failure = $0.result { true } else { false } }
    }

    /// The first decoded string of `kind`.
    func decoded(_ kind: ConsentFormat) -> DecodedString? {
        for item in items {
            if case .success(let decoded) = item.result, decoded.kind == kind { return decoded }
        }
        return nil
    }
}

extension CommandOptions {
    /// The strings of `extraction` decoded with these options' `--kind` and `--strict`; nil when the input could not
    /// be read, which is reported through `reporter` (with `input`, the text it came from).
    func decoded(
        _ extraction: InputExtractor.Extraction,
        input: String,
        reporting reporter: FailureReporter
    )
        -> DecodedInput?
    {
        DecodedInput(extraction, input: input, kind: kind, strict: strict, reporting: reporter)
    }
}
