import ConsentKit

/// The options of the commands, parsed by one loop: each command says which it accepts, and gets usage errors
/// (with "did you mean") for the rest.
struct CommandOptions {
    /// An option a command may accept.
    enum Option: CaseIterable {
        /// `-j`, `--json`.
        case json
        /// `-k`, `--kind <kind>`.
        case kind
        /// `--gvl <file>`.
        case vendorList
        /// `-f`, `--format <format>`.
        case format
        /// `--no-cache`.
        case noCache
        /// `--strict`.
        case strict
        /// `--cmp-sdk-id <id>` of `keys`.
        case cmpSdkID
        /// `--cmp-sdk-version <version>` of `keys`.
        case cmpSdkVersion
        /// `--vendor <id>` of `stats`, repeatable.
        case vendor
        /// `--field <path>` of `decode`, repeatable.
        case field
        /// `--defaults` of `encode`.
        case defaults

        /// The spellings on the command line, long first.
        var spellings: [String] {
            switch self {
            case .json: ["--json", "-j"]
            case .kind: ["--kind", "-k"]
            case .vendorList: ["--gvl"]
            case .format: ["--format", "-f"]
            case .noCache: ["--no-cache"]
            case .strict: ["--strict"]
            case .cmpSdkID: ["--cmp-sdk-id"]
            case .cmpSdkVersion: ["--cmp-sdk-version"]
            case .vendor: ["--vendor"]
            case .field: ["--field"]
            case .defaults: ["--defaults"]
            }
        }
    }

    /// `--json`: the JSON form instead of text for people.
    var json = false
    /// `--kind`: decode bare strings as this kind; keep only strings of this kind from other inputs.
    var kind: ConsentFormat?
    /// `--gvl`: a Global Vendor List for vendor names.
    var vendorListPath: String?
    /// False with `--no-cache`: `decode --json` decodes every line of standard input again, repeats included.
    var cache = true
    /// `--format` of `keys`.
    var format = PreferencesWriter.Format.json
    /// `--strict`: strings are decoded with ``DecodingOptions/strict`` (an error-level lint finding fails them).
    var strict = false
    /// `--cmp-sdk-id` of `keys`: the CMP SDK's registered id (`IABTCF_CmpSdkID`), which only the CMP knows.
    var cmpSdkID: Int?
    /// `--cmp-sdk-version` of `keys`: the CMP SDK's version (`IABTCF_CmpSdkVersion`).
    var cmpSdkVersion: Int?
    /// `--vendor` of `stats` (repeatable): the vendors whose consents it reports one by one.
    var vendors: [Int] = []
    /// `--field` of `decode` (repeatable): print these members of each string's JSON form, one line a string.
    var fields: [FieldPath] = []
    /// `--defaults` of `encode`: members a document leaves out take their defaults (``DefaultMembers``).
    var defaults = false
    /// `--color auto|always|never` (`--no-color` = never); every command accepts it.
    var color = ColorChoice.auto
    /// The operands; a lone `-` (standard input) becomes none.
    var operands: [String] = []

    /// Parses `arguments`, accepting `options` besides `--color` and `--no-color`.
    /// - Throws: a usage error for an unknown option, a missing or bad value, or a value given to a flag.
    init(_ arguments: [String], accepting options: [Option]) throws(UsageError) {
        var cursor = ArgumentCursor(arguments)
        while let element = cursor.next() {
            switch element {
            case .operand(let operand):
                operands.append(operand)
            case .option(let name, let inline):
                switch (name, options.first { $0.spellings.contains(name) }) {
                case ("--color", _):
                    color = try ColorChoice(argument: cursor.value(of: name, inline: inline))
                case ("--no-color", _):
                    try cursor.flag(name, inline: inline)
                    color = .never
                case (_, .json?):
                    try cursor.flag(name, inline: inline)
                    json = true
                case (_, .kind?):
                    kind = try Self.kind(cursor.value(of: name, inline: inline))
                case (_, .vendorList?):
                    vendorListPath = try cursor.value(of: name, inline: inline)
                case (_, .format?):
                    format = try PreferencesWriter.Format(argument: cursor.value(of: name, inline: inline))
                case (_, .noCache?):
                    try cursor.flag(name, inline: inline)
                    cache = false
                case (_, .strict?):
                    try cursor.flag(name, inline: inline)
                    strict = true
                case (_, .cmpSdkID?):
                    cmpSdkID = try Self.twelveBitNumber(cursor.value(of: name, inline: inline), option: name)
                case (_, .cmpSdkVersion?):
                    cmpSdkVersion = try Self.twelveBitNumber(cursor.value(of: name, inline: inline), option: name)
                case (_, .vendor?):
                    // A vendor asked twice is reported once.
                    let vendor = try Self.vendorID(cursor.value(of: name, inline: inline), option: name)
                    if !vendors.contains(vendor) { vendors.append(vendor) }
                case (_, .field?):
                    fields.append(try FieldPath(cursor.value(of: name, inline: inline)))
                case (_, .defaults?):
                    try cursor.flag(name, inline: inline)
                    defaults = true
                default:
                    let known = options.compactMap(\.spellings.first) + ["--color", "--no-color", "--help"]
                    throw .unknownOption(name, known: known)
                }
            }
        }
        if operands == ["-"] { operands = [] }
    }

    /// Parses a `--kind` value.
    static func kind(_ text: String) throws(UsageError) -> ConsentFormat {
        guard let kind = ConsentFormat(rawValue: text.lowercased()) else {
            throw UsageError("'--kind' must be tcf, gpp, usp or ac, not '\(text)'")
        }
        return kind
    }

    /// A vendor id given to `option`.
    static func vendorID(_ text: String, option: String) throws(UsageError) -> Int {
        guard let number = Int(text), (1...IDSet.maximumID).contains(number) else {
            throw UsageError("'\(option)' must be a vendor id from 1 to 65535, not '\(text)'")
        }
        return number
    }

    /// Parses the value of a `keys` option that names what a TC string holds in 12 bits (CmpId, CmpVersion).
    static func twelveBitNumber(_ text: String, option: String) throws(UsageError) -> Int {
        guard let number = Int(text), (0...4095).contains(number) else {
            throw UsageError("'\(option)' must be a number from 0 to 4095, not '\(text)'")
        }
        return number
    }

    /// The style for `output` under the colour choice.
    func style(for output: Output, io: CommandIO) -> Style {
        Style(isEnabled: color.isEnabled(for: output, environment: io.environment))
    }

    /// Reports failing inputs on standard error, or as JSON error objects with `--json`.
    func reporter(io: CommandIO) -> FailureReporter {
        FailureReporter(io: io, json: json, style: style(for: io.error, io: io))
    }
}

/// Prints a problem met before any input was read (an unreadable `--gvl` file) the way usage errors are printed,
/// and returns the usage exit status.
func reportSetupError(_ message: String, io: CommandIO) -> ExitCode {
    io.error.writeLine("Error: " + message)
    return .usage
}
