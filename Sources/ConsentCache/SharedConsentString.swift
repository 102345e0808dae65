public import ConsentKit

/// A decoded consent string as the cache holds it: one immutable value shared by every caller that asks for the
/// same string, so that handing it out copies a single reference.
///
/// A decoded TC string is some 300 bytes holding a dozen references (its id sets, restrictions and text);
/// copying the ``ConsentKit/ConsentString`` itself costs more than the cache lookup that found it. Read the fields
/// through ``value`` (`entry.value.format`) or keep the entry; ``ConsentStringCache/value(for:)`` returns a
/// copy when one is wanted.
public final class SharedConsentString: Sendable {
    /// The decoded value.
    public let value: ConsentString

    /// Wraps a decoded value.
    public init(_ value: ConsentString) {
        self.value = value
    }
}
