import ConsentInput

/// The text of a file named with `@`, before anything reads it: UTF-8 without a byte order mark.
enum FileContent {
    /// The bytes of `content` as UTF-8 text: a UTF-8 byte order mark dropped, and UTF-16 with a byte order mark (what
    /// Windows PowerShell's `>` writes) converted. A compressed file (gzip, zip, xz, zstd) is refused with the way to
    /// read it, where its bytes would be read as lines of garbage.
    /// - Throws: `unreadableFile` for a compressed file.
    static func text(of content: [UInt8], path: String) throws(InputError) -> [UInt8] {
        if let format = compressions.first(where: { content.starts(with: $0.magic) }) {
            throw InputError(
                "unreadableFile",
                "'\(path)' is a \(format.name) file: decompress it first (\(format.reader) '\(path)' | consent ...)"
            )
        }
        if let utf8 = utf8(ofUTF16: content) { return utf8 }
        return ByteOrderMark.dropped(from: content)
    }

    /// The compression formats refused: the magic number a file starts with, the format's name and the command
    /// that writes the content out. Only formats whose first bytes no text starts with: bzip2's `BZh` could be the
    /// start of a legacy TC string.
    static let compressions: [(magic: [UInt8], name: String, reader: String)] = [
        ([0x1F, 0x8B], "gzip", "zcat"), ([0x50, 0x4B, 0x03, 0x04], "zip", "unzip -p"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz", "xzcat"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd", "zstdcat"),
    ]

    /// The text of `content` as UTF-8 when it starts with a UTF-16 byte order mark (`FF FE` little-endian, `FE FF`
    /// big-endian), without the mark; nil otherwise. A last odd byte is dropped; unpaired surrogates become U+FFFD.
    static func utf8(ofUTF16 content: [UInt8]) -> [UInt8]? {
        guard content.count >= 2 else { return nil }
        let isLittleEndian: Bool
        switch (content[0], content[1]) {
        case (0xFF, 0xFE): isLittleEndian = true
        case (0xFE, 0xFF): isLittleEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity((content.count - 2) / 2)
        var index = 2
        while index + 1 < content.count {
            let first = UInt16(content[index])
            let second = UInt16(content[index + 1])
            units.append(isLittleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
