import ConsentCore
import ConsentInput
import ConsentKit

/// The CLI's input extraction (`ConsentInput`) on arbitrary bytes, read both ways the command reads an input: as
/// one inline input (an argument, a line of standard input) and as the content of an `@FILE` (a property list,
/// Android XML, JSON, or lines of text). Extraction never traps and is deterministic; it fails only with the
/// error words the CLI documents; every string it extracts comes from the input (the input's own bytes, or its
/// percent-, XML- or JSON-decoded text, by the input's form) under a source that names its kind; and handed to
/// ConsentKit's decoder each string decodes (as that kind) or throws a `ConsentError`.
enum InputExtractionInvariants {
    /// The error codes an extraction may fail with.
    static let errorCodes: Set<String> = ["badJSON", "unknownFormat", "badXML", "badPropertyList", "empty"]

    /// The kind each OpenRTB field holds (OpenRTB 2.6 and its 2.5 `ext` forms; Google's and Prebid's AC fields).
    static let openRTBKinds: [String: ConsentFormat] = [
        "user.consent": .tcf, "user.ext.consent": .tcf, "regs.gpp": .gpp, "regs.us_privacy": .usp,
        "regs.ext.us_privacy": .usp, "user.ext.ConsentedProvidersSettings.consented_providers": .ac,
        "user.ext.consented_providers_settings.consented_providers": .ac,
    ]

    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.inputExtraction)
        let shown = String(reflecting: String(input.text.prefix(300)))
        let line = InputExtractor.trimmingLineEnd(input.text)
        if !line.isEmpty {
            let inline = Result { () throws(InputError) in try InputExtractor.extractText(line) }
            let again = Result { () throws(InputError) in try InputExtractor.extractText(line) }
            checker.check(inline == again, "\(shown): extracting the same line twice gives different results")
            check(inline, from: line, input, &checker)
            // As the command reads it: a curl command or an HTTP request gives one extraction for each place of its
            // request.
            for extraction in InputExtractor.extract(inline: line, label: nil) {
                check(extraction.result, from: place(of: extraction, inLine: line) ?? line, input, &checker)
            }
        }
        let bytes = Array(input.payload)
        let file = InputExtractor.extract(file: "fuzz", content: bytes)
        checker.check(
            file == InputExtractor.extract(file: "fuzz", content: bytes),
            "\(shown): extracting the same file twice gives different results"
        )
        checker.check(!file.isEmpty, "\(shown): a file gives no extraction, not even an error")
        let requests = recordedRequests(input.text)
        let documents = printedDocuments(input.text)
        for extraction in file {
            // A line of a text file that is a curl command or an HTTP request is read as it would be inline.
            // A file that is one HTTP request is read as the request it is, place by place; a document printed over
            // several lines among other lines, as the document it is.
            let source =
                place(of: extraction, in: requests) ?? lineNumber(of: extraction).flatMap { documents[$0] }
                ?? extraction.line.flatMap { place(of: extraction, inLine: $0) } ?? extraction.line
                ?? place(of: extraction, inLine: input.text) ?? input.text
            check(extraction.result, from: source, input, &checker)
            // A text file is read line by line (`\n` or `\r\n`): no string it gives spans a line break.
            if case .success(let extracted) = extraction.result, extracted.form == .string {
                checker.check(
                    extracted.signals.allSatisfy { !$0.text.utf8.contains(0x0A) },
                    "\(shown): a line of a text file holds a line break"
                )
            }
        }
        return checker.violation
    }

    /// The invariants of one extraction from `source` (the whole text it was read from).
    private static func check(
        _ result: Result<ExtractedInput, InputError>,
        from source: String,
        _ input: FuzzInput,
        _ checker: inout InvariantChecker
    ) {
        let shown = String(reflecting: String(source.prefix(300)))
        let extracted: ExtractedInput
        switch result {
        case .failure(let error):
            checker.check(errorCodes.contains(error.code), "\(shown): extraction fails with the code \(error.code)")
            return
        case .success(let value):
            extracted = value
        }
        // What else the input's text may be read as, made once: each line in JSON quotes, unquoted; and for a URL, a
        // query or cookies found in a log record, the record's strings, their JSON escapes undone (for the JSON forms
        // a string that is no JSON document would be taken as unchecked, so they are not looked in).
        let readings = quotedReadings(of: source)
        let recordStrings = [.url, .queryString, .cookies].contains(extracted.form) ? jsonStrings(of: source) : []
        for signal in extracted.signals {
            let found = "\(shown): \(signal.source ?? "the input") gives \(String(reflecting: signal.text))"
            checker.check(
                comesFrom(signal, extracted.form, source)
                    || (readings + recordStrings).contains { comesFrom(signal, extracted.form, $0) },
                "\(found), which is not in the input"
            )
            if extracted.form == .string {
                checker.check(signal.kind == nil && signal.source == nil, "\(found) with a kind or source")
            } else {
                checker.check(
                    signal.kind != nil && signal.kind == declaredKind(signal, extracted.form),
                    "\(found) as \(signal.kind.map { "\($0)" } ?? "nil"), not the kind its source holds"
                )
            }
            let decoded = Result { () throws(ConsentError) in
                try ConsentString(encoded: signal.text, kind: signal.kind, options: input.decoding)
            }
            if case .success(let value) = decoded, let kind = signal.kind {
                checker.check(value.format == kind, "\(found), which decodes as \(value.format), not as \(kind)")
            }
        }
    }

    /// The requests of `text` read as a file, by the number its extractions' labels give them (`@fuzz:N ...`): a
    /// HAR file's entries (from 1), or copied requests: curl, fetch, PowerShell (by their first line).
    private static func recordedRequests(_ text: String) -> [Int: RecordedRequest] {
        var requests: [Int: RecordedRequest] = [:]
        if HTTPArchive.looks(like: text[...]), let document = try? JSONValue(parsing: text),
            let entries = HTTPArchive.requests(of: document)
        {
            for (index, entry) in entries.enumerated() { requests[index + 1] = HTTPArchive.recordedRequest(entry) }
        } else {
            for command in CopiedRequest.requests(in: text) {
                requests[command.lineNumber] = command.notation.request(command.text)
            }
        }
        return requests
    }

    /// The documents printed over several lines among the lines of `text` read as a file (``PrettyPrintedDocument``,
    /// ``PrintedXMLDocument``), by the number of their first line.
    private static func printedDocuments(_ text: String) -> [Int: String] {
        var documents: [Int: String] = [:]
        for line in MultilineInput.Lines(text)
        where MultilineInput.isJoined(line.text) && CopiedRequest(firstLine: line.text) == nil {
            documents[line.lineNumber] = line.text
        }
        return documents
    }

    /// The number of the line of a text file that `extraction` (labelled `@fuzz:N ...`) was read from.
    private static func lineNumber(of extraction: InputExtractor.Extraction) -> Int? {
        extraction.label.split(separator: ":").dropFirst().first?.split(separator: " ").first.flatMap { Int($0) }
    }

    /// The text of the request that `extraction` (labelled `@fuzz:N ...`) was read from, by its form
    /// (``RecordedRequest/text(of:)``); nil for an extraction of no recorded request.
    private static func place(of extraction: InputExtractor.Extraction, in requests: [Int: RecordedRequest]) -> String?
    {
        guard case .success(let input) = extraction.result, let number = lineNumber(of: extraction),
            let request = requests[number]
        else { return nil }
        return request.text(of: input)
    }

    /// The text of the request that `line` (a copied request or an HTTP request, read inline) makes, at the place
    /// `extraction` was read from (``RecordedRequest/text(of:)``); nil when the line makes no request.
    private static func place(of extraction: InputExtractor.Extraction, inLine line: String) -> String? {
        let copied = CopiedRequest(firstLine: line)
        let request = copied != nil ? copied?.request(line) : RawHTTPRequest.request(line)
        return request.flatMap { request in (try? extraction.result.get()).flatMap(request.text(of:)) }
    }

    /// The kind a source name (URL parameter, OpenRTB field, in-app key) holds.
    private static func declaredKind(_ signal: ConsentSignal, _ form: ExtractedInput.Form) -> ConsentFormat? {
        guard let source = signal.source else { return nil }
        switch form {
        case .string: return nil
        case .url, .queryString: return QueryString.stringParameters.first { $0.name == source }?.kind
        case .openRTB:
            // At the root of a request, or at the path of a log record's member that holds one.
            return openRTBKinds[source] ?? openRTBKinds.first { source.hasSuffix("." + $0.key) }?.value
        case .logRecord:
            let name = source.split(separator: ".").last.flatMap { JSONLogRecord.parameterNames[String($0)] }
            return QueryString.stringParameters.first { $0.name == name }?.kind
        case .cmpAPI: return CMPAPIData.stringMembers.first { $0.name == source }?.kind
        case .cookies:
            return Cookies.stringCookies.first { $0.name == source }?.kind ?? Cookies.consentKind(of: signal.text)
        case .propertyList, .androidPreferences, .jsonPreferences:
            return AppPreferences.stringKeys.first { $0.key == source }?.kind
        }
    }

    /// True when the text of `signal` is in `source` as its form writes it: the bytes themselves for a bare
    /// string, percent-decoded for a URL, XML-unescaped for Android preferences, the value at the signal's
    /// path for JSON (`source` must then be one JSON document).
    /// A property list's values are Foundation's: only their key is checked (by `declaredKind`).
    private static func comesFrom(_ signal: ConsentSignal, _ form: ExtractedInput.Form, _ source: String) -> Bool {
        let needle = Array(signal.text.utf8)
        switch form {
        case .string:
            return contains(Array(source.utf8), needle)
        case .url, .queryString, .cookies:
            return contains(Array(QueryString.percentDecoded(Substring(source)).utf8), needle)
        case .androidPreferences:
            return contains(Array(XMLScanner.unescape(ArraySlice(source.utf8)).utf8), needle)
        case .openRTB, .jsonPreferences, .cmpAPI, .logRecord:
            // Every JSON form is read from one JSON document (a file's, a line's, a request body's) or one object as
            // JavaScript prints it; text that is neither (another reading of the input) does not hold the string.
            guard let document = document(source) else { return false }
            guard let path = signal.source else { return true }
            if form == .jsonPreferences || form == .cmpAPI {
                return document.objectValue?.contains { $0.key == path && $0.value == .string(signal.text) } == true
            }
            switch member(
                of: document,
                at: path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
            ) {
            case .string(let text): return text == signal.text
            case .array(let items):
                // A provider id list (numbers, or numbers written as strings) makes the canonical AC v1 string of
                // its ids: ascending, each once. A list where a string belongs (`us_privacy: [2, 6]`, reported as
                // `fieldType`) is read as the URL form writes it.
                let ids = Set(items.compactMap { $0.intValue ?? $0.stringValue.flatMap { Int($0) } })
                return signal.text == "1~" + ids.sorted().map(String.init).joined(separator: ".")
                    || signal.text == OpenRTBRequest.text(of: .array(items))
            case .none: return false
            default: return true
            }
        case .propertyList:
            return true
        }
    }

    /// The value at `path` (keys) of `value`, as a log record's member paths name them: a key may itself hold dots
    /// (`"http.request"`), and JSON text written in a string (a request logged as text) is looked into.
    private static func member(of value: JSONValue, at path: ArraySlice<String>) -> JSONValue? {
        guard !path.isEmpty else { return value }
        if case .string(let text) = value, let inner = try? JSONValue(parsing: text) {
            return member(of: inner, at: path)
        }
        for length in 1...path.count {
            let key = path.prefix(length).joined(separator: ".")
            if let next = value[key], let found = member(of: next, at: path.dropFirst(length)) { return found }
        }
        return nil
    }

    /// The string values of `source` read as one JSON document (those of JSON text within them too): where a log
    /// record's URL or cookies are, with their escapes (`\u0026`, `\/`) undone.
    private static func jsonStrings(of source: String) -> [String] {
        var strings: [String] = []
        func collect(_ value: JSONValue, depth: Int) {
            switch value {
            case .string(let text):
                strings.append(text)
                if depth < 8, text.contains("{"), let inner = try? JSONValue(parsing: text) {
                    collect(inner, depth: depth + 1)
                }
            case .array(let items): items.forEach { collect($0, depth: depth + 1) }
            case .object(let object): object.forEach { collect($0.value, depth: depth + 1) }
            default: break
            }
        }
        if let document = document(source), document.objectValue != nil { collect(document, depth: 0) }
        return strings
    }

    /// The document `source` is, as the extractor reads one: JSON, an object as JavaScript prints it
    /// (``JavaScriptObjectLiteral``) or one member of one (``MemberLine``); white space and a byte order mark before
    /// it skipped.
    private static func document(_ source: String) -> JSONValue? {
        let trimmed = source.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return (try? JSONValue(parsing: String(trimmed))) ?? JavaScriptObjectLiteral.value(trimmed)
            ?? MemberLine.object(InputExtractor.trimmingLineEnd(source))
    }

    /// What each line of `source` holds when the line is a JSON string literal, read again while it is one (the
    /// extractor reads a quoted input as what its quotes hold).
    private static func quotedReadings(of source: String) -> [String] {
        var readings: [String] = []
        for line in source.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var current = InputExtractor.trimmingLineEnd(String(line))
            while let inner = InputExtractor.quotedText(current) {
                readings.append(inner)
                current = inner
            }
        }
        return readings
    }

    /// True when `needle` occurs in `haystack` as a run of consecutive bytes.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
