import Foundation
import ShortcutFormat
import ShortcutsPlatform

/// A shortcut shared as an iCloud link, `https://www.icloud.com/shortcuts/<id>`, and how to fetch
/// it: the public record at `…/shortcuts/api/records/<id>` names the shortcut and points at its
/// unsigned file (`fields.shortcut`), or at a signed one (`fields.signedShortcut`) when that is
/// all there is.
///
/// `SHORTCUTS_ICLOUD_URL` (default `https://www.icloud.com`) is where records are looked up, for
/// tests and mirrors; `SHORTCUTS_ICLOUD_TIMEOUT` bounds each request (seconds, default 30).
public struct ICloudLink: Sendable {
    /// The record id: 32 hexadecimal digits, lower case.
    public var identifier: String
    public var link: String

    /// The link in `text`; nil when the text is not a URL at all (so it is a path or a name).
    ///
    /// - Throws: ``Failure`` for a URL that is not an iCloud shortcut link.
    /// Why a link can't be used or fetched, said to the person.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    public init?(parsing text: String) throws(Failure) {
        guard text.hasPrefix("https://") || text.hasPrefix("http://") else { return nil }
        let components = URLComponents(string: text)
        let host = components?.host?.lowercased()
        let parts = components?.path.split(separator: "/") ?? []
        guard host == "www.icloud.com" || host == "icloud.com", parts.count == 2, parts[0] == "shortcuts", parts[1].count == 32,
            parts[1].allSatisfy(\.isHexDigit)
        else {
            throw Failure("\(text) is not a shortcut link (https://www.icloud.com/shortcuts/<32 hexadecimal digits>)")
        }
        identifier = parts[1].lowercased()
        link = text
    }

    /// A shortcut fetched from iCloud: its name, file bytes, and the icon the record gives.
    public struct Fetched: Sendable {
        public var name: String
        public var data: Data
        public var iconColor: Int64?
        public var iconGlyph: Int64?

        /// The file with the record's icon where the file itself has none (an unsigned file only:
        /// a signed one carries its icon, and changing it would break its signature).
        public func withIcon() -> Data {
            guard ShortcutFile.kind(of: data) == .propertyList, iconColor != nil || iconGlyph != nil,
                let document = try? ShortcutFile.open(data, path: "record"), !document.isAutomatorWorkflow,
                document.workflow.iconColor == nil || document.workflow.iconGlyph == nil
            else { return data }
            var workflow = document.workflow
            if workflow.iconColor == nil, let color = iconColor { workflow.iconColor = UInt32(truncatingIfNeeded: color) }
            if workflow.iconGlyph == nil, let glyph = iconGlyph { workflow.iconGlyph = glyph }
            return ShortcutFile.write(workflow, format: document.format)
        }
    }

    /// Fetches the record, then the file it points at.
    ///
    /// - Throws: ``Failure`` saying what happened (not found, deleted, not a shortcut, no
    ///   network), naming the shortcut id and the URL tried.
    public func fetch(environment: [String: String]) throws(Failure) -> Fetched {
        let base = (environment["SHORTCUTS_ICLOUD_URL"] ?? "https://www.icloud.com").trimmingSuffix("/")
        let timeout = environment["SHORTCUTS_ICLOUD_TIMEOUT"].flatMap(TimeInterval.init) ?? 30
        let recordURL = base + "/shortcuts/api/records/" + identifier
        let what = "iCloud shortcut \(identifier) (\(link), looked up at \(recordURL))"
        let (status, body) = try get(recordURL, timeout: timeout, what: what)
        let record = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        if status == 404 || record?["error"] != nil {
            let reason = (record?["reason"] as? String).map { ": \($0)" } ?? ""
            throw Failure("Couldn't find \(what): iCloud has no such shortcut\(reason)")
        }
        guard status == 200, let record else {
            throw Failure("Couldn't read \(what): iCloud answered with status \(status) and no shortcut record")
        }
        if record["deleted"] as? Bool == true {
            throw Failure("Couldn't get \(what): the shortcut was deleted from iCloud")
        }
        let fields = record["fields"] as? [String: Any] ?? [:]
        func value(_ key: String) -> Any? { (fields[key] as? [String: Any])?["value"] }
        let name = value("name") as? String ?? identifier
        let asset = ["shortcut", "signedShortcut"].lazy.compactMap { (value($0) as? [String: Any])?["downloadURL"] as? String }.first
        guard let asset else { throw Failure("Couldn't get \(what): its record has no shortcut file") }
        // The asset URL has a `${f}` placeholder for a file name.
        let fileURL = asset.replacingOccurrences(of: "${f}", with: "shortcut.shortcut")
            .replacingOccurrences(of: "$%7Bf%7D", with: "shortcut.shortcut")
        let (fileStatus, data) = try get(fileURL, timeout: timeout, what: what)
        guard fileStatus == 200 else {
            throw Failure("Couldn't download \(what): its file at \(fileURL) answered with status \(fileStatus)")
        }
        guard ShortcutFile.kind(of: data) != .text else {
            throw Failure("Couldn't use \(what): the file at \(fileURL) is not a shortcut")
        }
        func integer(_ key: String) -> Int64? { (value(key) as? NSNumber)?.int64Value }
        return Fetched(name: name, data: data, iconColor: integer("icon_color"), iconGlyph: integer("icon_glyph"))
    }

    private func get(_ address: String, timeout: TimeInterval, what: String) throws(Failure) -> (Int, Data) {
        guard let url = URL(string: address) else { throw Failure("Couldn't fetch \(what): \(address) is not a URL") }
        do {
            return try HTTPFetch.get(url, timeout: timeout)
        } catch {
            throw Failure("Couldn't fetch \(what): \(error.message) (is the network up?)")
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
