import ConsentInput
import ConsentKit

/// `consent keys [--format json|plist|android-xml] [--cmp-sdk-id N] [--cmp-sdk-version N] INPUT...`: the in-app keys
/// a CMP would store for the strings of all inputs together.
struct KeysCommand: Command {
    static let name = "keys"
    static let abstract = "Print the in-app keys (IABTCF_*, IABGPP_*, IABUSPrivacy_String) a CMP would store"
    static let usage = HelpText.keysUsage
    static let help = HelpText.keys

    /// The parsed options and inputs (no input: standard input).
    let options: CommandOptions

    init(arguments: [String]) throws(UsageError) {
        options = try CommandOptions(arguments, accepting: [.format, .kind, .cmpSdkID, .cmpSdkVersion])
    }

    func run(io: CommandIO) -> ExitCode {
        let reporter = options.reporter(io: io)
        var failed = false
        // An app stores one string of a kind, and one value of each flag: the first input's, so that what is kept
        // of a stream of inputs is four strings and two flags, whatever its length.
        var strings = FirstOfEachKind()
        var gdprApplies: Bool?
        var gppSID: [Int]?
        // The keys a later flag was warned about.
        var conflictingKeys: Set<String> = []
        // True once an input gave section ids, usable or not: the note that none was given is then not true.
        var sectionIDsGiven = false
        InputStream(arguments: options.operands, io: io).forEach { extraction, input in
            switch extraction.result {
            case .failure(let error):
                failed = true
                reporter.report(error, input: input, label: extraction.label)
            case .success(let extracted):
                // A flag that cannot be read says nothing: the key it would set is left as without it.
                func unreadable(_ flag: ExtractedInput.Flag, _ code: String, _ consequence: String) {
                    let message = "\(flag.source) is '\(flag.text)': \(consequence)"
                    reporter.note(
                        Diagnostic(.warning, code: code, field: flag.source, message: message),
                        label: extraction.label
                    )
                }
                // A later input whose flag says otherwise is reported, as a second string of a kind is.
                // Once a key: a stream of a million inputs does not warn a million times (as repeatedKind).
                func conflicting(_ flag: ExtractedInput.Flag, _ key: String) {
                    guard conflictingKeys.insert(key).inserted else { return }
                    let message =
                        "\(flag.source) is '\(flag.text)' here, unlike an earlier one: \(key) keeps the first"
                    reporter.note(
                        Diagnostic(.warning, code: "conflictingFlag", field: flag.source, message: message),
                        label: extraction.label
                    )
                }
                if let flag = extracted.gdprApplies {
                    if let applies = flag.isSet {
                        if gdprApplies == nil {
                            gdprApplies = applies
                        } else if gdprApplies != applies {
                            conflicting(flag, "IABTCF_gdprApplies")
                        }
                    } else {
                        let outcome = gdprApplies == nil ? "is left unset" : "keeps the earlier value"
                        unreadable(flag, "badGdprFlag", "neither 0 nor 1, IABTCF_gdprApplies \(outcome)")
                    }
                }
                if let flag = extracted.gppSectionIDs {
                    sectionIDsGiven = true
                    let outcome = gppSID == nil ? "is left unset" : "keeps the earlier value"
                    switch CrossChecks.sectionIDs(flag.text) {
                    case nil:
                        unreadable(flag, "badSectionIDs", "not section ids, IABGPP_GppSID \(outcome)")
                    case let ids? where ids.isEmpty:
                        // An empty `gpp_sid=` names no section; an empty key would be a placeholder (§0).
                        unreadable(flag, "emptyParameter", "no section ids, IABGPP_GppSID \(outcome)")
                    case let ids?:
                        if gppSID == nil {
                            gppSID = ids
                        } else if gppSID?.sorted() != ids.sorted() {
                            conflicting(flag, "IABGPP_GppSID")
                        }
                    }
                }
                let decoded = DecodedInput(label: extraction.label, input: extracted, kind: options.kind)
                // The same warning as decode's when gpp_sid names a section the string does not carry: the key
                // is written as given, but says something the string cannot back.
                for finding in CrossChecks.diagnostics(for: decoded) where finding.code == "gppSIDNotInString" {
                    reporter.note(finding, label: extraction.label)
                }
                for item in decoded.items {
                    switch item.result {
                    case .success(let decoded): strings.add(decoded)
                    case .failure(let error):
                        failed = true
                        reporter.report(
                            error,
                            input: item.signal.text,
                            label: extraction.label,
                            source: item.signal.source
                        )
                    }
                }
            }
        }
        if failed { return .failure }
        // A gdpr flag alone is keys enough: a CMP outside the GDPR stores IABTCF_gdprApplies = 0 and no TC string
        // (inapp-keys.md §1).
        guard !strings.kept.isEmpty || gdprApplies != nil else {
            reporter.report(InputError("empty", "no consent string in the input"), input: "", label: "keys")
            return .failure
        }
        for diagnostic in strings.repeatedKinds { reporter.note(diagnostic, label: "keys") }
        if gppSID == nil, !sectionIDsGiven, strings.kept.contains(where: { $0.kind == .gpp }) {
            reporter.note(KeysCommand.sectionIDsUnknown, label: "keys")
        }
        do {
            let keys = try Codec.keys(
                strings.kept,
                gdprApplies: gdprApplies,
                gppSID: gppSID,
                cmpSdkID: options.cmpSdkID,
                cmpSdkVersion: options.cmpSdkVersion
            )
            for finding in keys.findings { reporter.note(finding, label: "keys") }
            let entries = keys.keys.compactMap { key in
                keys[key].map { value in
                    switch value {
                    case .integer(let number): PreferencesWriter.Entry(key: key, value: .integer(number))
                    case .string(let text): PreferencesWriter.Entry(key: key, value: .string(text))
                    case .boolean(let flag): PreferencesWriter.Entry(key: key, value: .boolean(flag))
                    }
                }
            }
            io.output.write(PreferencesWriter.document(entries, format: options.format))
            return .success
        } catch {
            reporter.report(error, input: "", label: "keys", source: nil)
            return .failure
        }
    }

    /// The note for a GPP string without `gpp_sid`: `IABGPP_GppSID` holds the sections in force, which only the CMP
    /// knows (inapp-keys.md §2 note 5: they differ from `IABGPP_HDR_Sections`), so it is not written.
    static let sectionIDsUnknown = Diagnostic(
        .info,
        code: "gppSIDNotWritten",
        field: "IABGPP_GppSID",
        message: "no gpp_sid given: IABGPP_GppSID (the sections in force, which only the CMP knows) is not written"
    )

    /// The first string of each kind, which the keys are made of, and a warning for each kind given again with a
    /// different string.
    struct FirstOfEachKind {
        /// The first string of each kind, in the order they came.
        private(set) var kept: [DecodedString] = []
        /// One warning for each kind that came again with a different string.
        private(set) var repeatedKinds: [Diagnostic] = []
        /// The kinds warned about.
        private var warned: Set<ConsentFormat> = []

        /// Keeps `decoded` when it is the first of its kind; notes it when it differs from the first.
        mutating func add(_ decoded: DecodedString) {
            guard let first = kept.first(where: { $0.kind == decoded.kind }) else {
                kept.append(decoded)
                return
            }
            guard let text = Self.text(of: decoded), let firstText = Self.text(of: first), text != firstText,
                warned.insert(decoded.kind).inserted
            else { return }
            repeatedKinds.append(
                Diagnostic(
                    .warning,
                    code: "repeatedKind",
                    message:
                        "more than one \(decoded.kind.rawValue) string; the keys are those of the first, \(firstText)"
                )
            )
        }

        /// The string as it was given.
        private static func text(of decoded: DecodedString) -> String? {
            decoded.json["encoding"]?["original"]?.stringValue ?? decoded.json["encoding"]?["text"]?.stringValue
        }
    }
}
