public import ConsentCore

extension AdditionalConsentString {
    /// Decodes an AC string of version 1 (`1~` and consented ids) or 2 (`2~`, consented ids, `~dv.`, disclosed
    /// ids; `~dv` without the dot when no id follows).
    ///
    /// Ids may be unsorted, repeated, in both lists or written with leading zeros (``lint()`` reports each);
    /// the text is kept for a byte-exact ``encoded(options:)``.
    /// - Throws: ``ConsentError/Code/empty``; ``ConsentError/Code/tooLong`` past `options.maxInputLength`;
    ///   ``ConsentError/Code/badVersion`` for a version other than 1 or 2; ``ConsentError/Code/badValue`` naming the
    ///   part (`version`, `consentedProviders`, `disclosedProviders`) and the character offset for leading
    ///   whitespace, a missing, extra or malformed `~` part, an empty or non-decimal id, id 0, an id above 65535
    ///   (the ``IDSet`` limit), or, with `options.strict`, an id with leading zeros.
    @inlinable
    public init(encoded text: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        self = try withTextView(of: text) { view throws(ConsentError) in
            try AdditionalConsentString(view: view, options: options, keepingText: false)
        }
        originalText = String(text)
    }

    /// Decodes the AC string in `view`; error offsets count from the start of the input `view` is part of.
    ///
    /// - Throws: as ``init(encoded:options:)``.
    public init(view: TextView, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(view: view, options: options, keepingText: true)
    }

    @usableFromInline
    init(view: TextView, options: DecodingOptions, keepingText: Bool) throws(ConsentError) {
        guard view.count <= options.maxInputLength else {
            throw ConsentError(.tooLong, format: .ac, characterOffset: view.offset + options.maxInputLength)
        }
        var parser = AdditionalConsentTextParser(view, rejectsLeadingZeros: options.strict)
        var sets = ProviderSets()
        let layout = try parser.parse(into: &sets)
        // Each stored property set in place: delegating to the memberwise `init` would build the value aside and
        // copy it into `self` (a retain and a release of each set).
        version = layout.version
        consentedProviders = sets.consented.makeSet()
        disclosedProviders = sets.disclosed.makeSet()
        originalText = keepingText ? view.string : nil
    }
}

/// Collects the ids of a decoded string into the two sets.
struct ProviderSets: AdditionalConsentIDVisitor {
    var consented = ProviderIDWords()
    var disclosed = ProviderIDWords()

    mutating func readList(
        _ list: AdditionalConsentList,
        sizedUpTo lastID: Int?,
        with reader: inout AdditionalConsentListReader
    ) throws(ConsentError) {
        switch list {
        case .consented: try consented.read(with: &reader, sizedUpTo: lastID)
        case .disclosed: try disclosed.read(with: &reader, sizedUpTo: lastID)
        }
    }
}

/// The words of one provider list as the parser fills them (unlike ConsentCore's `IDSetBuilder`, they grow: AC
/// lists may be unsorted and carry no maximum).
///
/// Builds an ``IDSet`` word by word in the words it will keep: sized once from the largest id when it is known, then
/// handed over without a copy (one allocation for a set with ids above 64, none otherwise).
struct ProviderIDWords {
    /// Ids 1...64.
    private var firstWord: UInt64 = 0
    /// Ids 65 and above, 64 a word; may end with zero words (``IDSet`` drops them).
    private var followingWords: [UInt64] = []

    /// Reads a list into the words: the reader fills them through one span (no uniqueness or growth check per id)
    /// and stops at an id they have no room for, which is added here after they grow.
    mutating func read(with reader: inout AdditionalConsentListReader, sizedUpTo lastID: Int?) throws(ConsentError) {
        if let lastID { reserve(upTo: lastID) }
        var sink = Sink()
        while true {
            let stop: AdditionalConsentListStop
            do {
                var words = followingWords.mutableSpan
                stop = reader.read(into: &sink, words: &words)
            }
            firstWord |= sink.firstWord
            sink.firstWord = 0
            switch stop {
            case .end: return
            case .needsRoom(let id): insert(id)
            case .failed(let error): throw error
            }
        }
    }

    /// Makes the words for ids up to `id` (in `1...65535`) at once.
    mutating func reserve(upTo id: Int) {
        // At most 1023 words: `id` is at most 65535.
        let count = (id &- 1) >> 6
        if count > followingWords.count {
            followingWords.append(contentsOf: repeatElement(0, count: count &- followingWords.count))
        }
    }

    /// Adds `id` (in `1...65535`), growing the words when it is beyond them.
    mutating func insert(_ id: Int) {
        // `id` is in 1...65535: no overflow, and `index` is in 0...1023.
        let offset = id &- 1
        let index = offset >> 6
        let bit: UInt64 = 1 << (63 &- UInt64(offset & 63))
        if index == 0 {
            firstWord |= bit
            return
        }
        // Ids larger than the sizing guess (unsorted lists, or no guess): at least double, from 16 words, so a
        // list that keeps growing is copied a few times only. (`followingWords.count` is at most 1023: `128 *` it
        // cannot overflow.)
        if index > followingWords.count {
            let doubled = Swift.max(followingWords.count, 8) &* 128 &+ 1
            reserve(upTo: Swift.max(index &* 64 &+ 1, Swift.min(doubled, IDSet.maximumID)))
        }
        followingWords[index &- 1] |= bit
    }

    /// The ids added, the words handed over as they are.
    consuming func makeSet() -> IDSet { IDSet(firstWord: firstWord, followingWords: followingWords) }

    /// Sets the bit of each id in the words it is given, when they reach it (ids 1...64 in its own word).
    private struct Sink: AdditionalConsentIDSink {
        var firstWord: UInt64 = 0

        @inline(__always)
        mutating func add(
            _ id: Int,
            at characterOffset: Int,
            leadingZeros: Bool,
            words: inout MutableSpan<UInt64>
        ) -> Bool {
            // `id` is in 1...65535 (the reader checked it): `offset` is in 0...65534, `slot` in -1...1022 (-1 for
            // ids 1...64). One unsigned comparison checks that it is a word of `words`.
            let offset = id &- 1
            let slot = offset &>> 6 &- 1
            let bit: UInt64 = 1 &<< (63 &- UInt64(truncatingIfNeeded: offset))
            if _fastPath(UInt(bitPattern: slot) < UInt(bitPattern: words.count)) {
                words[slot] |= bit
                return true
            }
            if slot < 0 {
                firstWord |= bit
                return true
            }
            return false
        }
    }
}
