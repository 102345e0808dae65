/// App preferences as XML over several lines, as `adb shell cat .../shared_prefs/NAME.xml` prints Android shared
/// preferences (`<map>`) and `plutil -convert xml1 -o - FILE.plist` prints a property list (`<plist>`): from a first
/// line that starts with `<?xml`, `<!DOCTYPE plist`, `<map` or `<plist`, up to the line that closes the root element.
///
/// Neither first line is an input of its own (`<?xml ...?>` alone is `badXML`), and a document written on one line
/// is left alone, so taking such a line as the start of a document changes the reading of no text read before.
package struct PrintedXMLDocument: Sendable {
    /// The name of the root element, once a line has opened it (`map`, `plist`).
    private var root: String?
    /// True once a line has closed the root element (or it closed itself: `<map />`).
    private(set) var isClosed = false

    /// The most lines one document is read over: preferences have an entry a line, and some apps a few thousand.
    package static let maximumLines = 20_000

    /// The document whose first line is `line`; nil unless `line` starts one that it does not close.
    package init?(firstLine line: some StringProtocol) {
        guard ["<?xml", "<!DOCTYPE plist", "<map", "<plist"].contains(where: { line.hasPrefix($0) }) else { return nil }
        read(line)
        if isClosed { return nil }
    }

    /// True until a line has closed the root element.
    package var isOpen: Bool { !isClosed }

    /// Reads the next line: the root element's name from its first start tag, then its end tag.
    package mutating func read(_ line: some StringProtocol) {
        var rest = Substring(line)
        if root == nil {
            // The first `<` followed by a letter: not the `<?xml` prolog, a `<!DOCTYPE` or a `<!--` comment.
            while let open = rest.firstIndex(of: "<") {
                rest = rest[rest.index(after: open)...]
                if rest.hasPrefix("!--") {
                    // A comment's text is no tag (one that goes on to the next line is not followed).
                    guard let end = rest.firstRange(of: "-->") else { break }
                    rest = rest[end.upperBound...]
                    continue
                }
                guard let first = rest.first, first.isASCII, first.isLetter else { continue }
                let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                root = String(name)
                rest = rest[name.endIndex...]
                // `<map />`: an empty document.
                if let end = rest.firstIndex(of: ">"), rest[..<end].hasSuffix("/") {
                    isClosed = true
                    return
                }
                break
            }
        }
        if let root, rest.contains("</" + root + ">") { isClosed = true }
    }
}
