/// U+FEFF in UTF-8, which some editors (on Windows above all) write at the start of a text file: no part of the
/// text that follows it.
package enum ByteOrderMark {
    /// Its three bytes, `EF BB BF`.
    package static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many bytes a mark takes at the start of `bytes`: 3, or 0 when there is none.
    package static func length(atStartOf bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }

    /// `bytes` without a mark at their start.
    package static func dropped(from bytes: [UInt8]) -> [UInt8] {
        let length = length(atStartOf: bytes)
        return length == 0 ? bytes : Array(bytes.dropFirst(length))
    }
}
