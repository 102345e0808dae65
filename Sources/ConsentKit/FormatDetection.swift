/// What the first characters of an input say it is; made inside the non-throwing text view and thrown outside.
@usableFromInline
struct FormatDetection {
    /// The decoder to use, when there is one.
    @usableFromInline var format: ConsentFormat?
    @usableFromInline var code: ConsentError.Code = .unknownFormat
    @usableFromInline var guess: ConsentFormat?
    @usableFromInline var hint: StaticString = ""
    @usableFromInline var offset = 0
    @usableFromInline var value: UInt8?

    @usableFromInline
    init(_ view: TextView, maxInputLength: Int) {
        guard view.count > 0 else {
            code = .empty
            return
        }
        guard view.count <= maxInputLength else {
            code = .tooLong
            offset = maxInputLength
            return
        }
        let last = view.count - 1
        if Self.isWhitespace(view[0]) || Self.isWhitespace(view[last]) {
            var start = 0
            while start < view.count && Self.isWhitespace(view[start]) { start += 1 }
            var end = view.count
            while end > start && Self.isWhitespace(view[end - 1]) { end -= 1 }
            // Never trimmed: whitespace around a string of a known kind goes, untrimmed, to that kind's decoder, whose
            // error the specifications name (ac.md §4: ` 2~1~dv.` is `badValue`; usp.md §3: a fourth character other
            // than Y, N or `-` is `badValue`; tcf.md §2: whitespace is `badBase64`).
            let inside = start < end ? FormatDetection(view.slice(start..<end), maxInputLength: maxInputLength) : nil
            if let known = inside?.format {
                format = known
                return
            }
            let position = start > 0 ? 0 : end
            fail("whitespace", at: position, view[position])
            return
        }
        if let format = Self.kind(of: view) {
            self.format = format
            return
        }
        describeUnknown(view)
    }

    /// The kind of a well-formed input (no surrounding whitespace, within the length limit), or nil: the first
    /// character, and for a leading digit the next three, decide the common cases here; the rest go to
    /// ``kind(of:)``.
    @inlinable @inline(__always)
    static func quickKind(of view: TextView, _ maxInputLength: Int) -> ConsentFormat? {
        let count = view.count
        guard count > 0 && count <= maxInputLength && !isWhitespace(view[count - 1]) else { return nil }
        switch view[0] {
        case UInt8(ascii: "C"), UInt8(ascii: "B"): return .tcf
        case UInt8(ascii: "D"): return .gpp
        case UInt8(ascii: "1"), UInt8(ascii: "2"):
            guard count >= 2 else { return kind(of: view) }
            if view[1] == UInt8(ascii: "~") { return .ac }
            if count == 4 && view[2] != UInt8(ascii: "~") && view[3] != UInt8(ascii: "~") { return .usp }
            return kind(of: view)
        default: return isWhitespace(view[0]) ? nil : kind(of: view)
        }
    }

    /// The first bytes of an input, for the two kinds ``ConsentString/init(encoded:kind:options:)`` tells before
    /// anything else: a US Privacy string (all four bytes) and an Additional Consent string (`1~`, `2~`).
    @usableFromInline
    struct Lead {
        /// The first four bytes, the first in the high byte, when the input has exactly four; otherwise its first
        /// two bytes in the two high bytes (zero when it has fewer).
        @usableFromInline let packed: UInt32
        /// The input's length in bytes.
        @usableFromInline let count: Int

        @inlinable @inline(__always)
        init(_ view: TextView) {
            count = view.count
            if count == 4 {
                packed = USPrivacyString.pack(view).packed
            } else if count >= 2 {
                packed = UInt32(view[0]) << 24 | UInt32(view[1]) << 16
            } else {
                packed = 0
            }
        }

        /// True when the input starts as an Additional Consent string does (`1~` or `2~`) and is within
        /// `maxInputLength`: what ``FormatDetection/quickKind(of:_:)`` calls `.ac`, and what the whole detection
        /// calls `.ac` when white space follows (it hands such a string, untrimmed, to the AC decoder too).
        @inlinable @inline(__always)
        func isAdditionalConsent(maxInputLength: Int) -> Bool {
            let tilde = UInt8(ascii: "~")
            let version = UInt8(truncatingIfNeeded: packed >> 24)
            return count <= maxInputLength && UInt8(truncatingIfNeeded: packed >> 16) == tilde
                && (version == UInt8(ascii: "1") || version == UInt8(ascii: "2"))
        }
    }

    /// True when the four bytes of a four-character input (`packed`, the first in the high byte) are what
    /// ``quickKind(of:_:)`` takes for a US Privacy string: a leading `1` or `2`, no `~` after it, and no trailing
    /// whitespace.
    @inlinable @inline(__always)
    static func isUSPrivacy(_ packed: UInt32) -> Bool {
        let first = UInt8(truncatingIfNeeded: packed >> 24)
        let second = UInt8(truncatingIfNeeded: packed >> 16)
        let third = UInt8(truncatingIfNeeded: packed >> 8)
        let last = UInt8(truncatingIfNeeded: packed)
        let tilde = UInt8(ascii: "~")
        return (first == UInt8(ascii: "1") || first == UInt8(ascii: "2")) && second != tilde && third != tilde
            && last != tilde && !isWhitespace(last)
    }

    /// The kind the characters name, or nil.
    @usableFromInline
    static func kind(of view: TextView) -> ConsentFormat? {
        let first = view[0]
        switch first {
        case UInt8(ascii: "C"), UInt8(ascii: "B"): return .tcf
        case UInt8(ascii: "D"): return .gpp
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if view.count >= 2 && view[1] == UInt8(ascii: "~") { return .ac }
            // More digits before a `~`: an AC string of an unknown version (its decoder says badVersion).
            var index = 1
            while index < view.count && isDigit(view[index]) { index += 1 }
            if index < view.count && view[index] == UInt8(ascii: "~") { return .ac }
            if view.count == 4 { return .usp }
            // US Privacy letters, only the length wrong (its decoder says so).
            if endOfUSPrivacyLetters(in: view) == view.count && view.count < 16 { return .usp }
            return nil
        default:
            // Letters and digits before a `~`, which no TC string has and only a GPP header (`D`) starts: an AC string
            // whose version is no number (ac.md §4: `a~…` is `badVersion`).
            var index = 0
            while index < view.count && isASCIIAlphanumeric(view[index]) { index += 1 }
            return index > 0 && index < view.count && view[index] == UInt8(ascii: "~") ? .ac : nil
        }
    }

    /// Fills in what an unrecognised input looked like.
    mutating func describeUnknown(_ view: TextView) {
        let first = view[0]
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            fail("json", at: 0, first)
            return
        }
        if let separator = Self.firstURLCharacter(in: view) {
            fail("url", at: separator, view[separator])
            guess = Self.parameterFormat(in: view)
            return
        }
        if Base64URL.sextet(first) < 64 && !Self.isDigit(first) {
            fail("base64url", at: 0, Base64URL.sextet(first))
            return
        }
        // A digit that starts neither a US Privacy string nor an AC string: the problem is the first character after
        // it that is no US Privacy letter (`1YNN` followed by a no-break space, `1Yé-`), or the second when all are.
        guard Self.isDigit(first) && view.count > 1 else {
            fail("text", at: 0, first)
            return
        }
        var index = Self.endOfUSPrivacyLetters(in: view)
        if index == view.count { index = 1 }
        fail("text", at: index, view[index])
    }

    /// The index of the first character after the first that is no US Privacy letter (`Y`, `N`, `-`, and the lower
    /// case letters); the input's length when all are.
    static func endOfUSPrivacyLetters(in view: TextView) -> Int {
        var index = 1
        while index < view.count && isUSPrivacyLetter(view[index]) { index += 1 }
        return index
    }

    mutating func fail(_ hint: StaticString, at offset: Int, _ value: UInt8) {
        self.hint = hint
        self.offset = offset
        self.value = value
    }

    /// The error to throw when ``format`` is nil.
    @usableFromInline
    var error: ConsentError {
        ConsentError(code, format: guess, field: hint, characterOffset: offset, value: value.map { Int64($0) })
    }

    @inlinable static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    @inlinable
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    @inlinable
    static func isUSPrivacyLetter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "Y"), UInt8(ascii: "N"), UInt8(ascii: "-"), UInt8(ascii: "y"), UInt8(ascii: "n"): true
        default: false
        }
    }

    /// The first `=`, `&`, `?` or `:` (characters of URLs and query strings, never of a consent string).
    static func firstURLCharacter(in view: TextView) -> Int? {
        var index = 0
        while index < view.count {
            switch view[index] {
            case UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                // A trailing run of `=` is base64 padding, not a query string.
                if view[index] == UInt8(ascii: "=") && Self.onlyPadding(view, from: index) { return nil }
                return index
            default: index += 1
            }
        }
        return nil
    }

    static func onlyPadding(_ view: TextView, from start: Int) -> Bool {
        var index = start
        while index < view.count && view[index] == UInt8(ascii: "=") { index += 1 }
        return index == view.count
    }

    /// The kind named by the first known parameter (`gdpr_consent=`, `gpp=`, `us_privacy=`, `addtl_consent=`).
    static func parameterFormat(in view: TextView) -> ConsentFormat? {
        let names: [(StaticString, ConsentFormat)] = [
            ("gdpr_consent", .tcf), ("gpp", .gpp), ("us_privacy", .usp), ("addtl_consent", .ac),
        ]
        for part in view.split(separator: UInt8(ascii: "&")) {
            // The part after a `?`, when a URL precedes the first parameter.
            let parameter = part.firstIndex(of: UInt8(ascii: "?")).map { part.dropFirst($0 + 1) } ?? part
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = parameter.slice(0..<equals)
            if let match = names.first(where: { name.equals($0.0) }) { return match.1 }
        }
        return nil
    }
}
