import Testing

@testable import ConsentCache

/// The cache's key is XXH3-64 (seed 0, default secret) whichever loop computes it. The expected values are the
/// reference implementation's (Python `xxhash` 3.x, `xxh3_64_intdigest`) for the byte pattern `(31 i + 7) mod
/// 251`, at lengths on both sides of each of XXH3's size classes (0, 1-3, 4-8, 9-16, 17-128, 129-240, long).
@Suite("StringKey")
struct StringKeyTests {
    static let reference: [(count: Int, hash: UInt64)] = [
        (0, 0x2d06_8005_38d3_94c2), (1, 0x4c5c_ca45_d0f4_811f), (3, 0x15f7_093b_173d_005c),
        (4, 0xdca0_12f9_5811_b6b9), (8, 0xdec6_a9a4_3575_982e), (9, 0x15e5_53b9_7e27_735d),
        (16, 0xa768_3b86_1e58_5aa6), (17, 0x637c_1aa9_0769_8945), (128, 0x6d0f_64c8_2dda_ad27),
        (129, 0xeaf3_fc97_c05f_44f3), (240, 0x22f2_8cbb_faf0_447f), (241, 0x0752_5dbc_1490_2c7f),
        (700, 0x00e0_4a7a_06d8_5d94), (1024, 0xe289_8655_db7b_c9ee), (2766, 0xbf3a_4fff_56bf_3def),
        (5000, 0x82c9_e6e5_b747_6dc8),
    ]

    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(($0 * 31 + 7) % 251) } }

    @Test("XXH3-64 gives the reference values, whichever vector loop computes it", arguments: reference)
    func referenceValues(count: Int, hash: UInt64) {
        Self.pattern(count).withUnsafeBytes { bytes in
            #expect(StringKey.xxh3(bytes) == hash, "length \(count)")
            for loop in StringKey.VectorLoop.allCases {
                #expect(StringKey.xxh3(bytes, widest: loop) == hash, "length \(count), \(loop)")
            }
        }
    }
}
