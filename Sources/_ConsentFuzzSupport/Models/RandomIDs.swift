public import ConsentCore

/// Random id sets in the shapes real strings have, and the edges the formats must handle: empty, a few ids, one
/// dense block, many short runs, every id, alternating ids, just the two ends.
public enum RandomIDs {
    /// A set of ids in `1...maxID` (empty when `maxID` is 0).
    public static func set(upTo maxID: Int, using generator: inout some RandomNumberGenerator) -> IDSet {
        guard maxID >= 1 else { return IDSet() }
        var ids = IDSet()
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:
            break
        case 1, 2:
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                ids.insert(Int.random(in: 1...maxID, using: &generator))
            }
        case 3:
            let start = Int.random(in: 1...maxID, using: &generator)
            ids.insert(contentsOf: start...Int.random(in: start...maxID, using: &generator))
        case 4:
            for _ in 0..<Int.random(in: 1...300, using: &generator) {
                let start = Int.random(in: 1...maxID, using: &generator)
                ids.insert(contentsOf: start...Swift.min(maxID, start + Int.random(in: 0...20, using: &generator)))
            }
        case 5:
            ids.insert(contentsOf: 1...maxID)
        case 6:
            for id in stride(from: 1, through: Swift.min(maxID, 4000), by: 2) { ids.insert(id) }
        default:
            ids.insert(1)
            ids.insert(maxID)
        }
        return ids
    }

    /// A highest id for a vendor section: small, typical, large, or the very last id, 65535.
    public static func maxVendorID(using generator: inout some RandomNumberGenerator) -> Int {
        [1, 10, 45, 300, 1250, 3300, 65_535][Int.random(in: 0..<7, using: &generator)]
    }

    /// A set of ids in `1...count` where each id is in with probability one half (purposes, features).
    public static func bits(_ count: Int, using generator: inout some RandomNumberGenerator) -> IDSet {
        guard count >= 1 else { return IDSet() }
        var ids = IDSet()
        let word = generator.next()
        for id in 1...count where word >> UInt64(id - 1) & 1 == 1 { ids.insert(id) }
        return ids
    }
}
