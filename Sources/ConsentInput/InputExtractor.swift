import ConsentKit

/// Turns one INPUT into the consent strings it holds. An input is a bare string (TC, GPP, US Privacy, AC), a URL
/// or query string, cookies (a `Cookie:` header, `document.cookie`), an OpenRTB request (JSON), app preferences
/// (JSON), a JSON log record that holds consent in its members (``JSONLogRecord``), or `@FILE` holding any of
/// those, a property list, Android preferences XML or a HAR file; a plain text file holds one input per line.
/// Reading files is the caller's business: this sees only their bytes, so the fuzz target drives exactly what the
/// command runs.
package enum InputExtractor {
    /// Takes a line that is a bare string (its text, and a label that names it in messages, made only when asked
    /// for) before the rest of the extraction sees it; returns true when it handled the line.
    package typealias BareLineHandler = (_ text: String, _ label: () -> String) -> Bool

    /// One input's result, with the label that names it in messages (`@prefs.xml`, `@list.txt:3`).
    package struct Extraction: Equatable {
        /// The input as given, or the file and line it came from.
        package var label: String
        /// Its strings and signals, or why none could be read.
        package var result: Result<ExtractedInput, InputError>
        /// The line it was read from, for an input that is one line of a text file (nil otherwise): what a JSON
        /// result names as its input, as it does for a line of standard input.
        package var line: String?
        /// Which place of one input this is: 0 for the first (or only) one, 1 and up for the others of a request that
        /// carries consent in several places (its URL, its body, its cookies), so that counting the extractions
        /// whose part is 0 counts the inputs.
        package var part: Int

        /// An extraction named `label`.
        package init(label: String, result: Result<ExtractedInput, InputError>, line: String? = nil, part: Int = 0) {
            self.label = label
            self.result = result
            self.line = line
            self.part = part
        }
    }

    /// True when the text can only be a bare consent string: base64url characters, `.`, `~` (GPP, AC) and
    /// trailing `=`. Batch decoding checks this first and skips the rest of the extraction.
    package static func isBareString(_ text: String) -> Bool {
        var copy = text
        let isBare = copy.withUTF8 { utf8 in
            var index = 0
            // Proof for the table reads: the index is a byte, and the table has 256 entries.
            let table = bareCharacters.utf8Start
            while index < utf8.count && table[Int(utf8[index])] == UInt8(ascii: "1") { index &+= 1 }
            while index < utf8.count && utf8[index] == UInt8(ascii: "=") { index &+= 1 }
            return index == utf8.count
        }
        // `us_privacy=` is made of the same characters as a padded string, but is an empty parameter.
        return isBare && !(text.utf8.last == UInt8(ascii: "=") && QueryString.looks(like: text))
    }

    /// `1` for the bytes of a bare string (base64url, `.` and `~`), `0` for the rest; indexed by byte value.
    private static let bareCharacters: StaticString =
        "0000000000000000000000000000000000000000000001101111111111000000011111111111111111111111111000010111111111111111111111111110001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"

    /// What `text` holds when it is one JSON string literal (a value copied out of JSON or a log with its quotes),
    /// unless that holds a line break (no consent string, URL or query does); nil otherwise.
    package static func quotedText(_ text: String) -> String? {
        guard text.hasPrefix("\""), let inner = (try? JSONValue(parsing: text))?.stringValue,
            !inner.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
        else { return nil }
        return inner
    }

    /// The inputs one text written inline stands for (an argument, a line of standard input or of a text file):
    /// one, or for a curl command or an HTTP request of several lines one for each place of its request that carries
    /// consent (``RecordedRequest``), labelled `curl METHOD host/path` or `HTTP METHOD host/path` after `label` (the
    /// text itself when nil).
    package static func extract(inline text: String, label: String?) -> [Extraction] {
        if let notation = CopiedRequest(firstLine: text) {
            return extractions(of: notation.request(text), written: .copied(notation), text: text, label: label)
        }
        if RawHTTPRequest.looks(like: text) {
            return extractions(of: RawHTTPRequest.request(text), written: .http, text: text, label: label)
        }
        if text.hasPrefix("{") || text.hasPrefix("Object {") { return jsonExtractions(text, label: label ?? text) }
        // A JSON document in JSON quotes (a log record copied out of another log): every place of it, as unquoted.
        if let inner = quotedText(text), inner.hasPrefix("{") { return jsonExtractions(inner, label: label ?? text) }
        return [Extraction(label: label ?? text, result: Result { () throws(InputError) in try extractText(text) })]
    }

    /// How a request was written inline: the word its labels start with, and what its errors call it.
    private enum RequestNotation {
        case copied(CopiedRequest)
        case http

        /// The word a label starts with (`curl GET host/path`).
        var rawValue: String {
            switch self {
            case .copied(let notation): notation.rawValue
            case .http: "HTTP"
            }
        }

        /// What its errors call it: what could not be read, when the request could not, and whose request carries no
        /// consent.
        var names: (unreadable: String, owner: String) {
            switch self {
            case .copied(.curl): ("a curl command whose quotes do not close", "the curl command's")
            case .copied(.fetch): ("a fetch call whose URL, quotes or brackets cannot be read", "the fetch call's")
            case .copied(.powerShell):
                ("a PowerShell command without -Uri, or whose quotes do not close", "the PowerShell command's")
            case .http: ("an HTTP request that cannot be read", "the HTTP")
            }
        }
    }

    /// One extraction for each place of `request` that carries consent (nil: `text`, a request written in
    /// `notation`, could not be read), or one failure when none does.
    private static func extractions(
        of request: RecordedRequest?,
        written notation: RequestNotation,
        text: String,
        label: String?
    ) -> [Extraction] {
        guard let request else {
            return [
                Extraction(
                    label: label ?? text,
                    result: .failure(InputError("unknownFormat", notation.names.unreadable))
                )
            ]
        }
        let name = (label.map { $0 + ": " } ?? "") + notation.rawValue + " " + request.summary
        let inputs = request.inputs()
        if inputs.isEmpty {
            let error = InputError(
                "unknownFormat",
                "\(notation.names.owner) request carries no consent (URL parameters, body and cookies looked at)"
            )
            return [Extraction(label: name, result: .failure(error))]
        }
        return inputs.enumerated().map { Extraction(label: name, result: .success($1), part: $0) }
    }

    /// One input written inline (an argument or a line of standard input or of a text file).
    package static func extractText(_ text: String) throws(InputError) -> ExtractedInput {
        if isBareString(text) { return ExtractedInput(string: text) }
        if let inner = quotedText(text) { return try extractText(inner) }
        if text.hasPrefix("{") || text.hasPrefix("Object {") { return try extractJSON(text) }
        if text.hasPrefix("<") { return try extractDocument(Array(text.utf8)) }
        if Cookies.looks(like: text) { return try Cookies.extract(text) }
        if QueryString.looks(like: text) { return try QueryString.extract(text) }
        if let cookie = Cookies.tableRow(text) { return try Cookies.extract(cookie) }
        // One member copied out of a dump (`tcString: 'CQ...'`, `IABTCF_TCString = CQ...;`), read as the object it
        // stands for when its name says what the value is.
        if let member = MemberLine.object(text), let input = try? jsonInputs(of: member).first { return input }
        return ExtractedInput(string: text)
    }

    /// True when `text` is JSON Lines: two or more non-blank lines, the first of them a whole JSON value (a bid
    /// request a line, as a log writes them), where a document over several lines has only `{` on its first.
    private static func isJSONLines(_ text: String) -> Bool {
        var lines = TextLines(text).lazy.filter { !isBlank($0) }.makeIterator()
        guard let first = lines.next(), lines.next() != nil else { return false }
        return (try? JSONValue(parsing: String(first))) != nil
    }

    /// The inputs of a file named `path` (for labels and messages) whose content is `bytes`: one document (a
    /// property list, XML, JSON), the requests of a HAR file (``HTTPArchive``), an HTTP request (``RawHTTPRequest``),
    /// or one input per non-empty line of text, where an input written over several lines (``MultilineInput``: a copied
    /// request, a pretty-printed document) is one.
    /// ``forEachExtraction(file:content:bareLine:until:_:)`` hands them out one at a time.
    package static func extract(file path: String, content bytes: [UInt8]) -> [Extraction] {
        var extractions: [Extraction] = []
        forEachExtraction(file: path, content: bytes) { extractions.append($0) }
        return extractions
    }

    /// Calls `body` with each input of the file named `path` whose content is `bytes`, in order, as
    /// ``extract(file:content:)`` lists them; a text file is read a line at a time, so that what is kept of a file
    /// of millions of lines is its bytes and their text, not an extraction for each of them. `bareLine`, when given,
    /// sees each line of a text file that is a bare string first, with its label (`@list.txt:3`, made only when
    /// asked for), and returns true when it handled it (the batch fast path that standard input has too). `stop` is
    /// asked before each line of a text file, and ends the walk when true (the output can no longer be written).
    package static func forEachExtraction(
        file path: String,
        content bytes: [UInt8],
        bareLine: BareLineHandler? = nil,
        until stop: () -> Bool = { false },
        _ body: (Extraction) -> Void
    ) {
        let label = "@" + path
        let head = bytes.drop {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if head.first == UInt8(ascii: "{") {
            if HTTPArchive.looks(like: text[...]), let document = try? JSONValue(parsing: text),
                HTTPArchive.requests(of: document) != nil
            {
                HTTPArchive.extractions(of: document, label: label).forEach(body)
                return
            }
        }
        // A JSON document, but for JSON Lines, which are read as a text file (an input a line), and for documents
        // printed one after another (`jq .` of JSON Lines), read as a text file too (an input a document).
        if PropertyListPreferences.matches(bytes) || head.first == UInt8(ascii: "<") {
            body(Extraction(label: label, result: Result { () throws(InputError) in try extractDocument(bytes) }))
            return
        }
        if head.first == UInt8(ascii: "{") && !isJSONLines(text) {
            let document = String(text.drop { $0.isWhitespace || $0 == "\u{FEFF}" })
            if !PrettyPrintedDocument.isFollowedByMore(in: document) {
                jsonExtractions(document, label: label).forEach(body)
                return
            }
        }
        // An HTTP request (its headers, a blank line, its body): one input, whatever its lines.
        if RawHTTPRequest.looks(like: text) {
            extract(inline: text, label: label).forEach(body)
            return
        }
        // A text file: one input per non-empty line, and per curl command, which may span lines (a `\` at the end
        // of each), wherever it stands.
        var isEmpty = true
        var hasComments = false
        for (lineNumber, line) in MultilineInput.Lines(text) {
            if stop() { return }
            let trimmed = trimmingLineEnd(line)
            if isBlankOrComment(trimmed) {
                hasComments = hasComments || !isBlank(trimmed)
                continue
            }
            if let bareLine, isBareString(trimmed), bareLine(trimmed, { "\(label):\(lineNumber)" }) {
                isEmpty = false
                continue
            }
            let isJoined = MultilineInput.isJoined(trimmed)
            for var extraction in extract(inline: trimmed, label: "\(label):\(lineNumber)") {
                // A command's or a document's results are named by its label (`@calls.sh:1: curl GET ...`,
                // `@pretty.json:12`), not by its lines.
                if !isJoined { extraction.line = trimmed }
                isEmpty = false
                body(extraction)
            }
        }
        if isEmpty {
            let what = hasComments ? "holds nothing but # comments" : "is empty"
            body(Extraction(label: label, result: .failure(InputError("empty", "'\(path)' \(what)"))))
        }
    }

    /// A whole document: a property list, Android preferences XML, or JSON.
    private static func extractDocument(_ bytes: [UInt8]) throws(InputError) -> ExtractedInput {
        if PropertyListPreferences.matches(bytes) {
            return try AppPreferences.extract(PropertyListPreferences.entries(bytes), form: .propertyList)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            return try AppPreferences.extract(AndroidPreferences.entries(xml: bytes), form: .androidPreferences)
        }
        return try extractJSON(String(trimmed))
    }

    /// The inputs of a JSON document named `label` (``jsonInputs(_:)``): one, or one for each place of a log record.
    private static func jsonExtractions(_ text: String, label: String) -> [Extraction] {
        do throws(InputError) {
            let inputs = try jsonInputs(text)
            return ([inputs.first] + inputs.others).enumerated().map {
                Extraction(label: label, result: .success($1), part: $0)
            }
        } catch {
            return [Extraction(label: label, result: .failure(error))]
        }
    }

    /// A JSON document as one input (``jsonInputs(_:)``): a log record's first place, which lists the others.
    private static func extractJSON(_ text: String) throws(InputError) -> ExtractedInput {
        try jsonInputs(text).first
    }

    /// A JSON document: an OpenRTB request, app preferences, what a CMP API returns, or a log record that holds
    /// consent in its members (``JSONLogRecord``: one input for each place, the first one and the others); or, when
    /// it is not JSON, an object as JavaScript prints it (``JavaScriptObjectLiteral``), or iOS preferences as
    /// `defaults read` prints them (an old-style property list: `{ IABTCF_gdprApplies = 1; ... }`).
    private static func jsonInputs(
        _ text: String
    ) throws(InputError) -> (first: ExtractedInput, others: [ExtractedInput]) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            // An object as JavaScript prints it (Node's console.log, a browser console's preview): read as its JSON.
            if let literal = JavaScriptObjectLiteral.value(text) { return try jsonInputs(of: literal) }
            // Text that starts as `defaults read` prints it is reported as that form when it goes wrong (a JSON
            // object never starts with a key and `=`).
            if PropertyListPreferences.isDefaultsText(text) {
                _ = try PropertyListPreferences.entries(Array(text.utf8))
            }
            if let entries = try? PropertyListPreferences.entries(Array(text.utf8)),
                entries.contains(where: { AppPreferences.isConsentKey($0.key) })
            {
                var input = try AppPreferences.extract(entries, form: .propertyList)
                input.storedTypes = [:]  // the text form stores every value as text: the types are unknown
                return (input, [])
            }
            var message = "not valid JSON: \(error.message)"
            if PrettyPrintedDocument.isUnclosed(text) {
                message += "; the { alone on its first line is never closed, so the lines after it were read as part"
                message += " of the document (up to \(PrettyPrintedDocument.maximumLines) lines)"
            } else if let offset = error.characterOffset, offset >= text.utf8.count {
                // A document cut short, or one over several lines whose first line holds more than its `{`.
                message += "; it ends before the document does: a JSON document over several lines is one input"
                message += " when its first line is its { alone (as jq . prints it), or when read whole: from @FILE"
                message += " that holds it alone, or from standard input as @-"
            }
            throw InputError("badJSON", message)
        }
        return try jsonInputs(of: document)
    }

    /// The inputs of a JSON document, parsed (``jsonInputs(_:)``).
    private static func jsonInputs(
        of document: JSONValue
    ) throws(InputError) -> (first: ExtractedInput, others: [ExtractedInput]) {
        guard let object = document.objectValue else {
            throw InputError("unknownFormat", "the JSON document is not an object")
        }
        if object.keys.contains(where: AppPreferences.isConsentKey) {
            return (try AppPreferences.extract(AppPreferences.entries(of: object), form: .jsonPreferences), [])
        }
        if OpenRTBRequest.matches(object) {
            let request = OpenRTBRequest.extract(document)
            // A record that logs a request's `user` or `regs` beside the URL that carried the consent is a log record.
            let places = request.carriesConsent ? [] : JSONLogRecord.places(of: object)
            if let first = places.first { return (first, Array(places.dropFirst())) }
            return (request, [])
        }
        if CMPAPIData.matches(object) {
            return (CMPAPIData.extract(object), [])
        }
        if let type = object["type"]?.stringValue, ["tcf", "gpp", "usp", "ac"].contains(type) {
            throw InputError(
                "unknownFormat",
                "this is the JSON form of a decoded string; 'consent encode' turns it back into the string"
            )
        }
        let places = JSONLogRecord.places(of: object)
        if let first = places.first { return (first, Array(places.dropFirst())) }
        throw InputError(
            "unknownFormat",
            "the JSON document is neither an OpenRTB request (regs, user), app preferences (IABTCF_* keys), what a"
                + " CMP API returns (tcString, gppString, uspString, addtlConsent), nor a log record with one of those"
                + " or consent URL parameters, a URL or cookies in its members"
        )
    }

    /// `text` without the line end a line may keep (`\r` of a `\r\n` file, a final `\n`). Other white space stays:
    /// it is never part of a consent string, and the decoders report it (ac.md §4: `badValue` by default; tcf.md
    /// §2: `badBase64`; usp.md: never trimmed silently), at either end alike.
    package static func trimmingLineEnd(_ text: String) -> String {
        guard let last = text.utf8.last, last == 0x0D || last == 0x0A else { return text }
        var end = text.utf8.endIndex
        while end > text.utf8.startIndex {
            let previous = text.utf8.index(before: end)
            guard text.utf8[previous] == 0x0D || text.utf8[previous] == 0x0A else { break }
            end = previous
        }
        return String(text[..<end])
    }

    /// True for a line with nothing but white space, which holds no input (blank lines are skipped).
    package static func isBlank(_ line: some StringProtocol) -> Bool {
        line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// True for a line of a list or log that holds no input: blank, or a comment, its first character after any
    /// white space `#` (a list's notes, the `#Fields:` header of a W3C extended log). No consent string, URL,
    /// request or JSON document starts with `#`.
    package static func isBlankOrComment(_ line: some StringProtocol) -> Bool {
        line.utf8.first { $0 != 0x20 && $0 != 0x09 }.map { $0 == UInt8(ascii: "#") } ?? true
    }
}
