public import ConsentCore

extension AdditionalConsentString {
    /// Decodes an AC string of version 1 (`1~` and consented ids) or 2 (`2~`, consented ids, `~dv.`, disclosed
    /// ids; `~dv` without the dot when no id follows).
    ///
    /// Ids may be unsorted, repeated, in both lists or written with leading zeros (``lint()`` reports each);
    /// the text is kept for a byte-exact ``encoded(options:)``.
    /// - Throws: ``ConsentCore/ConsentError/Code/empty``; ``ConsentCore/ConsentError/Code/tooLong`` past
    ///   `options.maxInputLength`; ``ConsentCore/ConsentError/Code/badVersion`` for a version other than 1 or 2;
    ///   ``ConsentCore/ConsentError/Code/badValue`` naming the part (`version`, `consentedProviders`,
    ///   `disclosedProviders`) and the character offset for leading whitespace, a missing, extra or malformed `~` part,
    ///   an empty or non-decimal id, id 0, an id above 2147483647 (``ProviderIDSet/maximumID``), or, with
    ///   `options.strict`, an id with leading zeros.
    @inlinable
    public init(encoded text: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        self = try Self.decoding(text, options: options)
    }

    /// ``init(encoded:options:)`` as a function, whose argument is borrowed (an initializer's is owned: a caller that
    /// only borrows the text, as ``ConsentString``'s detection does, would retain and release it).
    /// - Throws: as ``init(encoded:options:)``.
    @inlinable
    package static func decoding(
        _ text: some StringProtocol,
        options: DecodingOptions
    ) throws(ConsentError) -> AdditionalConsentString {
        // The text is handed to the initializer that builds the value: assigning `originalText` afterwards copies
        // the decoded value (a retain and a release of each id array).
        try withTextView(of: text) { view throws(ConsentError) in
            try AdditionalConsentString(view: view, options: options, originalText: String(text))
        }
    }

    /// Decodes the AC string in `view`; error offsets count from the start of the input `view` is part of.
    ///
    /// - Throws: as ``init(encoded:options:)``.
    public init(view: TextView, options: DecodingOptions = DecodingOptions()) throws(ConsentError) {
        try self.init(view: view, options: options, originalText: nil)
    }

    /// Decodes the AC string in `view`, keeping `originalText` (its characters as a `String`; the view's own when
    /// nil).
    @usableFromInline
    init(view: TextView, options: DecodingOptions, originalText text: String?) throws(ConsentError) {
        guard view.count <= options.maxInputLength else {
            throw ConsentError(.tooLong, format: .ac, characterOffset: view.offset + options.maxInputLength)
        }
        var parser = AdditionalConsentTextParser(view, rejectsLeadingZeros: options.strict)
        var sets = ProviderSets()
        let layout = try parser.parse(into: &sets)
        // Each stored property set in place: delegating to the memberwise `init` would build the value aside and
        // copy it into `self` (a retain and a release of each set).
        version = layout.version
        consentedProviders = sets.consented
        disclosedProviders = sets.disclosed
        originalText = text ?? view.string
    }
}

/// Collects the ids of a decoded string into the two sets.
struct ProviderSets: AdditionalConsentIDVisitor {
    var consented = ProviderIDSet()
    var disclosed = ProviderIDSet()

    mutating func readList(
        _ list: AdditionalConsentList,
        atMost maximumCount: Int,
        with reader: inout AdditionalConsentListReader
    ) throws(ConsentError) {
        switch list {
        case .consented: consented = try ProviderIDSet(reading: &reader, atMost: maximumCount)
        case .disclosed: disclosed = try ProviderIDSet(reading: &reader, atMost: maximumCount)
        }
    }
}

extension ProviderIDSet {
    /// The ids of one list, read straight into the array the set keeps: sized once for the most ids the list can
    /// hold (one allocation), each id stored as it is read with a note of whether they still ascend; sorted and
    /// stripped of repeats only when they do not (ac.md: Google's own CMP writes unsorted lists).
    init(reading reader: inout AdditionalConsentListReader, atMost maximumCount: Int) throws(ConsentError) {
        var stop = AdditionalConsentListStop.end
        var ascending = true
        let ids = [UInt32](unsafeUninitializedCapacity: maximumCount) { buffer, initializedCount in
            var sink = unsafe Sink(buffer)
            stop = reader.read(into: &sink)
            initializedCount = sink.count
            ascending = unsafe ProviderIDSet.isStrictlyAscending(UnsafeBufferPointer(rebasing: buffer[..<sink.count]))
        }
        switch stop {
        case .end: self.init(unsortedIDs: ids, ascending: ascending)
        case .needsRoom(let id):
            // The capacity is the most ids the text can hold, so this does not happen; said as an error, not a trap.
            throw ConsentError(.tooLong, format: .ac, value: Int64(id))
        case .failed(let error): throw error
        }
    }

    /// True when every id of `ids` is above the one before it: eight pairs at a time, after the list is read (an
    /// order check per id in the reader's loop took registers the loop needs, and went through memory).
    static func isStrictlyAscending(_ ids: UnsafeBufferPointer<UInt32>) -> Bool {
        var disorder = SIMDMask<SIMD8<Int32>>(repeating: false)
        var index = 0
        // Proof for the loads: index + 9 <= count, so the eight ids at `index` and the eight after them by one are in
        // the buffer.
        while index &+ 9 <= ids.count {
            let base = unsafe UnsafeRawPointer(ids.baseAddress.unsafelyUnwrapped + index)
            let current = unsafe base.loadUnaligned(as: SIMD8<UInt32>.self)
            let next = unsafe base.loadUnaligned(fromByteOffset: 4, as: SIMD8<UInt32>.self)
            disorder .|= next .<= current
            index &+= 8
        }
        if any(disorder) { return false }
        while index &+ 1 < ids.count {
            if unsafe ids[index &+ 1] <= ids[index] { return false }
            index &+= 1
        }
        return true
    }

    /// Stores each id in the next slot of the buffer.
    private struct Sink: AdditionalConsentIDSink {
        let slots: UnsafeMutableBufferPointer<UInt32>
        var count = 0

        @unsafe init(_ buffer: UnsafeMutableBufferPointer<UInt32>) { slots = unsafe buffer }

        @inline(__always)
        mutating func add(_ id: Int, at characterOffset: Int, leadingZeros: Bool) -> Bool {
            // `id` is in 1...maximumID (the reader checked it). The one comparison is the bounds check of the write.
            guard count < slots.count else { return false }
            unsafe slots[count] = UInt32(truncatingIfNeeded: id)
            count &+= 1
            return true
        }
    }
}
