/// Every help text of `consent`, in one place so that they read as one document. Shaped like
/// swift-argument-parser's help: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then EXAMPLES.
enum HelpText {
    /// The COMMANDS lines of `consent --help`: each command's name and abstract, then `help`.
    static var commandList: String {
        let rows =
            CLI.commands.map { ($0.name, $0.abstract) } + [("help", "Show the help of a command: consent help decode")]
        return rows.map { name, abstract in
            "  " + name + String(repeating: " ", count: Swift.max(1, 10 - name.count)) + abstract
        }.joined(separator: "\n")
    }

    /// `consent --help`.
    static let main = """
        OVERVIEW: Decode, check and encode the consent strings of online advertising: IAB TCF TC strings
        (v2, and legacy v1.1), IAB GPP strings (every section), US Privacy strings and Google Additional
        Consent strings.

        \(mainUsage)
        COMMANDS:
        \(commandList)

        OPTIONS:
          --color <when>    Colour the output: auto (on a terminal, unless NO_COLOR is set), always, never.
          --version         Print the version.
          -h, --help        Show help (also: consent <command> --help).

        \(inputs)
        EXIT STATUS:
          0    success
          1    an input failed: it did not decode or encode, or lint found an error-level diagnostic
          64   usage error: an unknown option, a missing or bad value (--kind, a --gvl file that cannot be read)
          74   standard output could not be written (a full disk); a closed pipe (| head) is not an error

        EXAMPLES:
          consent CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA
          consent decode 'https://example.com/ad?gdpr=1&gdpr_consent=CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA&gpp=DBABTA~1YNN&gpp_sid=6'
          consent decode --json < strings.txt | jq .vendorConsents
          consent decode --json 1YNN | consent encode
          consent lint @bid-request.json
          consent explain DBABLA~CVVVkkkkkpFY.YA

        """

    /// The usage lines of `consent` itself.
    static let mainUsage = """
        USAGE: consent <command> [<options>] [<input> ...]
               consent <input> ...          (the same as consent decode <input> ...)
               ... | consent                (the same as consent decode: reads standard input)

        """

    /// What an INPUT can be; shared by the commands that read inputs.
    static let inputs = """
        INPUTS:
          An <input> is any of:
            a string         a TC string (C..., B...), GPP string (DB...), US Privacy string (1YNN) or
                             Additional Consent string (2~1.35~dv.9); the kind is detected
            a URL or query   its gdpr, gdpr_consent, gpp, gpp_sid, us_privacy and addtl_consent parameters,
                             percent-decoded, each decoded and checked against the others; parameters
                             after the # are read too, &amp; (a URL copied out of HTML) as &, a line of
                             an access log by the URL in it, and a user-sync or redirect URL without any
                             by the URL it carries percent-encoded (redir=https%3A%2F%2F...)
            cookies          a Cookie: header, document.cookie, a Set-Cookie: line, a line of a cookie
                             file (curl -c) or a row of a browser's cookie table: euconsent-v2, euconsent,
                             __gpp, usprivacy and addtl_consent, and any other cookie whose value decodes
                             as a consent string (a CMP's own)
            a curl command   a request copied as cURL from a browser: its URL parameters, its OpenRTB or
                             form body, and its consent cookies, each read as above; copied as fetch
                             (fetch("...", {...})) or as PowerShell (Invoke-WebRequest) is read the same
            an HTTP request  a request line (GET /px?gdpr=1 HTTP/1.1) or HTTP/2 pseudo-headers, headers,
                             a blank line and the body, as a proxy copies it: read as a curl command is
            a bid request    OpenRTB 2.5/2.6 JSON: regs.gdpr, user.consent, regs.gpp, regs.gpp_sid,
                             regs.us_privacy (or their 2.5 places: regs.ext.*, user.ext.consent),
                             user.ext.ConsentedProvidersSettings.consented_providers
            CMP API data     what a CMP's JavaScript API returns: __tcfapi's TCData (tcString,
                             gdprApplies, addtlConsent), __gpp's (gppString, applicableSections),
                             __uspapi's (uspString); as JSON, or as JavaScript prints it (Node's
                             console.log, a browser console's {tcString: 'CQ...', …} or Object {...})
            a log record     a JSON object (a line of a JSON log) that holds one of the above in its
                             members: a bid request as an object or as JSON text in a string, a URL or
                             a request line, cookies (a member named *cookie*), or consent parameters
                             as members ("gdpr_consent": "CQ...", "gpp_sid": [2]; or as Prebid.js and
                             the CMP APIs name them: gdprConsent.consentString, uspConsent,
                             gppConsent.gppString, tcString, applicableSections), up to six objects
                             deep (arrays are not entered)
            @FILE            a file holding one of the above (a text file, JSON Lines too: one per line),
                             or app preferences with IABTCF_*, IABGPP_* and IABUSPrivacy_String keys: an
                             iOS plist (XML, binary, or the text `defaults read` or `plutil -p`
                             prints), Android shared-preferences XML, or JSON; or a HAR file (the
                             network log a browser's developer tools save): each request's URL
                             parameters, OpenRTB or form body, and consent cookies; or curl commands
                             ("Copy all as cURL"), fetch calls, PowerShell commands or pretty-printed
                             documents (jq . of JSON Lines), each over as many lines as it takes; or
                             one HTTP request
          Any of them but @FILE written as a JSON string, in double quotes ("CQ..."), is read as what the
          quotes hold. A line copied out of a dump, a name and its value (tcString: 'CQ...',
          IABTCF_TCString = CQ...;, "IABUSPrivacy_String" => "1YNN"), is read by its name, as JSON is.
          With no <input>, inputs are read from standard input, one per line, and streamed (a line is
          never read as @FILE); a curl command, fetch call or PowerShell command over several lines is one,
          and so is a document whose first line is its { alone (pretty-printed JSON as jq . or a browser's
          "Copy object" gives it, preferences as defaults read prints them), or app preferences as XML
          (adb shell cat .../shared_prefs/NAME.xml, plutil -convert xml1 -o - NAME.plist), up to the line
          that closes it. @- reads standard input whole, as a file (an HTTP request pasted through a pipe).
          A file is read whole (up to 256 MiB), then a text file a line at a time; its text is UTF-8, or
          UTF-16 with a byte order mark (PowerShell's >); a compressed file is refused. Blank lines, and
          lines that start with # (notes, a W3C log's #Fields: header), are no inputs.

        """

    // MARK: - decode

    static let decodeUsage = """
        USAGE: consent decode [--json] [--kind <kind>] [--strict] [--field <path> ...] [--gvl <file>] [--no-cache]
                              [--color <when>] [<input> ...]

        """

    static let decode = """
        OVERVIEW: Decode consent strings: as a tree for people, or as JSON for programs.

        \(decodeUsage)
        ARGUMENTS:
          <input>               A string, URL, cookies, bid request or @FILE (see INPUTS). None, or -:
                                read standard input, one input per line (a - among other inputs reads it
                                there).

        OPTIONS:
          -j, --json            Print the JSON form (one object per line: JSON Lines). A string that does
                                not decode prints {"type":"error","input":...,"error":{"code":...}} instead.
          -k, --kind <kind>     Decode bare strings as tcf, gpp, usp or ac instead of detecting the kind;
                                from URLs, bid requests and preferences keep only strings of that kind.
          --strict              A string with an error-level lint finding (consent lint) fails to decode, with
                                code policyViolation and the finding's words (in JSON, its code as "rule");
                                so do, with badValue, what a strict decoder must refuse
                                though lint only warns of it: a TC segment of unknown type or given twice
                                (tcf.md §3), an AC id written with leading zeros.
          --field <path>        Print only this member of each string's JSON form, one line a string
                                (repeat it for more, separated by tabs; with --json, a JSON array): keys
                                separated by dots, a number for an item of a list (cmpId,
                                publisherRestrictions.0.vendorIds, or [0] as lint and diff write it); a
                                GPP section by its prefix or id (usnat.saleOptOut). Text as it is,
                                anything else as JSON, null if absent. @input, @label and @source print
                                the input the string came from, its name in messages and where in it the
                                string was (gdpr_consent, user.ext.consent), to join a line to its input.
                                A string that fails still has its line: @ members only, the others empty
                                (its error goes to standard error; with --json, the error object).
          --gvl <file>          A Global Vendor List (vendor-list.json, format v2 or v3): print vendor names.
          --no-cache            Decode every line of standard input, even a repeat. By default --json prints
                                a repeated string from a cache of the last 10,000 distinct ones (at most
                                64 MiB): the same output, several times faster on a log of ad requests.
          --color <when>        auto (default: on a terminal, unless NO_COLOR is set), always or never.
          -h, --help            Show this help.

        \(inputs)
        OUTPUT:
          Without --json: for each string its kind, then every field with what it means: purpose and
          special feature names, GPP and US Privacy value meanings (2 = did not opt out), id lists folded
          into runs (1-5, 8, 10-12 (9 vendors)), publisher restrictions as a table. Then the checks that
          compare the strings of one input (gpp_sid against the GPP header, gdpr=1 without a TC string).
          Errors go to standard error, one line per failing string: its code, field and bit offset.
          With --json, the checks go to standard error, one line each with its severity. A check does not
          change the exit status, whatever its severity: consent lint is the command that fails on them.

        EXIT STATUS:
          0 every input decoded, 1 some input did not, 64 usage error, 74 output could not be written.

        EXAMPLES:
          Decode a TC string:
            consent decode CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA
          Decode every consent parameter of a URL (quote it for the shell):
            consent decode 'https://ads.example/bid?gdpr=1&gdpr_consent=CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA&us_privacy=1YNN'
          Decode a bid request, or the preferences of an app:
            consent decode @bid-request.json
            consent decode @com.example.app_preferences.xml
          A million strings, one per line, to JSON Lines:
            consent decode --json < strings.txt > decoded.jsonl
          The CMP id and the vendor consents of each string, tab-separated:
            consent decode --field cmpId --field vendorConsents < strings.txt
          Whether a GPP string's user opted out of sale:
            consent decode --field usnat.saleOptOut DBABLA~BVVVVVVVVWA.YA
          With vendor names:
            consent decode --gvl vendor-list.json CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA

        """

    // MARK: - encode

    static let encodeUsage = """
        USAGE: consent encode [--defaults] [<json> | @FILE | -] ...

        """

    static let encode = """
        OVERVIEW: Turn the JSON form (the output of consent decode --json) back into the consent string.

        \(encodeUsage)
        ARGUMENTS:
          <json>                A JSON document (quote it for the shell). @FILE: the documents of a file.
                                None, or -: read standard input. A file or standard input may hold several
                                documents (JSON Lines, or pretty-printed objects one after another).

        OPTIONS:
          --defaults            Members a document leaves out take their defaults, so it names only what it
                                sets: 0, false, empty sets, the current Version, no optional subsection, and
                                of the optional TC segments only the disclosed vendors one TCF 2.3 requires,
                                listing the vendors the document names (consents and legitimate interests);
                                but a TC string is service-specific, of policy version 5, in English (EN),
                                a US section's mspaCoveredTransaction is 1 (yes) and a US Privacy letter is
                                - (not applicable). A GPP document's sectionIds are those of its sections.
          -h, --help            Show this help.

        The "type" member picks the kind (tcf, gpp, usp, ac). With the "encoding" member that decode --json
        prints, the original string comes back byte for byte; without it (a document written by hand), the
        canonical form is written. A TC string holds its timestamps in deciseconds: milliseconds are rounded
        to the nearest (.050 to .100), as iabtcf-es rounds them. A bad document prints an error naming the JSON
        path, and exit status 1.
        Documents of up to 256 MiB are read: the JSON decode prints for a TC string is at most about 74 MB.

        EXIT STATUS:
          0 every document encoded, 1 some did not, 64 usage error, 74 output could not be written.

        EXAMPLES:
          consent encode '{"type":"usp","version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"}'
          consent decode --json CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA | consent encode
          consent decode --json < strings.txt |
            jq -c 'if .type == "tcf" then .cmpId = 300 else . end' | consent encode
          consent encode --defaults '{"type":"tcf","cmpId":10,"purposeConsents":[1],"vendorConsents":[755]}'
          consent encode --defaults '{"type":"gpp","sections":{"usnat":{"saleOptOut":1,"gpc":true}}}'

        """

    // MARK: - lint

    static let lintUsage = """
        USAGE: consent lint [--json] [--kind <kind>] [--color <when>] [<input> ...]

        """

    static let lint = """
        OVERVIEW: Check consent strings against their specifications and the TCF, GPP and MSPA policies, and the
        strings of one input against each other.

        \(lintUsage)
        ARGUMENTS:
          <input>               A string, URL, cookies, bid request or @FILE (see consent help decode).
                                None, or -: read standard input, one input per line (a - among other
                                inputs reads it there).

        OPTIONS:
          -j, --json            One JSON object per input: {"type":"lint","input":...,"errors":N,
                                "warnings":N,"diagnostics":[...]}, each diagnostic {"severity","code",
                                "field","message"} ("field" empty when the finding is about the whole
                                string), and "source" (the parameter or member) for a string taken from a
                                URL, bid request or other input.
          -k, --kind <kind>     Decode bare strings as tcf, gpp, usp or ac instead of detecting the kind;
                                from URLs, bid requests and preferences keep only strings of that kind.
          --color <when>        auto (default), always or never.
          -h, --help            Show this help.

        Each diagnostic has a severity: error (the string breaks a rule; receivers may reject it), warning
        (legal but suspicious or outdated) or info. Cross-signal checks compare gpp_sid with the GPP header,
        the gdpr flag with the presence of a TC string, the TC string in GPP section 2 with the standalone one,
        and the US Privacy string with GPP section 6. App preferences are compared with the keys their strings
        imply (a missing per-field GPP key, whose name is unconfirmed, is only a note), and what a CMP API
        returned (TCData) with its TC string: cmpId, cmpVersion, tcfPolicyVersion, the flags, publisherCC and
        every purpose, vendor and special feature the object lists.

        EXIT STATUS:
          0 no error-level diagnostic, 1 an error-level diagnostic or an input that did not decode, 64 usage,
          74 output could not be written.

        EXAMPLES:
          consent lint CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA
          consent lint 'gdpr=1&gpp=DBABLA~CVVVkkkkkpFY.YA&gpp_sid=7,8'
          consent lint --json < strings.txt | jq 'select(.diagnostics | length > 0)'

        """

    // MARK: - diff

    static let diffUsage = """
        USAGE: consent diff [--json] [--kind <kind>] [--color <when>] <first> <second>

        """

    static let diff = """
        OVERVIEW: Show how two strings differ in what they say, field by field (for a set of ids, the ids only
        one of them has; publisher restrictions paired by purpose and type), then in how they were written: bit
        field or ranges, padding, the order of segments, and the like.

        \(diffUsage)
        ARGUMENTS:
          <first>, <second>     Each a string, URL, bid request or @FILE holding one string (see consent help
                                decode); with --kind, the one string of that kind.

        OPTIONS:
          -j, --json            One JSON object: {"type":"diff","same","sameText","differences",
                                "encodingDifferences"}, each difference {"path","first","second"} (a side
                                left out where that string has no such member), and for sets "onlyInFirst"
                                and "onlyInSecond".
          -k, --kind <kind>     Read bare strings as tcf, gpp, usp or ac; take that kind's string from a URL.
                                With tcf or usp, a GPP string stands for its section 2 (tcfeuv2) or 6
                                (uspv1): the TC or US Privacy string it carries (a URL's gpp= too, when
                                the URL has no string of that kind).
          --color <when>        auto (default), always or never.
          -h, --help            Show this help.

        Values are compared as consent decode --json prints them, without "encoding"; the ways of writing are
        compared as "encoding" records them (see the README), without the texts themselves, publisher
        restrictions in the order they were written.

        EXIT STATUS:
          0 the strings say the same (even written differently), 1 they differ or one does not decode, 64 usage,
          74 output could not be written.

        EXAMPLES:
          consent diff 1YNN 1YYN
          consent diff COvzTO5OvzTO5BRAAAENAPCoALIAADgAAAAAAewAwABAAlAB6ABBFAAA COvzTO5OvzTO5BRAAAENAPCoALIAADgAAAAAAekAAAAAIAAAIAEEUAA
          consent diff --json --kind tcf @bid-request.json CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA

        """

    // MARK: - stats

    static let statsUsage = """
        USAGE: consent stats [--json] [--kind <kind>] [--vendor <id> ...] [--color <when>] [<input> ...]

        """

    static let stats = """
        OVERVIEW: Count what many consent strings say: how many of each kind, why the others failed, how
        many give consent to each purpose and vendor, which GPP sections they carry and who opted out.

        \(statsUsage)
        ARGUMENTS:
          <input>               A string, URL, cookies, bid request or @FILE (see consent help decode).
                                None, or -: read standard input, one input per line, in memory that does not
                                grow with the input (a - among other inputs reads it there).

        OPTIONS:
          -j, --json            One JSON object with every count: {"type":"stats","inputs","unreadableInputs",
                                "checks","strings","decoded","failed","failures","kinds","tcf","gpp","usp",
                                "ac"}; "unreadableInputs" counts the inputs that held no string by error code,
                                "checks" what decode's checks say of the inputs by code (gdprWithoutTCString,
                                emptyParameter, unexpandedMacro, ...), "tcf" has every vendor's consents and
                                legitimate interests, "ac" every provider's.
          -k, --kind <kind>     Decode bare strings as tcf, gpp, usp or ac instead of detecting the kind.
          --vendor <id>         Also show this vendor's consents and legitimate interests (repeatable).
          --color <when>        auto (default), always or never.
          -h, --help            Show this help.

        An input is an argument, a line or a request (a curl command, an HTTP request, a HAR entry: one input
        however many of its URL, body and cookies carry strings). TC strings are counted wherever they are:
        standalone and as GPP section 2 (v1.1 strings are counted apart, as "legacy", not read further), and
        so are US Privacy strings, as GPP section 6 ("inGPP" counts the ones found in GPP strings). A GPP
        section's opt-outs count the strings whose field is 1 (opted out); GPC counts the GPC subsections that
        say true, n/a where the section's layout has none. Percentages are of the strings of that kind (or that
        section). A string that does not decode is counted under its error code and does not change the exit
        status.

        EXIT STATUS:
          0 the counts were printed (whatever the strings held), 1 an input file could not be read, 64 usage,
          74 output could not be written.

        EXAMPLES:
          consent stats < strings.txt
          consent stats --vendor 755 --vendor 793 < tc-strings.txt
          consent stats --json < bid-requests.jsonl | jq .tcf.vendorConsents

        """

    // MARK: - explain

    static let explainUsage = """
        USAGE: consent explain [--json] [--kind <kind>] [--strict] [--color <when>] [<input> ...]

        """

    static let explain = """
        OVERVIEW: Show every field of a string with its bit offset, width, raw bits and value, segment by
        segment: the view to read when two decoders disagree about a string.

        \(explainUsage)
        ARGUMENTS:
          <input>               A string, URL, cookies, bid request or @FILE (see consent help decode). None,
                                or -: read standard input, one input per line.

        OPTIONS:
          -j, --json            One JSON object per field: {"input","segment","field","bitOffset","width",
                                "bits","value"}, input the string it is a field of.
          -k, --kind <kind>     Read bare strings as tcf, gpp, usp or ac instead of detecting the kind.
          --strict              Judge each string as consent decode --strict does.
          --color <when>        auto (default), always or never.
          -h, --help            Show this help.

        Bit offsets count from the start of each segment (the part between two dots, or a GPP section), as the
        specifications count them. Padding after the last field is shown as (padding). US Privacy and Additional
        Consent strings are text, not bits: their fields carry "characterOffset" (from the start of the string)
        in place of "bitOffset", a width in characters, and the characters as "bits".

        A string that does not decode shows the fields that could be read, then the error that consent decode
        prints for it (with --json, its error object), and the exit status is 1; so does an input that holds no
        string to explain (gdpr=1 alone).

        EXAMPLES:
          consent explain CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA
          consent explain DBABLA~CVVVkkkkkpFY.YA

        """

    // MARK: - keys

    static let keysUsage = """
        USAGE: consent keys [--format json|plist|android-xml] [--cmp-sdk-id <id>] [--cmp-sdk-version <n>]
                            [--kind <kind>] [--color <when>] [<input> ...]

        """

    static let keys = """
        OVERVIEW: Print the in-app keys a CMP would store for these strings (IABTCF_*, IABGPP_*,
        IABUSPrivacy_String, IABTCF_AddtlConsent), as the IAB CMP API specifications define them.

        \(keysUsage)
        ARGUMENTS:
          <input>               Strings, a URL, a bid request or @FILE (see consent help decode); the strings
                                of all inputs together make one set of keys. None, or -: read standard input,
                                one input per line. An app stores one string of a kind and one value of
                                each flag: the first input's, with a warning for a later one that says
                                otherwise. An input that does not decode fails the run: no keys are printed.

        OPTIONS:
          --format <format>     json (default), plist (iOS, XML property list) or android-xml (a
                                shared-preferences file).
          --cmp-sdk-id <id>     The CMP SDK's registered id, written as IABTCF_CmpSdkID (and
                                IABGPP_TCFEU2_CmpSdkID with a GPP tcfeuv2 section).
          --cmp-sdk-version <n> The CMP SDK's version, written as IABTCF_CmpSdkVersion (and
                                IABGPP_TCFEU2_CmpSdkVersion).
          -k, --kind <kind>     Read bare strings as tcf, gpp, usp or ac; from URLs, bid requests and
                                preferences keep only strings of that kind.
          --color <when>        auto (default), always or never (for the messages).
          -h, --help            Show this help.

        Keys whose value only the CMP knows are never guessed: IABTCF_gdprApplies is written from a gdpr flag
        (gdpr=1, regs.gdpr, IABTCF_gdprApplies) and IABGPP_GppSID from gpp_sid (the sections in force, which
        need not be all of the string's); IABTCF_CmpSdkID and IABTCF_CmpSdkVersion describe the CMP SDK, not
        the string, and are written only from --cmp-sdk-id and --cmp-sdk-version. A vendor with two
        restriction types for one purpose is written with the lower type, with a warning.

        EXAMPLES:
          consent keys CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA
          consent keys --format android-xml 'gdpr=1&gdpr_consent=CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA&us_privacy=1YNN'

        """
}

extension DecodeCommand {
    static let abstract = "Decode strings, URLs, bid requests and app preferences (the default command)"
    static let usage = HelpText.decodeUsage
    static let help = HelpText.decode
}
