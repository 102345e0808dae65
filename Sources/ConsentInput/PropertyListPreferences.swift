import Foundation

/// Reads iOS preferences (`Library/Preferences/<bundle id>.plist`, `defaults export` output, or what `defaults read`
/// prints) in XML, binary or old-style (OpenStep) property-list form, through Foundation's
/// `PropertyListSerialization`. An old-style list stores every value as text, which is how the keys are read anyway.
package enum PropertyListPreferences {
    /// True when the bytes start like a property list: `bplist` or an XML document with a `<plist` element.
    package static func matches(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<plist") || head.contains("<!DOCTYPE plist")
    }

    /// The top-level entries, sorted by key (a property-list dictionary has no order).
    /// - Throws: `badPropertyList` when the bytes are not a property list with a dictionary at the top.
    package static func entries(_ bytes: [UInt8]) throws(InputError) -> [(key: String, value: AppPreferences.Value)] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw InputError("badPropertyList", "not a readable property list (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw InputError("badPropertyList", "the property list does not hold a dictionary of preferences")
        }
        return dictionary.keys.sorted().compactMap { key in
            guard let item = dictionary[key] else { return nil }
            return value(item).map { (key, $0) }
        }
    }

    private static func value(_ item: Any) -> AppPreferences.Value? {
        if type(of: item) == Bool.self, let flag = item as? Bool { return .boolean(flag) }
        if let text = item as? String { return .string(text) }
        if let number = item as? NSNumber {
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 1e15 { return .integer(number.intValue) }
            return .string(number.stringValue)
        }
        return nil
    }
}
