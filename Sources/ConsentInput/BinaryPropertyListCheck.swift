/// A walk over the object table of a binary property list (`bplist00`) before Foundation reads it: Foundation on Linux
/// crashes on a set (object marker `0xC_`), which preferences never hold, wherever it stands in the list, so such a
/// list, or one whose table points outside the bytes, is refused here with a message instead.
enum BinaryPropertyListCheck {
    /// Why `bytes`, a binary property list, must not be handed to Foundation, or nil when every object it lists
    /// lies within the bytes and none is a set.
    static func problem(in bytes: [UInt8]) -> String? {
        // Header (8 bytes), at least one object, the 32-byte trailer.
        guard bytes.count >= 8 + 1 + 32 else { return "too short for a binary property list" }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), (1...8).contains(Int(bytes[trailer + 7])) else {
            return "its trailer gives an integer size outside 1-8 bytes"
        }
        let count = bigEndian(bytes, at: trailer + 8, size: 8)
        let table = bigEndian(bytes, at: trailer + 24, size: 8)
        // Each object takes at least one byte between the header and the offset table.
        guard count >= 1, table >= 8, table <= UInt64(trailer), count <= table - 8 else {
            return "its trailer's object count or offset table lies outside the bytes"
        }
        let tableStart = Int(table)
        guard Int(count) <= (trailer - tableStart) / offsetSize else {
            return "its offset table runs past the trailer"
        }
        for index in 0..<Int(count) {
            let offset = bigEndian(bytes, at: tableStart + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < table else { return "object \(index) lies outside the object area" }
            if bytes[Int(offset)] >> 4 == 0xC { return "it holds a set, which no preferences file does" }
        }
        return nil
    }

    /// The `size`-byte big-endian unsigned integer at `offset` (the caller has checked that it lies within `bytes`).
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
