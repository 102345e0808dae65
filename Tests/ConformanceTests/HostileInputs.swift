import ConsentCore

/// Inputs built to cost as much as the formats allow: long strings, the most range entries, the most ids, the
/// most separators.
enum HostileInputs {
    /// The 213 fixed bits of a TC string core (Version 2, everything else zero, language and country `AA`).
    static func writeCoreHeader(_ writer: inout BitWriter) {
        writer.writeBits(2, count: 6)
        for width in [36, 36, 12, 12, 6, 12, 12, 6, 1, 1, 12, 24, 24, 1, 12] { writer.writeBits(0, count: width) }
    }

    /// 4095 range entries of ids 1-65535 (33 bits each).
    static func writeFullRanges(_ writer: inout BitWriter) {
        writer.writeBits(4095, count: 12)
        for _ in 0..<4095 {
            writer.writeBits(1, count: 1)
            writer.writeBits(1, count: 16)
            writer.writeBits(65_535, count: 16)
        }
    }

    /// A TC string whose vendor consents and legitimate interests are each 4095 range entries of 1-65535
    /// (MaxVendorId 65535), with one publisher restriction that is 4095 such entries too: about 50,000 characters.
    static let tcStringWithFullRanges: String = {
        var writer = BitWriter()
        writeCoreHeader(&writer)
        for _ in 0..<2 {
            writer.writeBits(65_535, count: 16)
            writer.writeBits(1, count: 1)
            writeFullRanges(&writer)
        }
        writer.writeBits(1, count: 12)  // one restriction: purpose 1, type 1
        writer.writeBits(1, count: 6)
        writer.writeBits(1, count: 2)
        writeFullRanges(&writer)
        writer.finishSegment(paddingToMultipleOf: 8)
        return writer.makeString()
    }()

    /// A v1.1 string with a range section of 4095 entries of 1-65535 and DefaultConsent 1.
    static let legacyWithFullRanges: String = {
        var writer = BitWriter()
        writer.writeBits(1, count: 6)
        for width in [36, 36, 12, 12, 6, 12, 12, 24] { writer.writeBits(0, count: width) }
        writer.writeBits(65_535, count: 16)
        writer.writeBits(1, count: 1)  // range
        writer.writeBits(1, count: 1)  // DefaultConsent
        writeFullRanges(&writer)
        writer.finishSegment(paddingToMultipleOf: 8)
        return writer.makeString()
    }()

    /// The smallest TC string core: every fixed field zero, both vendor sections empty, no restriction.
    static let emptyCore: String = {
        var writer = BitWriter()
        writeCoreHeader(&writer)
        for _ in 0..<2 { writer.writeBits(0, count: 17) }
        writer.writeBits(0, count: 12)
        writer.finishSegment(paddingToMultipleOf: 8)
        return writer.makeString()
    }()

    /// A GPP header listing ids 1-4095 (one Fibonacci group).
    static let gppHeaderWith4095Sections: String = {
        var writer = BitWriter()
        writer.writeBits(3, count: 6)
        writer.writeBits(1, count: 6)
        writer.writeBits(1, count: 12)
        writer.writeBool(true)
        try? writer.writeFibonacciInteger(1)
        try? writer.writeFibonacciInteger(4094)
        writer.finishSegment(paddingToMultipleOf: 6)
        return writer.makeString()
    }()

    /// `count` copies of `unit`.
    static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

    /// One megabyte of base64url after a valid start.
    static func megabyte(after start: String) -> String { start + repeated("A", 1 << 20) }
}
