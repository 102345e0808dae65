extension USPrivacyString {
    /// Has the user opted out of the sale of personal information? `true` for `Y`, `false` for `N`, nil for `-`
    /// (CCPA does not apply, or the writer did not know).
    @inlinable public var hasOptedOutOfSale: Bool? { optOutSale.boolValue }

    /// Was the user given notice and the opportunity to opt out? nil for `-`.
    @inlinable public var wasGivenNotice: Bool? { notice.boolValue }

    /// Is the transaction covered by the IAB Limited Service Provider Agreement? nil for `-`.
    @inlinable public var isLSPACovered: Bool? { lspaCovered.boolValue }

    /// False only for `1---`: any `Y` or `N` says CCPA applies to the user (usp.md §2).
    @inlinable
    public var ccpaApplies: Bool {
        notice != .notApplicable || optOutSale != .notApplicable || lspaCovered != .notApplicable
    }

    /// True when Opt-Out Sale is `-` while another letter is not: "CCPA does not apply" mixed with real
    /// signals, the error-level rule of usp.md §3.
    @inlinable
    static func mixesNotApplicableWithSignals(
        notice: USPrivacyFlag,
        optOutSale: USPrivacyFlag,
        lspaCovered: USPrivacyFlag
    ) -> Bool {
        optOutSale == .notApplicable && (notice != .notApplicable || lspaCovered != .notApplicable)
    }
}
