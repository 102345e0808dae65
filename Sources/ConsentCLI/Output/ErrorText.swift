import ConsentKit

/// The one line a person reads for a string that failed: the error's own description (kind, code, field, offset)
/// with the offending character shown as a character, and a hint for the mistakes people make most.
enum ErrorText {
    /// `tcf badBase64: character outside the base64url alphabet in core at character 21: '+' (43); ...`.
    ///
    /// `input`, the string that failed, adds a hint when it starts or ends with white space, which is never trimmed
    /// and which the format's error may not point at (` 1YNN` fails for its length, at character 4), and, for a GPP
    /// string that fails in one section, the sections that decode.
    static func line(for error: ConsentError, input: String = "") -> String {
        prefix(of: error) + message(for: error, input: input)
    }

    /// ``line(for:input:)`` without its leading kind and code (`truncated: `): the `message` of a JSON error object,
    /// which has the code in a member of its own.
    static func message(for error: ConsentError, input: String = "") -> String {
        message(for: error, input: input, policyFinding: policyFinding(for: error, in: input))
    }

    /// ``message(for:input:)`` with the lint finding behind a `policyViolation` already looked up
    /// (``policyFinding(for:in:)``, which decodes and lints the input again): JSON error objects name it as well.
    static func message(for error: ConsentError, input: String, policyFinding: Diagnostic?) -> String {
        // White space around a JSON document is no fault of it: the hint is for strings.
        guard error.code != .unknownFormat, error.code != .badJSON, let first = input.unicodeScalars.first,
            let last = input.unicodeScalars.last, first.properties.isWhitespace || last.properties.isWhitespace
        else {
            let sectionName = sectionNameHint(for: error, in: input)
            return withLine(text(for: error, input: input), of: error, in: input) + keyHint(for: error, in: input)
                + typeHint(for: error, in: input) + notJSONHint(for: error, in: input)
                + (sectionName.isEmpty ? memberHint(for: error, in: input) : sectionName)
                + sectionCountHint(for: error, in: input)
                + usPrivacyLengthHint(for: error, in: input) + emptySectionHint(for: error)
                + strictHint(for: error, in: input) + percentEncodingHint(for: error, in: input)
                + otherSections(of: input, failing: error)
                + (policyFinding.map { "; \($0.code): \($0.message)" } ?? "")
        }
        return text(for: error, input: input)
            + "; the input \(first.properties.isWhitespace ? "starts" : "ends") with white space"
    }

    /// False for the error of an input of no known kind: the detection names what it looked like (`base64url`,
    /// `whitespace`) where a decoder names a field. The message says it; JSON `field` members hold only JSON key
    /// names (json.md).
    static func namesAField(_ error: ConsentError) -> Bool {
        !(error.code == .unknownFormat && error.format == nil)
    }

    /// `tcf badBase64: `, or `unknownFormat: ` for an error of no kind.
    private static func prefix(of error: ConsentError) -> String {
        (error.format.map { "\($0) " } ?? "") + "\(error.code): "
    }

    /// `text` with the line and column of the error's character offset after it, for an error in a JSON document of
    /// several lines (a pretty-printed one): `at character 818 (line 23, column 7)`.
    private static func withLine(_ text: String, of error: ConsentError, in document: String) -> String {
        guard error.code == .badJSON, let offset = error.characterOffset, offset >= 0, offset <= document.utf8.count
        else { return text }
        let utf8 = document.utf8
        let position = utf8.index(utf8.startIndex, offsetBy: offset)
        let before = utf8[..<position]
        guard let lineEnd = before.lastIndex(of: UInt8(ascii: "\n")) else { return text }
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = document[utf8.index(after: lineEnd)..<position].count + 1
        let place = "at character \(offset)"
        return text.replacing(place, with: place + " (line \(line), column \(column))", maxReplacements: 1)
    }

    /// For a JSON document refused for one of its keys (a key its object does not have, or has twice): the key, read
    /// from the document where the error points.
    private static func keyHint(for error: ConsentError, in document: String) -> String {
        guard error.code == .badJSON, let offset = error.characterOffset, let key = jsonKey(in: document, at: offset)
        else { return "" }
        // The parser refuses a repeated key (field `key`, no format); a format's reader, a key its object lacks.
        if error.format == nil {
            return error.field.description == "key" ? ": \"\(key)\" is given twice in its object" : ""
        }
        if error.field.utf8CodeUnitCount == 0 { return ": the key \"\(key)\" is not one this object has (misspelt?)" }
        return ": the key \"\(key)\" belongs in another object"
    }

    /// For a JSON document refused for a member a reader names (`bad JSON in notice`): that the member is missing,
    /// or what its value is, which the format does not take. The member is looked for in the object of the error's
    /// segment when the document has one (`sections.usnat`, `publisherTC`), else at the top, else anywhere in the
    /// document (a uspv1 section's reader names no segment); no hint when that does not settle it.
    private static func memberHint(for error: ConsentError, in document: String) -> String {
        guard error.code == .badJSON, error.format != nil, error.characterOffset == nil,
            error.field.utf8CodeUnitCount > 0, let root = try? JSONValue(parsing: document), root.objectValue != nil
        else { return "" }
        let key = error.field.description
        let missing = ": the member \"\(key)\" is missing"
        func refused(_ value: JSONValue) -> String { ": \(excerpt(value.serialized())) is not a value \(key) can take" }
        let segment = error.segment.description
        if !segment.isEmpty, let place = root["sections"]?[segment] ?? root[segment], place.objectValue != nil {
            return place[key].map(refused) ?? missing
        }
        if let value = root[key] { return refused(value) }
        let everywhere = values(of: key, in: root)
        if everywhere.isEmpty { return missing }
        return everywhere.count == 1 ? refused(everywhere[0]) : ""
    }

    /// For what only `--strict` refuses as a `badValue` (a repeated or undefined TC segment type, an AC id with a
    /// leading zero): what is wrong, which the value alone does not say, and the lint finding that names it.
    private static func strictHint(for error: ConsentError, in input: String) -> String {
        guard error.code == .badValue else { return "" }
        if error.format == .ac, let offset = error.characterOffset, offset >= 0 {
            let digits = input.utf8.dropFirst(offset).prefix(2)
            guard digits.first == UInt8(ascii: "0"), let next = digits.dropFirst().first, next >= 0x30, next <= 0x39
            else { return "" }
            return "; an id written with a leading zero, which --strict refuses (lint: leadingZeros)"
        }
        guard error.format == .tcf || error.format == .gpp, error.field.description == "segmentType",
            let type = error.value
        else { return "" }
        switch type {
        case 1...3:
            return "; a second segment of this type, which --strict refuses (without it the first counts; lint:"
                + " duplicateSegment)"
        case 4...7:
            return "; segment type \(type) is not defined, which --strict refuses (without it the segment is kept"
                + " unread; lint: unknownSegment)"
        default:
            return ""
        }
    }

    /// For a JSON document refused for its `type` (no format chosen yet): that it is missing, or that its value is
    /// none of the four kinds.
    private static func typeHint(for error: ConsentError, in document: String) -> String {
        guard error.code == .badJSON, error.format == nil, error.field.description == "type",
            let root = try? JSONValue(parsing: document)
        else { return "" }
        let kinds = "tcf, gpp, usp or ac"
        guard root.objectValue != nil else { return ": the document is not an object with a \"type\" (\(kinds))" }
        guard let type = root["type"] else { return ": the member \"type\" is missing (\(kinds))" }
        return ": \(type.serialized()) is not a type (\(kinds))"
    }

    /// For text refused as JSON that is no JSON at all (`1YNN`, a TC string): what encode reads instead.
    private static func notJSONHint(for error: ConsentError, in document: String) -> String {
        guard error.code == .badJSON, error.format == nil, error.field.utf8CodeUnitCount == 0,
            let first = document.unicodeScalars.first(where: { !$0.properties.isWhitespace }),
            !"{[\"".unicodeScalars.contains(first), (try? ConsentString.detectFormat(of: document)) != nil
        else { return "" }
        return "; this is a consent string, not its JSON form: consent decode reads it (decode --json | encode"
            + " gives it back)"
    }

    /// For a GPP document refused for its `sections` or `sectionIds`: the first key of `sections` that names no
    /// section, where the member's value alone would not say why (`usnatv1`, which CMPs' `parsedSections` and
    /// iabgpp-es 3.0 call usnat, is said so).
    private static func sectionNameHint(for error: ConsentError, in document: String) -> String {
        guard error.code == .badJSON, error.format == .gpp, error.characterOffset == nil,
            ["sections", "sectionIds"].contains(error.field.description),
            let sections = (try? JSONValue(parsing: document))?["sections"]?.objectValue,
            let key = sections.keys.first(where: { GPPSection.id(ofPrefix: $0) == nil && Int($0) == nil })
        else { return "" }
        let oldName = key == "usnatv1" ? " (usnatv1 is an old name of usnat)" : ""
        return ": \"\(key)\" is no section's name\(oldName); a section is named as decode --json names it (tcfeuv2,"
            + " uspv1, usnat, usca, ...) or by its id"
    }

    /// `text`, or for a long one (a value of millions of ids) its start and its length: a message is one line.
    private static func excerpt(_ text: String) -> String {
        let limit = 120
        guard text.utf8.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.utf8.count) characters)"
    }

    /// The values of every member named `key` in `value` and the objects and arrays it holds.
    private static func values(of key: String, in value: JSONValue) -> [JSONValue] {
        switch value {
        case .object(let object):
            return object.flatMap { member in
                (member.key == key ? [member.value] : []) + values(of: key, in: member.value)
            }
        case .array(let items):
            return items.flatMap { values(of: key, in: $0) }
        default:
            return []
        }
    }

    /// The JSON string that starts at UTF-8 offset `offset` of `document`, decoded; nil when none starts there.
    private static func jsonKey(in document: String, at offset: Int) -> String? {
        let utf8 = document.utf8
        guard offset >= 0, offset < utf8.count else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        guard utf8[start] == UInt8(ascii: "\"") else { return nil }
        var index = utf8.index(after: start)
        var escaped = false
        while index < utf8.endIndex {
            let byte = utf8[index]
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                return (try? JSONValue(parsing: String(decoding: utf8[start...index], as: UTF8.self)))?.stringValue
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    /// For a GPP string refused for its section ids: how many sections the header lists and how many `~` parts
    /// follow (the error's value is the latter, which alone reads like an id), or that 3 is the header's own id.
    static func sectionCountHint(for error: ConsentError, in input: String) -> String {
        guard error.format == .gpp, error.code == .badValue, error.segment.description == "header",
            error.field.description == "sectionIds"
        else { return "" }
        guard let ids = try? GPPQuery.sectionIDs(in: input) else {
            return error.value == 3 ? "; 3 is the id of the header itself, never of a section" : ""
        }
        let parts = input.utf8.count { $0 == UInt8(ascii: "~") }
        guard parts != ids.count else { return "" }
        let listed =
            switch ids.count {
            case 0: "no section"
            case 1: "1 section (id \(ids.sorted[0]))"
            default: "\(ids.count) sections (ids \(ids.sorted.map(String.init).joined(separator: ", ")))"
            }
        let follow = parts == 1 ? "1 follows" : "\(parts) follow"
        return "; the header lists \(listed) and \(follow) after it"
    }

    /// For a US Privacy string, or a GPP `uspv1` section, refused for its length (the error names no field, only
    /// the first missing or extra character): how many characters it has, against the four it must have.
    private static func usPrivacyLengthHint(for error: ConsentError, in input: String) -> String {
        guard error.code == .badValue, error.field.utf8CodeUnitCount == 0, let offset = error.characterOffset,
            error.format == .usp || (error.format == .gpp && error.segment.description == "uspv1")
        else { return "" }
        // The section is the `~` part that holds the offset (for a short one, the offset is just past its end).
        // Offsets count bytes; the length said is in characters (`1YN—` has 4, of 6 bytes).
        var start = 0
        var length = input.count
        if error.format == .gpp {
            for part in input.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false) {
                let partStart = input.utf8.distance(from: input.utf8.startIndex, to: part.startIndex)
                if partStart <= offset && offset <= partStart + part.count {
                    start = partStart
                    length = Substring(part).count
                }
            }
        }
        guard length != 4, offset >= start else { return "" }
        let has = length == 1 ? "1 character" : "\(length) characters"
        return "; a US Privacy string has 4 characters (version, notice, optOutSale, lspaCovered), this one \(has)"
    }

    /// For an input that is no string of a kind, or an AC string that fails, because it is still percent-encoded
    /// (`2%7E1.35%7Edv.9`, or a URL's `addtl_consent=2%257E1.35...` encoded twice): the first escape and what it
    /// stands for. (A TC or GPP string says so at its `%`, a character outside base64url.)
    private static func percentEncodingHint(for error: ConsentError, in input: String) -> String {
        guard error.code == .unknownFormat || (error.format == .ac && error.code != .badBase64) else { return "" }
        let bytes = Array(input.utf8)
        guard let percent = bytes.firstIndex(of: UInt8(ascii: "%")), percent + 2 < bytes.count,
            let code = UInt8(String(decoding: bytes[(percent + 1)...(percent + 2)], as: UTF8.self), radix: 16),
            (0x20..<0x7F).contains(code)
        else { return "" }
        let escape = String(decoding: bytes[percent...(percent + 2)], as: UTF8.self)
        let character = Character(UnicodeScalar(code))
        return "; \(escape) is '\(character)' percent-encoded: decode the string (once more, if it came from a URL)"
    }

    /// For a GPP string with an empty section (`DBACTY~1YNN~`): which section, where the error's value alone (its
    /// id) read like a bad value.
    private static func emptySectionHint(for error: ConsentError) -> String {
        guard error.format == .gpp, error.code == .badValue, error.segment.description == "section",
            error.field.utf8CodeUnitCount == 0, let id = error.value
        else { return "" }
        let name = GPPSection.prefix(of: Int(id)).map { " (\($0))" } ?? ""
        return "; section \(id)\(name) is empty: nothing between its ~ and what follows"
    }

    /// The error-level lint finding behind a `policyViolation` of `input` (the one on the error's field first), or
    /// nil for any other error: a message ends with it as `consent lint` words it (`; policyVersionOutdated: ...`),
    /// read from a lenient decode of the same input (the error itself carries only the field: it is built without
    /// text, and is thrown before anyone asks why), and JSON error objects name it as `rule`.
    static func policyFinding(for error: ConsentError, in input: String) -> Diagnostic? {
        guard error.code == .policyViolation, !input.isEmpty,
            let value = try? ConsentString(encoded: input, kind: error.format)
        else { return nil }
        let errors = value.lint().filter { $0.severity == .error }
        let path = error.fieldPath
        return errors.first { $0.field == path } ?? errors.first { !path.isEmpty && $0.field.hasPrefix(path) }
            ?? errors.first
    }

    /// For a GPP string that fails in one section: which of its other sections decode, and where to see them.
    private static func otherSections(of input: String, failing error: ConsentError) -> String {
        guard error.format == .gpp, error.code != .policyViolation,
            let outcomes = try? GPPString.decodingEachSection(input)
        else { return "" }
        let decoded = outcomes.compactMap { outcome in
            (try? outcome.result.get()).map { _ in GPPSection.prefix(of: outcome.id) ?? String(outcome.id) }
        }
        guard !decoded.isEmpty else { return "" }
        let verb = decoded.count == 1 ? "decodes" : "decode"
        return "; \(decoded.joined(separator: ", ")) \(verb) (consent explain shows every section)"
    }

    /// The message for `error` alone.
    private static func text(for error: ConsentError, input: String) -> String {
        if error.code == .unknownFormat { return unknownFormat(error, input: input) }
        var text = error.message
        if error.format == .usp || error.format == .ac, error.code != .truncated, let value = error.value,
            let character = printable(value)
        {
            text += " ('\(character)')"
        }
        if error.format == .ac, error.code == .badValue, let value = error.value,
            value == 0 || value > ProviderIDSet.maximumID
        {
            // A number, but not an id.
            text += "; provider ids are 1 to \(ProviderIDSet.maximumID)"
        }
        if error.code == .badJSON && error.field.utf8CodeUnitCount == 0 && error.characterOffset == nil {
            // The JSON readers name a missing or malformed member; one without a name is a key the object may not
            // have (or has twice), the value of which would otherwise be dropped, or an object that is not one.
            text += ": a key \(error.segment.utf8CodeUnitCount == 0 ? "the" : "this") object does not have"
            text += " (misspelt?) or has twice, or a value that should be an object"
        }
        if error.code == .badBase64, let value = error.value, let character = printable(value) {
            text += " ('\(character)')"
            if character == "+" || character == "/" {
                text += "; '+' and '/' are standard base64: consent strings use '-' and '_' (base64url)"
            } else if character == " " || character == "%" {
                text += "; was the string percent-encoded or broken across lines?"
            }
        }
        if error.code == .badBase64, error.value == 0x0D {
            text += " (a carriage return: lines that end with it alone, as old Mac files do, are not split)"
        } else if error.code == .badBase64 && error.value.map({ printable($0) == nil }) == true || error.format == .usp
            || error.format == .ac || error.segment.description == "uspv1"
        {
            // A byte that is no printable ASCII, or a character-based string that fails: the first character of the
            // input that has no place in a consent string, named, when it has one (the decoders stop at the first).
            text += unexpectedCharacterHint(in: input)
        }
        return text
    }

    /// What an input that is no consent string looked like (the field of ConsentKit's detection error).
    private static func unknownFormat(_ error: ConsentError, input: String) -> String {
        let kinds = "a TC string (C… or B…), GPP string (D…), US Privacy string (1YNN) or AC string (2~…)"
        switch error.field.description {
        case "whitespace":
            return "the input starts or ends with white space at character \(error.characterOffset ?? 0)"
        case "base64url":
            let isBase64URL = input.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
            // `bad!` or `hello world` is no base64url text: say only what its first character is not.
            return (isBase64URL ? "base64url text, but not " : "not ")
                + "\(kinds): its first character begins none of them" + unexpectedCharacterHint(in: input)
        case "tcfeuv2", "uspv1":
            // `diff --kind tcf` (or usp) of a GPP string, which stands for its section 2 (or 6).
            let carried = error.format.map { ": no \(Explanation.title($0)) in it" } ?? ""
            return "a GPP string without a \(error.field) section\(carried)"
        default:
            if let format = error.format { return "not \(Explanation.title(format).lowercasedArticle)" }
            return "not \(kinds)" + unexpectedCharacterHint(in: input)
        }
    }

    /// For an input holding a character that has no place in a consent string and that a reader does not see for
    /// what it is: one a terminal does not show (a control character such as the escape of a colour code copied from
    /// a log, a byte order mark between two files joined, a no-break or zero-width space from a web page), or one
    /// outside ASCII (the `…` of a string shortened for display, a dash or quote an editor put in, a letter of
    /// another alphabet that looks like a Latin one): the first one, where it is and what it likely is.
    private static func unexpectedCharacterHint(in input: String) -> String {
        var position = 0
        for scalar in input.unicodeScalars {
            defer { position += scalar.utf8.count }
            guard let what = likelyOrigin(of: scalar) else { continue }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            // Shown when it shows: not a space, a control or an invisible format character.
            let shown =
                scalar.value > 0xA0 && !scalar.properties.isWhitespace && scalar.properties.generalCategory != .format
            return "; it holds \(name)\(shown ? " '\(Character(scalar))'" : "") at character \(position) (\(what))"
        }
        return ""
    }

    /// What a character unexpected in a consent string likely is, or nil for one that may be in some kind of them
    /// (printable ASCII; a decoder names those by themselves).
    private static func likelyOrigin(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x1B: "the start of a terminal's colour code"
        case 0x0A: "a line break: was the string broken across lines?"
        case 0x09: "a tab"
        case 0..<0x20, 0x7F: "a control character, which a terminal does not show"
        case 0x20..<0x7F: nil
        case 0xA0: "a no-break space"
        case 0x200B: "a zero-width space"
        case 0x200C, 0x200D, 0x2060: "a zero-width joiner or non-joiner"
        case 0xFEFF: "a byte order mark, as where two files were joined"
        case 0x2026: "an ellipsis: the string was shortened for display; copy it whole"
        case 0x2010...0x2015, 0x2212: "a dash an editor put in for '-'"
        case 0x2018, 0x2019, 0x201C, 0x201D: "a typographic quote an editor put in"
        case 0x0370..<0x0530: "a Greek or Cyrillic letter, which looks like a Latin one"
        default: "outside ASCII, which consent strings are written in"
        }
    }

    private static func printable(_ value: Int64) -> String? {
        guard value >= 0x20 && value < 0x7F, let scalar = UnicodeScalar(UInt32(value)) else { return nil }
        return String(Character(scalar))
    }
}

extension String {
    /// `a TC string`, `an Additional Consent string`.
    fileprivate var lowercasedArticle: String {
        // `US` is said as letters, "you-ess": a US Privacy string.
        let vowel = !hasPrefix("US") && (first.map { "AEIOU".contains($0) } ?? false)
        return (vowel ? "an " : "a ") + self
    }
}
