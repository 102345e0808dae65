import Foundation

/// Reads iOS preferences (`Library/Preferences/<bundle id>.plist`, `defaults export` output, or what `defaults read`
/// prints): XML and binary property lists through Foundation's `PropertyListSerialization`, the text form with
/// ``DefaultsText``, since `defaults read` prints data as `{length = 4, bytes = 0x01020304}`, which no old-style
/// property-list parser reads. The text form stores every value as text, which is how the keys are read anyway.
package enum PropertyListPreferences {
    /// True when the bytes start like a property list: `bplist` or an XML document with a `<plist` element.
    package static func matches(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<plist") || head.contains("<!DOCTYPE plist")
    }

    /// True when `text` starts like what `defaults read` prints (`{`, a key, `=`): a JSON object never does, so an
    /// error there is one of this form, and is worth reporting as such rather than as bad JSON.
    package static func isDefaultsText(_ text: String) -> Bool {
        var scanner = DefaultsText(Array(text.utf8))
        return scanner.startsWithEntry()
    }

    /// The top-level entries, sorted by key (a property-list dictionary has no order); arrays, dictionaries and data
    /// are left out (no IAB key holds one).
    /// - Throws: `badPropertyList` when the bytes are not a property list with a dictionary at the top, or not the
    ///   text `defaults read` prints (the message names what was expected, and the line).
    package static func entries(_ bytes: [UInt8]) throws(InputError) -> [(key: String, value: AppPreferences.Value)] {
        guard matches(bytes) else {
            var text = DefaultsText(bytes)
            let dictionary = try text.dictionary()
            return dictionary.keys.sorted().compactMap { key in dictionary[key].map { (key, $0) } }
        }
        if bytes.starts(with: Array("bplist00".utf8)), let problem = BinaryPropertyListCheck.problem(in: bytes) {
            throw InputError("badPropertyList", "not a readable binary property list: \(problem)")
        }
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
            // A whole number is one (NSUserDefaults' integerForKey reads a real 2.0 as 2); a fraction is a real.
            if double == double.rounded(), abs(double) < 1e15 { return .integer(number.intValue) }
            return .float(double)
        }
        return nil
    }
}
