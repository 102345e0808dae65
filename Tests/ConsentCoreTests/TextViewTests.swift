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

@Suite struct TextViewWordTests {
    @Test func readsEightBytesLittleEndianAndZeroesPastTheEnd() {
        withTextView(of: "0123456789") { view in
            #expect(view.getWord(at: 0) == 0x3736_3534_3332_3130)
            #expect(view.getWord(at: 2) == 0x3938_3736_3534_3332)
            #expect(view.getWord(at: 7) == 0x0000_0000_0039_3837)
            #expect(view.getWord(at: 10) == 0)
        }
        withTextView(of: "") { view in #expect(view.getWord(at: 0) == 0) }
    }
}
