/// The exit status of a `consent` run, with the meanings of swift-argument-parser and sysexits(3).
struct ExitCode: Hashable, Sendable, CustomStringConvertible {
    /// The value handed to `exit`.
    let rawValue: Int32

    /// Everything worked; also `--help` and `--version`.
    static let success = ExitCode(rawValue: 0)
    /// Some input failed: it did not decode (or encode), or `lint` found an error-level diagnostic.
    static let failure = ExitCode(rawValue: 1)
    /// The command line was wrong (`EX_USAGE`): unknown option, missing value, bad `--kind`.
    static let usage = ExitCode(rawValue: 64)
    /// Standard output could not be written (`EX_IOERR`): a full disk, a device error. A reader that went away
    /// (`consent ... | head`) is not one.
    static let outputFailed = ExitCode(rawValue: 74)

    /// The worse of two outcomes: a failed output beats usage beats failure beats success.
    func combined(with other: ExitCode) -> ExitCode {
        rawValue >= other.rawValue ? self : other
    }

    var description: String { String(rawValue) }
}
