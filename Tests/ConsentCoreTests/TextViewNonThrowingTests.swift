import ConsentCore
import Testing

@Suite struct TextViewNonThrowingTests {
    @Test func readsTheBytesOfNativeAndBridgedTextWithoutThrowing() {
        let count = withTextView(of: "1YNN") { view in view.count }
        #expect(count == 4)
        let last = withTextView(of: "DBABTA~1YNN".dropFirst(7)) { view in view[3] }
        #expect(last == UInt8(ascii: "N"))
    }

    @Test func throwingFormIsStillChosenForThrowingClosures() throws {
        let error = #expect(throws: ConsentError.self) {
            try withTextView(of: "") { view throws(ConsentError) in
                if view.isEmpty { throw ConsentError(.empty) }
                return view.count
            }
        }
        #expect(error?.code == .empty)
    }
}
