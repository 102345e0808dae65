import ConsentKit

/// `error    gdprWithoutTCString (gdpr)  message`, coloured: the line of a finding in decode and lint.
func diagnosticLine(_ diagnostic: Diagnostic, source: String? = nil, style: Style) -> String {
    var place = diagnostic.field
    if let source { place = place.isEmpty ? source : source + ": " + place }
    let padding = String(repeating: " ", count: max(1, 8 - diagnostic.severity.rawValue.count))
    return severityLabel(diagnostic.severity, style: style) + padding + style.key(diagnostic.code)
        + (place.isEmpty ? "" : " (\(place))") + "  " + diagnostic.message
}

/// `error`, `warning` or `info`, coloured.
func severityLabel(_ severity: Diagnostic.Severity, style: Style) -> String {
    switch severity {
    case .error: style.failure("error")
    case .warning: style.warning("warning")
    case .info: style.note("info")
    }
}
