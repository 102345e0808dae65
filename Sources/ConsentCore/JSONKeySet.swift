/// The keys one JSON object of a consent string's JSON form may have (spec/json.md), for refusing the others.
///
/// A reader that takes the keys it knows and ignores the rest turns a misspelt key (`"purposeConsent"`, `"gpc"` in
/// a section without a GPC subsection) into a string that silently says something else, and a key given twice
/// into whichever of its values the reader happens to see. ``firstUnexpectedKey(in:)`` finds both.
public struct JSONKeySet: Sendable {
    private let table: StaticKeyTable
    private let keys: [StaticString]

    /// The set of `keys` (at most 64).
    public init(_ keys: [StaticString]) {
        precondition(keys.count <= 64, "a JSON key set holds at most 64 keys")
        self.keys = keys
        table = StaticKeyTable(keys)
    }

    /// The first key of `object`, in document order, that is not in the set or that repeats an earlier key;
    /// nil when every key is in the set, each once.
    public func firstUnexpectedKey(in object: JSONObject) -> String? {
        firstUnexpectedMember(in: object)?.key
    }

    /// ``firstUnexpectedKey(in:)`` with where the key starts in the JSON text the object was parsed from
    /// (``JSONObject/keyOffset(at:)``), so that an error can point at it.
    public func firstUnexpectedMember(in object: JSONObject) -> (key: String, keyOffset: Int?)? {
        var seen: UInt64 = 0
        for (position, member) in object.members.enumerated() {
            guard let index = table.index(of: member.key) else { return (member.key, object.keyOffset(at: position)) }
            let bit: UInt64 = 1 << UInt64(index)
            if seen & bit != 0 { return (member.key, object.keyOffset(at: position)) }
            seen |= bit
        }
        return nil
    }

    /// Throws `badJSON` for the ``firstUnexpectedMember(in:)`` of `object`, if any: `field` the key when `names`
    /// (by default this set) spells it, so that a key of another object of the same form is named, and
    /// `characterOffset` where the key starts when the object was parsed from text.
    public func requireOnly(
        _ object: JSONObject,
        format: ConsentFormat,
        segment: StaticString = "",
        naming names: JSONKeySet? = nil
    ) throws(ConsentError) {
        guard let member = firstUnexpectedMember(in: object) else { return }
        throw ConsentError(
            .badJSON,
            format: format,
            segment: segment,
            field: (names ?? self).name(of: member.key) ?? "",
            characterOffset: member.keyOffset
        )
    }

    /// `key` as the static string of this set that spells it, or nil: a key refused in one object may be a key of
    /// another (a restriction's `vendorIds` at the top level), which an error can then name.
    public func name(of key: String) -> StaticString? {
        table.index(of: key).map { keys[$0] }
    }

    /// A set of the keys of all the sets given, for ``name(of:)`` across the objects of one format.
    public static func union(_ sets: [JSONKeySet]) -> JSONKeySet {
        var keys: [StaticString] = []
        for set in sets {
            for key in set.keys where !keys.contains(where: { $0.description == key.description }) { keys.append(key) }
        }
        return JSONKeySet(keys)
    }
}
