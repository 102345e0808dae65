/// A labelled tree drawn with box-drawing characters, the layout of the pretty output:
///
///     ├─ cmpId              880
///     ├─ purposeConsents    1-3 (3 purposes)
///     │    1  Store and/or access information on a device
///     └─ publisherTC
///        └─ numCustomPurposes  0
struct TreeNode: Equatable {
    /// The field name (a JSON key, so that people can find it in `--json` output).
    var label: String
    /// The value, already formatted (and styled).
    var value: String
    /// Lines printed under the node (names of ids, a table), already styled.
    var lines: [String] = []
    /// Nested fields.
    var children: [TreeNode] = []

    init(_ label: String, _ value: String, lines: [String] = [], children: [TreeNode] = []) {
        self.label = label
        self.value = value
        self.lines = lines
        self.children = children
    }

    /// Widest label that the column of values is aligned to; longer labels push their value out.
    static let maximumLabelWidth = 36

    /// The lines of `nodes` drawn as siblings under `prefix`.
    static func render(_ nodes: [TreeNode], prefix: String = "", style: Style) -> [String] {
        var output: [String] = []
        render(nodes, prefix: prefix, style: style, into: &output)
        return output
    }

    private static func render(_ nodes: [TreeNode], prefix: String, style: Style, into output: inout [String]) {
        let width = min(maximumLabelWidth, nodes.map(\.label.count).max() ?? 0)
        for (index, node) in nodes.enumerated() {
            let isLast = index == nodes.count - 1
            let padding = String(repeating: " ", count: max(0, width - node.label.count))
            var line = prefix + (isLast ? "└─ " : "├─ ") + style.key(node.label)
            if !node.value.isEmpty { line += padding + "  " + node.value }
            output.append(line)
            let childPrefix = prefix + (isLast ? "   " : "│  ")
            for text in node.lines { output.append(childPrefix + "  " + text) }
            render(node.children, prefix: childPrefix, style: style, into: &output)
        }
    }
}
