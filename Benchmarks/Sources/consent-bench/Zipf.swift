import Foundation

/// Draws ranks 0..<count with probability proportional to 1 / (rank + 1)^exponent: the skew of consent strings
/// in a bid stream (a few CMP configurations and "accept all" strings dominate, with a long tail).
struct Zipf {
    private let cumulative: [Double]

    init(count: Int, exponent: Double = 1.0) {
        var total = 0.0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(count)
        for rank in 1...count {
            total += 1 / pow(Double(rank), exponent)
            cumulative.append(total)
        }
        self.cumulative = cumulative.map { $0 / total }
    }

    /// A rank, by binary search of the cumulative distribution.
    func next(using random: inout some RandomNumberGenerator) -> Int {
        let target = Double.random(in: 0..<1, using: &random)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
