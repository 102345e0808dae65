/// A broken invariant: what a fuzz target reports (and the libFuzzer entry point turns into a crash).
public struct FuzzViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The target whose invariant broke.
    public let target: FuzzTarget
    /// What broke, with the values involved.
    public let message: String
    /// For a known bug that is not fixed yet: the `Fuzz/Regressions/` file that records it (listed in
    /// `Regressions/open.txt`). The libFuzzer entry point lets such violations pass, so that fuzzing gets past
    /// them; the regression tests still see them.
    public let openRegression: String?

    /// Makes a violation report.
    public init(_ target: FuzzTarget, _ message: String, openRegression: String? = nil) {
        self.target = target
        self.message = message
        self.openRegression = openRegression
    }

    /// `Target: message`.
    public var description: String { "\(target.rawValue): \(message)" }
}

/// Collects the first broken invariant of one run; `check` calls read as the invariants they state.
struct InvariantChecker {
    let target: FuzzTarget
    private(set) var violation: FuzzViolation?

    init(_ target: FuzzTarget) { self.target = target }

    /// Records `message()` when `condition` is false (only the first failure is kept).
    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition && violation == nil { violation = FuzzViolation(target, message()) }
    }

    /// Records a failure.
    mutating func fail(_ message: String) { check(false, message) }

    /// Records a failure that is a known, unfixed bug recorded in `Fuzz/Regressions/<regression>`.
    mutating func open(_ regression: String, _ message: String) {
        if violation == nil { violation = FuzzViolation(target, message, openRegression: regression) }
    }
}
