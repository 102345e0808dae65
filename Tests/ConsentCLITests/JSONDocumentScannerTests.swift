import Testing

@testable import ConsentCLI

@Suite struct JSONDocumentScannerTests {
    private func documents(_ text: String, limit: Int = 1 << 20) -> [String?] {
        var scanner = JSONDocumentScanner(limit: limit)
        var result: [String?] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            scanner.feed(line.utf8) { result.append($0) }
            scanner.feed(CollectionOfOne(0x0A)) { result.append($0) }
        }
        scanner.finish { result.append($0) }
        return result
    }

    @Test func splitsJSONLinesAndPrettyDocuments() {
        #expect(
            documents("{\"a\":1}\n{\"b\":\n [2, \"}\"]\n}\n  \n[3] \"x\\\"y\" 4") == [
                "{\"a\":1}", "{\"b\":\n [2, \"}\"]\n}", "[3]", "\"x\\\"y\"", "4",
            ]
        )
    }

    @Test func handsOutAnUnfinishedDocumentAtTheEnd() {
        #expect(documents("{\"a\": [1,") == ["{\"a\": [1,\n"])
    }

    @Test func skipsADocumentLongerThanTheLimit() {
        let long = "{\"a\":\"" + String(repeating: "x", count: 500) + "\"}"
        #expect(documents("\(long)\n{\"b\":1}", limit: 100) == [nil, "{\"b\":1}"])
    }
}
