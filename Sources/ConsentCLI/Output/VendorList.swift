import ConsentInput
import ConsentKit

/// The parts of an IAB Global Vendor List (JSON, format v2 or v3: `vendor-list.json`) that the pretty output
/// uses: vendor names, and the purpose and special feature names in the GVL's language.
struct VendorList: Equatable {
    /// `vendorListVersion`.
    var version: Int?
    /// Vendor id to name.
    var vendors: [Int: String] = [:]
    /// Purpose id to name (overrides the built-in English names, so a translated GVL prints in its language).
    var purposes: [Int: String] = [:]
    /// Special feature id to name.
    var specialFeatures: [Int: String] = [:]

    /// Reads the GVL JSON.
    /// - Throws: a message when the text is not JSON or has no `vendors` object.
    init(json text: String) throws(VendorListError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: text)
        } catch {
            throw VendorListError("not valid JSON (\(error.message))")
        }
        guard let vendors = document["vendors"]?.objectValue else {
            throw VendorListError("no \"vendors\" object: not a Global Vendor List (v2 or v3)")
        }
        version = document["vendorListVersion"]?.intValue
        self.vendors = VendorList.names(vendors)
        purposes = document["purposes"]?.objectValue.map(VendorList.names) ?? [:]
        specialFeatures = document["specialFeatures"]?.objectValue.map(VendorList.names) ?? [:]
    }

    /// Reads the GVL from a file.
    static func load(path: String, io: CommandIO) throws(VendorListError) -> VendorList {
        switch io.readFile(path) {
        case .failure(let error): throw VendorListError(error.description)
        case .success(let bytes):
            // A byte order mark is no part of the JSON, as in a text @FILE.
            let json = ByteOrderMark.dropped(from: bytes)
            do {
                return try VendorList(json: String(decoding: json, as: UTF8.self))
            } catch {
                throw VendorListError("'\(path)': \(error.message)")
            }
        }
    }

    /// `{"12": {"id": 12, "name": "..."}}` to `[12: "..."]`; entries without a name are skipped.
    private static func names(_ object: JSONObject) -> [Int: String] {
        var names: [Int: String] = [:]
        for member in object {
            guard let name = member.value["name"]?.stringValue else { continue }
            guard let id = member.value["id"]?.intValue ?? Int(member.key) else { continue }
            names[id] = name.visibleInTerminal
        }
        return names
    }
}

/// A `--gvl` file that cannot be used.
struct VendorListError: Error, Equatable {
    /// What is wrong with it.
    let message: String

    init(_ message: String) { self.message = message }
}
