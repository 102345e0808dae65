/// Writes ASCII bytes straight into the storage of a new `String`, up to a capacity fixed in advance, with a
/// bounds check on every write: text encoders (AC id lists) fill a string in one allocation and one pass, with
/// no intermediate byte array.
///
/// Handed out by ``makeASCIIString(capacity:_:)`` and valid only inside its closure: do not store it.
///
/// `@safe`: the buffer is only ever made by ``makeASCIIString(capacity:_:)``, and every write checks that it
/// stays inside it.
@safe
public struct ASCIIWriter {
    @usableFromInline let _buffer: UnsafeMutableBufferPointer<UInt8>
    /// The buffer's size.
    @usableFromInline let _capacity: Int
    @usableFromInline var _count = 0

    /// Bytes written so far.
    @inlinable public var count: Int { _count }

    @usableFromInline @unsafe
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        unsafe _buffer = buffer
        _capacity = buffer.count
    }

    /// Appends one byte, which must be ASCII; traps when the capacity is used up.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        precondition(_count < _capacity, "ASCIIWriter capacity exceeded")
        unsafe _buffer[_count] = byte
        _count &+= 1
    }

    /// Appends the `byteCount` (0...8) low bytes of `bytes`, the lowest byte first (ASCII each); traps when
    /// they do not fit.
    ///
    /// Where eight bytes fit, all eight are stored at once and the count moves by `byteCount`: the bytes past it
    /// are written over by the next append, or lie past the end of the string.
    @inlinable
    public mutating func append(bytes: UInt64, count byteCount: Int) {
        precondition(
            byteCount >= 0 && byteCount <= 8 && byteCount <= _capacity &- _count,
            "ASCIIWriter capacity exceeded"
        )
        if _capacity &- _count >= 8 {
            // Proof: count + 8 <= capacity, so the eight bytes lie inside the buffer; storeBytes has no
            // alignment requirement.
            unsafe UnsafeMutableRawBufferPointer(_buffer).storeBytes(
                of: bytes.littleEndian,
                toByteOffset: _count,
                as: UInt64.self
            )
        } else {
            var rest = bytes
            for offset in 0..<byteCount {
                // Proof: offset < byteCount <= capacity - count.
                unsafe _buffer[_count &+ offset] = UInt8(truncatingIfNeeded: rest)
                rest >>= 8
            }
        }
        _count &+= byteCount
    }
}

/// A string of the ASCII bytes `body` writes, at most `capacity` of them: one allocation (none for up to 15
/// bytes), no copy. Bytes that are not ASCII are repaired as invalid UTF-8 would be.
@inlinable
public func makeASCIIString(capacity: Int, _ body: (inout ASCIIWriter) -> Void) -> String {
    unsafe String(unsafeUninitializedCapacity: Swift.max(capacity, 0)) { buffer in
        var writer = unsafe ASCIIWriter(buffer)
        body(&writer)
        return writer.count
    }
}
