import ConsentCore
import Testing

@Suite struct StaticKeyTableTests {
    /// Keys of every length from 0 to 40, sharing their first and last eight bytes where they can.
    static let keys: [StaticString] = [
        "", "a", "ab", "version", "versions", "versionX", "sensitiveData", "sensitiveDataProcessing",
        "sensitiveDataProcessingOptOutNotice", "sensitiveDataLimitUseNotice", "sensitiveDataXrocessing",
        "saleOptOut", "sharingOptOut", "targetedAdvertisingOptOut", "targetedAdvertisingOptOutNotice",
        "0123456789abcdef", "0123456789abcdefg", "0123456789abcdeXg", "0123456789Abcdefg",
        "a123456789abcdefghijklmnopqrstuvwxyz0123", "b123456789abcdefghijklmnopqrstuvwxyz0123",
        "a123456789abcdefghijklmnopqrsTuvwxyz0123",
    ]

    @Test func findsEveryKeyAtItsPosition() {
        let table = StaticKeyTable(Self.keys)
        for (index, key) in Self.keys.enumerated() {
            #expect(table.index(of: key.description) == index, "\(key)")
            // A string that is not native (bridged or a substring's copy) takes the copying path.
            #expect(table.index(of: String(Substring(key.description))) == index, "\(key)")
        }
    }

    @Test func findsNothingForKeysNotListed() {
        let table = StaticKeyTable(Self.keys)
        for missing in ["b", "Version", "version ", "sensitiveDataProcessinG", "0123456789abcdeg", "x"] {
            #expect(table.index(of: missing) == nil, "\(missing)")
        }
        #expect(StaticKeyTable([]).index(of: "a") == nil)
    }

    @Test func aKeyListedTwiceIsFoundAtItsLastPosition() {
        let table = StaticKeyTable(["version", "core", "version", "sensitiveDataProcessing", "sensitiveDataProcessing"])
        #expect(table.index(of: "version") == 2)
        #expect(table.index(of: "core") == 1)
        #expect(table.index(of: "sensitiveDataProcessing") == 4)
    }
}
