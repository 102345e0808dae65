package import ConsentCore

/// The plan of a TC string's canonical encoding (vendor section forms), made once for the counting and the writing
/// pass: how the GPP encoder writes a `tcfeuv2` section straight into its own writer without making a string of it.
/// The writing methods are not generic, so that the encoder is specialized here, inside TCF.
package struct TCStringCanonicalPlan {
    private let plan: TCString.EncodingPlan

    /// Plans the canonical encoding of `value` (as ``TCString/encoded(options:)`` with `.canonical`).
    /// `borrowing`: an initializer takes its arguments owned, and the caller would copy the TC string for it.
    package init(_ value: borrowing TCString) {
        plan = TCString.EncodingPlan(value)
    }

    /// Counts the canonical encoding of `value`, the value this plan was made for, into `counter`.
    /// - Throws: as ``TCString/encoded(options:)``.
    package func write(_ value: TCString, to counter: inout BitCounter) throws(ConsentError) {
        try value.write(to: &counter, plan: plan)
    }

    /// Writes the canonical encoding of `value`, the value this plan was made for, into `writer` (at a segment
    /// boundary).
    /// - Throws: as ``TCString/encoded(options:)``.
    package func write(_ value: TCString, to writer: inout BitWriter) throws(ConsentError) {
        try value.write(to: &writer, plan: plan)
    }
}
