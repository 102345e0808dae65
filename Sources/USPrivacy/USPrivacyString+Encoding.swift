public import ConsentCore

extension USPrivacyString {
    /// How a value was written, for the lossless round trip.
    @usableFromInline
    enum Encoding: Sendable {
        /// Built or changed in code: nothing to give back.
        case built
        /// Decoded from the canonical text, which the letters rebuild exactly.
        case canonical
        /// Decoded from text with lower-case letters (accepted by the lenient decoder): which ones, bit 0 for
        /// the notice, bit 1 for the opt-out, bit 2 for LSPA. Lower case is the only other way a decodable string
        /// can be written, so the letters and these bits give the text back exactly, and the value holds no
        /// reference: copying or dropping one costs no retain or release.
        case lowercase(UInt8)
    }

    /// The string: the decoded text when nothing changed and `options.fidelity` is `.preserveOriginal`,
    /// otherwise the canonical `1` and three upper-case letters. Never throws; the signature is the one every
    /// format shares.
    public func encoded(options: EncodingOptions = EncodingOptions()) throws(ConsentError) -> String {
        if options.fidelity == .preserveOriginal, case .lowercase(let letters) = encoding {
            return text(lowercase: letters)
        }
        return canonicalText
    }

    /// The text as decoded, or nil for a built or changed value.
    var originalText: String? {
        switch encoding {
        case .built: nil
        case .canonical: canonicalText
        case .lowercase(let letters): text(lowercase: letters)
        }
    }

    /// `1` and the three letters, those whose bit is set in `lowercase` in lower case (bit 0 the notice).
    func text(lowercase: UInt8) -> String {
        let letters = [notice, optOutSale, lspaCovered].enumerated().map { index, flag in
            lowercase >> index & 1 == 1 ? flag.letter.lowercased() : String(flag.letter)
        }
        return "1" + letters.joined()
    }

    /// `1` and the three letters in upper case.
    var canonicalText: String {
        Self.canonicalTexts[notice.index &* 9 &+ optOutSale.index &* 3 &+ lspaCovered.index]
    }

    /// All 27 canonical strings, in the order of ``USPrivacyFlag/index``: small strings, so a lookup allocates
    /// nothing.
    private static let canonicalTexts: [String] = USPrivacyFlag.allCases.flatMap { notice in
        USPrivacyFlag.allCases.flatMap { sale in
            USPrivacyFlag.allCases.map { lspa in String(["1", notice.letter, sale.letter, lspa.letter]) }
        }
    }

    /// False when the value came from a string written in lower-case letters (which only the lenient decoder reads);
    /// true otherwise.
    public var isCanonicallyEncoded: Bool {
        if case .lowercase = encoding { return false }
        return true
    }
}

extension USPrivacyFlag {
    /// 0, 1, 2 for `Y`, `N`, `-` (the order of `allCases`).
    var index: Int {
        switch self {
        case .yes: 0
        case .no: 1
        case .notApplicable: 2
        }
    }
}
