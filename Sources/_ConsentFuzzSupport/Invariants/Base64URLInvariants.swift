import ConsentCore

/// Base64url two ways: the byte decoder and the bit reader must accept the same text, fail with the same error,
/// and agree on every bit; encoding the bytes and decoding them again gives them back.
enum Base64URLInvariants {
    static func check(_ input: FuzzInput) -> FuzzViolation? {
        var checker = InvariantChecker(.base64URL)
        // Empty text is no bytes to the byte decoder, and no segment to the bit reader.
        if input.text.isEmpty {
            checker.check((try? Base64URL.decode(input.text)) == [], "empty text does not decode to no bytes")
            return checker.violation
        }
        let decoded: Result<[UInt8], ConsentError> = Result { () throws(ConsentError) in
            try Base64URL.decode(input.text)
        }
        let read: Result<[UInt8], ConsentError> = Result { () throws(ConsentError) in
            try withTextView(of: input.text) { view throws(ConsentError) in
                var reader = try view.bitReader()
                checker.check(
                    reader.trailingPadding == view.count - reader.characterCount,
                    "trailingPadding \(reader.trailingPadding) for \(view.count) characters"
                )
                var bytes: [UInt8] = []
                while reader.readableBits >= 8 { bytes.append(try reader.readInteger(bits: 8)) }
                let rest = reader.readableBits
                checker.check(rest < 8 && rest >= 0, "\(rest) bits left after reading whole bytes")
                if rest > 0 {
                    let tail: UInt8 = try reader.peekInteger(bits: rest)
                    checker.check(reader.remainingBitsAreZero == (tail == 0), "remainingBitsAreZero disagrees")
                }
                return bytes
            }
        }
        switch (decoded, read) {
        case (.success(let bytes), .success(let bits)):
            checker.check(bytes == bits, "decode gave \(bytes), the bit reader \(bits)")
            // Empty bytes encode as empty text, which is no base64url segment.
            if !bytes.isEmpty {
                let again = Result { () throws(ConsentError) in try Base64URL.decode(Base64URL.encode(bytes)) }
                checker.check((try? again.get()) == bytes, "decode(encode(bytes)) != bytes for \(bytes)")
            }
        case (.failure(let byteError), .failure(let bitError)):
            checker.check(byteError == bitError, "errors differ: \(byteError) / \(bitError)")
            checker.check(byteError.code == .badBase64, "unexpected error \(byteError)")
        default:
            checker.fail("one decoder failed, the other did not: \(decoded) / \(read)")
        }
        return checker.violation
    }
}
