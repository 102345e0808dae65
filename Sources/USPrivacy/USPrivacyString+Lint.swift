public import ConsentCore

extension USPrivacyString {
    /// The findings of usp.md §3 for a string that decodes:
    /// - error `ccpaNotApplicableMixedWithSignals` (`optOutSale`): Opt-Out Sale is `-` but notice or LSPA is not;
    /// - warning `optOutSaleWithoutNotice` (`notice`): notice `N` and Opt-Out Sale `N`;
    /// - warning `lowercaseLetters`: the text used `y`/`n` (only the lenient decoder accepts it).
    ///
    /// A version other than 1 never decodes, so it has no diagnostic.
    public func lint() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if Self.mixesNotApplicableWithSignals(notice: notice, optOutSale: optOutSale, lspaCovered: lspaCovered) {
            diagnostics.append(
                Diagnostic(
                    .error,
                    code: "ccpaNotApplicableMixedWithSignals",
                    field: "optOutSale",
                    message: "Opt-Out Sale is '-' (CCPA does not apply) but notice or LSPA carries a signal; "
                        + "when CCPA applies, Opt-Out Sale must be Y or N"
                )
            )
        }
        if notice == .no && optOutSale == .no {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    code: "optOutSaleWithoutNotice",
                    field: "notice",
                    message: "the user was not given notice, yet is reported as not having opted out of sale"
                )
            )
        }
        if !isCanonicallyEncoded {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    code: "lowercaseLetters",
                    message: "the string uses lower-case letters; the specification defines only Y, N and -"
                )
            )
        }
        return diagnostics
    }
}
