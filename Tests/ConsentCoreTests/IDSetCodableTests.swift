import ConsentCore
import Foundation
import Testing

/// `IDSet`'s `Codable` conformance: a JSON array of the ids, ascending.
@Suite struct IDSetCodableTests {
    @Test func encodesAsAnAscendingArrayAndDecodesBack() throws {
        // Ids 1 (the first word), 128 and 129, the words after the first shared with other sets.
        let storage: [UInt64] = [.max, 1, 1 << 63, 0]
        let shared = IDSet(firstWord: 1 << 63, sharing: storage, in: 1..<4)
        let json = try JSONEncoder().encode(shared)
        #expect(String(decoding: json, as: UTF8.self) == "[1,128,129]")
        #expect(try JSONDecoder().decode(IDSet.self, from: json) == shared)
        #expect(try JSONDecoder().decode(IDSet.self, from: Data("[300,2,2,1]".utf8)) == [1, 2, 300])
        #expect(try JSONDecoder().decode(IDSet.self, from: Data("[]".utf8)) == IDSet())
    }

    @Test func refusesIdsOutsideOneTo65535() {
        for text in ["[0]", "[65536]", "[-1]", "[1,70000]"] {
            #expect(throws: DecodingError.self, "\(text)") {
                try JSONDecoder().decode(IDSet.self, from: Data(text.utf8))
            }
        }
    }
}
