/// A borrowed view of input text as UTF-8 bytes, with its offset in the whole input for error messages.
///
/// A `TextView` is handed out by ``withTextView(of:_:)-3ybgz`` and is valid only inside that
/// closure: it points into the string's storage without copying it, which is what lets the query paths run without
/// allocating. Do not store it. Every read is bounds-checked except the `unchecked` subscript, whose callers prove the
/// index in place.
///
/// `@safe`: the pointer is only ever made by ``withTextView(of:_:)-3ybgz`` (or by the
/// `@unsafe` initializer, whose caller takes on the lifetime proof), every public read checks its index, and the views
/// made from a view (``slice(_:)``) stay inside it.
@safe
public struct TextView {
    @usableFromInline let _base: UnsafePointer<UInt8>?
    /// Number of UTF-8 bytes in the view.
    public let count: Int
    /// Offset of the view's first byte in the whole input.
    public let offset: Int

    /// Wraps a buffer; `offset` is where it starts in the whole input. The buffer must outlive the view.
    @inlinable @unsafe
    public init(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int) {
        unsafe _base = buffer.baseAddress
        count = buffer.count
        self.offset = offset
    }

    @inlinable
    init(base: UnsafePointer<UInt8>?, count: Int, offset: Int) {
        unsafe _base = base
        self.count = count
        self.offset = offset
    }

    /// True when the view has no bytes.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The byte at `index`; traps when `index` is outside `0..<count` (callers check first).
    @inlinable
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "TextView index out of range")
        return unsafe _base.unsafelyUnwrapped[index]
    }

    /// The byte at `index` without a bounds check: the caller has proven `0 <= index < count`.
    @inlinable @inline(__always)
    subscript(unchecked index: Int) -> UInt8 {
        unsafe _base.unsafelyUnwrapped[index]
    }

    /// The bytes in `range`, as a view with its own offset; traps when `range` is outside the view.
    @inlinable
    public func slice(_ range: Range<Int>) -> TextView {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "TextView slice out of range")
        if range.isEmpty { return unsafe TextView(base: nil, count: 0, offset: offset + range.lowerBound) }
        return unsafe TextView(
            base: _base.unsafelyUnwrapped + range.lowerBound,
            count: range.count,
            offset: offset + range.lowerBound
        )
    }

    /// The view without its first `n` bytes (empty when `n` is `count` or more; a negative `n` drops nothing).
    @inlinable
    public func dropFirst(_ n: Int) -> TextView { slice(Swift.min(Swift.max(n, 0), count)..<count) }

    /// The index of the first `byte` at or after `start`, or nil.
    @inlinable
    public func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
        var index = Swift.max(start, 0)
        // Below `count` from here on, so that `index + 16` cannot wrap past Int.max in the checks below.
        guard index < count else { return nil }
        // Sixteen bytes a step (SIMD), then eight (SWAR), then one: a 700-character TC string is scanned for its
        // first `.` on the query path.
        let needle = SIMD16<UInt8>(repeating: byte)
        while index &+ 16 <= count {
            // Proof: index + 16 <= count, so the sixteen bytes read lie inside the view.
            let vector = unsafe UnsafeRawPointer(_base.unsafelyUnwrapped + index).loadUnaligned(
                as: SIMD16<UInt8>.self
            )
            // The mask as two words (lanes are 0 or 0xFF): SIMD's own `any` reduces lane by lane, slowly.
            let hits = unsafe unsafeBitCast(vector .== needle, to: (UInt64, UInt64).self)
            if hits.0 != 0 { return index &+ hits.0.trailingZeroBitCount >> 3 }
            if hits.1 != 0 { return index &+ 8 &+ hits.1.trailingZeroBitCount >> 3 }
            index &+= 16
        }
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        while index &+ 8 <= count {
            // Proof: index + 8 <= count, so the eight bytes read lie inside the view; loadUnaligned has no
            // alignment requirement.
            let word = unsafe UInt64(
                littleEndian: UnsafeRawPointer(_base.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
            )
            let match = word ^ pattern
            // A zero byte in `match` is a hit: (x - 0x01..) & ~x & 0x80.. flags the lowest one exactly.
            let zeros = (match &- 0x0101_0101_0101_0101) & ~match & 0x8080_8080_8080_8080
            if zeros != 0 { return index &+ zeros.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        while index < count {
            if self[unchecked: index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The index of the last `byte` in `start..<end` (the whole view by default), or nil.
    @inlinable
    public func lastIndex(of byte: UInt8, from start: Int = 0, before end: Int? = nil) -> Int? {
        let start = Swift.max(start, 0)
        var end = Swift.min(end ?? count, count)
        // Sixteen bytes a step from the end (SIMD): an AC string's consented list ends at its last `~`, found past the
        // disclosed list, some 400 characters.
        let needle = SIMD16<UInt8>(repeating: byte)
        while end &- start >= 16 {
            // Proof: start >= 0 and end <= count, so the sixteen bytes before `end` lie inside the view.
            let vector = unsafe UnsafeRawPointer(_base.unsafelyUnwrapped + (end &- 16)).loadUnaligned(
                as: SIMD16<UInt8>.self
            )
            // The mask as two words (lanes are 0 or 0xFF), the later eight bytes in the second; the highest byte set
            // is the last hit.
            let hits = unsafe unsafeBitCast(vector .== needle, to: (UInt64, UInt64).self)
            if hits.1 != 0 { return end &- 8 &+ (63 &- hits.1.leadingZeroBitCount) >> 3 }
            if hits.0 != 0 { return end &- 16 &+ (63 &- hits.0.leadingZeroBitCount) >> 3 }
            end &-= 16
        }
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        if end &- start >= 8 {
            // Proof: start >= 0 and end <= count, so the eight bytes before `end` lie inside the view.
            let match =
                unsafe UInt64(
                    littleEndian: UnsafeRawPointer(_base.unsafelyUnwrapped + (end &- 8)).loadUnaligned(as: UInt64.self)
                ) ^ pattern
            // 0x80 in exactly the bytes that are zero in `match` (no borrow between bytes, unlike the subtracting
            // test, which may flag a byte above a hit).
            let hits = ~(((match & low) &+ low) | match | low)
            if hits != 0 { return end &- 8 &+ (63 &- hits.leadingZeroBitCount) >> 3 }
            end &-= 8
        }
        while end > start {
            end &-= 1
            if self[unchecked: end] == byte { return end }
        }
        return nil
    }

    /// How many times `byte` occurs.
    @inlinable
    public func count(of byte: UInt8) -> Int {
        var total = 0
        var index = 0
        while index < count {
            if self[unchecked: index] == byte { total += 1 }
            index += 1
        }
        return total
    }

    /// The parts between `separator` bytes, in order; `a..b` gives an empty middle part.
    @inlinable
    public func split(separator: UInt8) -> Parts { Parts(view: self, separator: separator) }

    /// True when the bytes equal the ASCII text.
    public func equals(_ text: StaticString) -> Bool {
        guard text.utf8CodeUnitCount == count else { return false }
        var index = 0
        while index < count {
            if unsafe text.utf8Start[index] != self[unchecked: index] { return false }
            index += 1
        }
        return true
    }

    /// The eight bytes from `index` as one little-endian word (the byte at `index` in the low 8 bits); bytes past
    /// the end read as zero. For parsers that classify eight characters at once; traps when `index` is outside
    /// `0...count`.
    @inlinable
    public func getWord(at index: Int) -> UInt64 {
        precondition(index >= 0 && index <= count, "TextView index out of range")
        if index &+ 8 <= count {
            // Safe: index >= 0 and index + 8 <= count, so all eight bytes lie inside the view.
            return unsafe UnsafeRawPointer(_base.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
                .littleEndian
        }
        var word: UInt64 = 0
        var offset = count &- 1
        while offset >= index {
            word = word << 8 | UInt64(self[unchecked: offset])
            offset &-= 1
        }
        return word
    }

    /// The eight bytes from `index` as ``getWord(at:)`` reads them, without its checks: the caller has proven
    /// `0 <= index` and `index + 8 <= count` (a parser's hot loop, where the checks do not fold into its own bounds).
    @inlinable @inline(__always)
    package func getWord(uncheckedAt index: Int) -> UInt64 {
        unsafe UnsafeRawPointer(_base.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self).littleEndian
    }

    /// True when the view begins with `byte`.
    @inlinable
    public func starts(with byte: UInt8) -> Bool { count > 0 && self[unchecked: 0] == byte }

    /// A copy of the bytes as a `String` (invalid UTF-8 is repaired), for keeping text beyond the closure.
    public var string: String {
        guard let base = unsafe _base, count > 0 else { return "" }
        return unsafe String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// A copy of the bytes as an array.
    public var bytes: [UInt8] {
        guard let base = unsafe _base, count > 0 else { return [] }
        return unsafe Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The number of base64url data characters, after checking every character and stripping trailing `=`.
    ///
    /// - Throws: ``ConsentError/Code/badBase64`` at the first character outside the alphabet (an `=` that is
    ///   followed by anything but `=` included), or for an empty view.
    @inlinable
    public func base64URLDataLength() throws(ConsentError) -> Int {
        var length = count
        while length > 0 && self[unchecked: length - 1] == UInt8(ascii: "=") { length -= 1 }
        if length == 0 {
            throw ConsentError(.badBase64, characterOffset: offset)
        }
        var index = 0
        var invalidSeen: UInt8 = 0
        // Sixteen characters a step (SIMD): the query path validates a whole TC string core on every call.
        while index &+ 16 <= length {
            // Proof: index + 16 <= length <= count.
            let invalid = _base64URLInvalidBits(at: index)
            if invalid.0 | invalid.1 != 0 {
                invalidSeen = 1
                break
            }
            index &+= 16
        }
        // Branch-free scan with comparisons only (no table), which the compiler vectorizes: the query path
        // validates a whole TC string core on every call. The culprit is looked for only on failure.
        while index < length {
            let byte = self[unchecked: index]
            // Bytes whose lower-cased form is a-z are exactly A-Z and a-z.
            let letter: UInt8 = (byte | 0x20) &- UInt8(ascii: "a") < 26 ? 1 : 0
            let digit: UInt8 = byte &- UInt8(ascii: "0") < 10 ? 1 : 0
            let dash: UInt8 = byte == UInt8(ascii: "-") ? 1 : 0
            let underscore: UInt8 = byte == UInt8(ascii: "_") ? 1 : 0
            invalidSeen |= (letter | digit | dash | underscore) ^ 1
            index += 1
        }
        if invalidSeen != 0 {
            var bad = 0
            while Base64URL.sextet(self[unchecked: bad]) != Base64URL.invalid { bad += 1 }
            throw ConsentError(.badBase64, characterOffset: offset + bad, value: Int64(self[unchecked: bad]))
        }
        return length
    }

    /// One bit per byte of the sixteen at `index` (bit 8k+7 of the pair of words, k = 0..<16 from `index`): set
    /// for a byte outside the base64url alphabet. The caller proves `0 <= index` and `index + 16 <= count`.
    @inlinable @inline(__always)
    func _base64URLInvalidBits(at index: Int) -> (UInt64, UInt64) {
        let vector = unsafe UnsafeRawPointer(_base.unsafelyUnwrapped + index).loadUnaligned(as: SIMD16<UInt8>.self)
        // The same classes as the scalar scan: a-z after lower-casing, 0-9, `-`, `_`. The constants are typed
        // SIMD16<UInt8> so that the concrete (vector) comparisons are chosen, not the lane-by-lane generic ones.
        let caseBit = SIMD16<UInt8>(repeating: 0x20)
        let a = SIMD16<UInt8>(repeating: UInt8(ascii: "a"))
        let letters = SIMD16<UInt8>(repeating: 26)
        let zero = SIMD16<UInt8>(repeating: UInt8(ascii: "0"))
        let digits = SIMD16<UInt8>(repeating: 10)
        let dash = SIMD16<UInt8>(repeating: UInt8(ascii: "-"))
        let underscore = SIMD16<UInt8>(repeating: UInt8(ascii: "_"))
        let valid =
            ((vector | caseBit) &- a .< letters) .| (vector &- zero .< digits) .| (vector .== dash)
            .| (vector .== underscore)
        // The mask as two words (lanes are 0 or 0xFF): SIMD's own `all` reduces lane by lane, slowly.
        let words = unsafe unsafeBitCast(valid, to: (UInt64, UInt64).self)
        return (~words.0, ~words.1)
    }

    /// A bit reader over the base64url segment that starts the view and ends before the first `separator` (or at
    /// the end), found and checked in one pass; the same reader and errors as `slice(0..<end).bitReader()`.
    ///
    /// - Throws: ``ConsentError/Code/badBase64`` for an empty segment or a character outside the alphabet.
    @inlinable
    public func leadingSegmentBitReader(separator: UInt8) throws(ConsentError) -> BitReader {
        var index = 0
        // Thirty-two bytes a step while all are in the alphabet, then sixteen to find the first byte outside it.
        while index &+ 32 <= count {
            // Proof: 0 <= index and index + 32 <= count, so both blocks of sixteen lie inside the view.
            let first = _base64URLInvalidBits(at: index)
            let second = _base64URLInvalidBits(at: index &+ 16)
            if first.0 | first.1 | second.0 | second.1 != 0 { break }
            index &+= 32
        }
        var stopped = false
        while index &+ 16 <= count {
            // Proof: 0 <= index and index + 16 <= count.
            let invalid = _base64URLInvalidBits(at: index)
            if invalid.0 | invalid.1 != 0 {
                index &+=
                    invalid.0 != 0 ? invalid.0.trailingZeroBitCount >> 3 : 8 &+ invalid.1.trailingZeroBitCount >> 3
                stopped = true
                break
            }
            index &+= 16
        }
        if !stopped && index < count && count >= 16 {
            // The last sixteen bytes, overlapping checked ones (all in the alphabet, so their bits are clear): the
            // first set bit is the first byte outside the alphabet at or after `index`.
            // Proof: count >= 16, so 0 <= count - 16 and the block ends at count.
            let last = count &- 16
            let invalid = _base64URLInvalidBits(at: last)
            if invalid.0 != 0 {
                index = last &+ invalid.0.trailingZeroBitCount >> 3
            } else if invalid.1 != 0 {
                index = last &+ 8 &+ invalid.1.trailingZeroBitCount >> 3
            } else {
                index = count
            }
        }
        while index < count && Base64URL.sextet(self[unchecked: index]) != Base64URL.invalid { index &+= 1 }
        // Every byte before `index` is in the alphabet. A separator there (not first) ends a segment without
        // padding; anything else (padding, a bad byte, an empty segment) takes the general path for its errors.
        if index > 0 && (index == count || self[unchecked: index] == separator) {
            return BitReader(text: slice(0..<index), characterCount: index)
        }
        return try slice(0..<(firstIndex(of: separator, from: index) ?? count)).bitReader()
    }

    /// A bit reader over this base64url segment, after checking every character.
    ///
    /// - Throws: ``ConsentError/Code/badBase64`` for an empty segment or a character outside the alphabet.
    @inlinable
    public func bitReader() throws(ConsentError) -> BitReader {
        let length = try base64URLDataLength()
        return BitReader(text: self, characterCount: length)
    }

    /// Iterates the parts of a view between separator bytes.
    public struct Parts: Sequence, IteratorProtocol {
        @usableFromInline let view: TextView
        @usableFromInline let separator: UInt8
        @usableFromInline var start: Int = 0
        @usableFromInline var finished = false

        @inlinable
        init(view: TextView, separator: UInt8) {
            self.view = view
            self.separator = separator
        }

        /// The next part, or nil after the last one.
        @inlinable
        public mutating func next() -> TextView? {
            if finished { return nil }
            if let end = view.firstIndex(of: separator, from: start) {
                defer { start = end + 1 }
                return view.slice(start..<end)
            }
            finished = true
            return view.slice(start..<view.count)
        }
    }
}

/// Runs `body` with a borrowed UTF-8 view of `text`, without copying a native string.
///
/// The view must not escape the closure.
/// - Throws: what `body` throws.
@inlinable
public func withTextView<R>(
    of text: some StringProtocol,
    _ body: (TextView) throws(ConsentError) -> R
) throws(ConsentError) -> R {
    let fast: Result<R, ConsentError>? = text.utf8.withContiguousStorageIfAvailable { buffer in
        Result { () throws(ConsentError) -> R in try body(unsafe TextView(buffer, offset: 0)) }
    }
    // `consume` moves the result out: a decoded value is returned without a copy (and its retains).
    switch consume fast {
    case .some(.success(let value)): return value
    case .some(.failure(let error)): throw error
    case .none: break
    }
    var copy = String(text)
    let result: Result<R, ConsentError> = copy.withUTF8 { buffer in
        Result { () throws(ConsentError) -> R in try body(unsafe TextView(buffer, offset: 0)) }
    }
    switch consume result {
    case .success(let value): return value
    case .failure(let error): throw error
    }
}

/// Runs a non-throwing `body` with a borrowed UTF-8 view of `text`, without copying a native string.
///
/// The cheapest way in (about a nanosecond for a short string): a decoder that reads a few bytes can gather
/// them here and throw afterwards, outside the closure. The throwing form has to carry a `ConsentError`
/// (129 bytes) out of the closure, which costs tens of nanoseconds per call. The view must not escape.
@inlinable
public func withTextView<R>(of text: some StringProtocol, _ body: (TextView) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable({ buffer in body(unsafe TextView(buffer, offset: 0)) }) {
        return result
    }
    var copy = String(text)
    return copy.withUTF8 { buffer in body(unsafe TextView(buffer, offset: 0)) }
}
