import ConsentInput
import ConsentKit

/// For what a CMP's `__tcfapi` returned (a TCData object): what the object says against what its own TC string
/// says, so that a CMP whose API and string disagree (a stale object, a string written before the last choice)
/// is caught. Only the members the object has are compared; a TCData's vendor maps may list only the vendors a
/// caller asked for, so an id it leaves out is no difference.
enum CMPDataChecks {
    /// A TCData member and the key of the same field in the TC string's JSON form.
    private static let fields: [(member: String, key: String)] = [
        ("cmpId", "cmpId"), ("cmpVersion", "cmpVersion"), ("tcfPolicyVersion", "policyVersion"),
        ("isServiceSpecific", "isServiceSpecific"), ("useNonStandardTexts", "useNonStandardTexts"),
        ("useNonStandardStacks", "useNonStandardTexts"), ("purposeOneTreatment", "purposeOneTreatment"),
        ("publisherCC", "publisherCountryCode"),
    ]

    /// A TCData map of ids to booleans (by its path in the object) and the TC string's set of the same ids.
    private static let idMaps: [(path: [String], key: String)] = [
        (["purpose", "consents"], "purposeConsents"),
        (["purpose", "legitimateInterests"], "purposeLegitimateInterests"),
        (["vendor", "consents"], "vendorConsents"),
        (["vendor", "legitimateInterests"], "vendorLegitimateInterests"),
        (["specialFeatureOptins"], "specialFeatureOptins"),
    ]

    /// One warning per member that differs from the TC string; nothing for other inputs.
    static func diagnostics(for decoded: DecodedInput) -> [Diagnostic] {
        guard decoded.input.form == .cmpAPI, let data = decoded.input.cmpData,
            let tcString = decoded.decoded(.tcf)?.json.objectValue
        else { return [] }
        var findings: [Diagnostic] = []
        for field in fields {
            guard let said = data[field.member], !said.isNull, let encoded = tcString[field.key], said != encoded
            else { continue }
            findings.append(
                mismatch(
                    field.member,
                    "is \(said.serialized()); the TC string's \(field.key) is \(encoded.serialized())"
                )
            )
        }
        for map in idMaps {
            let member = map.path.reduce(JSONValue.object(data) as JSONValue?) { value, key in value?[key] }
            guard let said = member?.objectValue, let encoded = tcString[map.key]?.arrayValue else { continue }
            let set = Set(encoded.compactMap(\.intValue))
            var onlySaid: [Int] = []
            var onlyEncoded: [Int] = []
            for (key, value) in said {
                guard let id = Int(key), let flag = value.boolValue, flag != set.contains(id) else { continue }
                if flag { onlySaid.append(id) } else { onlyEncoded.append(id) }
            }
            guard !onlySaid.isEmpty || !onlyEncoded.isEmpty else { continue }
            var parts: [String] = []
            if !onlySaid.isEmpty { parts.append("true where the string has not \(list(onlySaid))") }
            if !onlyEncoded.isEmpty { parts.append("false where the string has \(list(onlyEncoded))") }
            let name = map.path.joined(separator: ".")
            findings.append(mismatch(name, "differs from the TC string's \(map.key): " + parts.joined(separator: "; ")))
        }
        return findings
    }

    /// `ids` ascending, separated by commas.
    private static func list(_ ids: [Int]) -> String { ids.sorted().map(String.init).joined(separator: ", ") }

    private static func mismatch(_ member: String, _ what: String) -> Diagnostic {
        Diagnostic(.warning, code: "cmpDataMismatch", field: member, message: "the CMP API's \(member) \(what)")
    }
}
