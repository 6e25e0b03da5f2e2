import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Calendars and reminder lists as folders of iCalendar files, in the vdir layout that khal,
/// todoman and vdirsyncer read and sync (to CalDAV, so a phone sees them):
///
/// ```text
/// $SHORTCUTS_HOME/Calendars/<calendar>/<uid>.ics     one VEVENT each
/// $SHORTCUTS_HOME/Reminders/<list>/<uid>.ics         one VTODO each
/// ```
///
/// A folder's name is the calendar's (a `displayname` file inside overrides it, as vdir says).
/// Removed items go to `.Recently Deleted` beside the calendars, never straight away.
enum CalendarStore {
    enum Kind: Sendable {
        case events, reminders

        var folder: String { self == .events ? "Calendars" : "Reminders" }
        var component: String { self == .events ? "VEVENT" : "VTODO" }
        var defaultCollection: String { self == .events ? "Calendar" : "Reminders" }
        var noun: String { self == .events ? "calendar" : "reminder list" }
    }

    /// One event or reminder, and the file it came from.
    struct Item: Sendable {
        var path: String
        var collection: String
        var document: ICalendar.Component
        var component: ICalendar.Component

        var uid: String { component.text("UID") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
    }

    /// Files bigger than this are not calendar items (vdir keeps one item a file).
    static let largestFile = 1 << 20
    /// How many items a listing reads at most.
    static let mostItems = 20_000

    static func root(_ kind: Kind, run: RunContext) -> String {
        ShortcutsHome.path(in: run.environment.variables) + "/" + kind.folder
    }

    /// The collections' folder names, sorted.
    static func collections(_ kind: Kind, run: RunContext) -> [String] {
        let root = root(kind, run: run)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// A collection's shown name: its `displayname` file, else its folder's name.
    static func displayName(_ folder: String, _ kind: Kind, run: RunContext) -> String {
        let file = root(kind, run: run) + "/" + folder + "/displayname"
        let name = (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return name.isEmpty ? folder : name
    }

    /// The folder of the collection a parameter names (its title, or a calendar picked in the
    /// editor), or the default one; `nil` when it names one that doesn't exist.
    static func collection(named given: Content, _ kind: Kind, run: RunContext) -> String? {
        let name = (given.dictionary?["Title"] ?? given.dictionary?["Name"] ?? given.dictionary?["Identifier"] ?? given).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let existing = collections(kind, run: run)
        guard !name.isEmpty else { return existing.first ?? kind.defaultCollection }
        return existing.first {
            $0.caseInsensitiveCompare(name) == .orderedSame || displayName($0, kind, run: run).caseInsensitiveCompare(name) == .orderedSame
        }
    }

    /// The folder of the collection a parameter names: an entity of `entityType` from an earlier
    /// action (its identifier is the folder), its name, or the first collection when it is empty.
    ///
    /// - Throws: ``ActionFailure`` naming `parameter`, and the collections there are, when it names none.
    static func collection(
        _ given: Content, entityType: String, _ kind: Kind, parameter: String, run: RunContext, allowingNone: Bool = true
    ) throws -> String {
        guard allowingNone || !given.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || given.entityIdentifier != nil
        else {
            throw ActionFailure("no \(kind.noun) was given", parameter: parameter)
        }
        if case .entity(let entity) = given, entity.typeName == entityType, collections(kind, run: run).contains(entity.identifier) {
            return entity.identifier
        }
        guard let folder = collection(named: given, kind, run: run) else {
            let known = collections(kind, run: run).map { displayName($0, kind, run: run) }
            throw ActionFailure(
                "there is no \(kind.noun) named “\(given.text.prefix(60))”"
                    + (known.isEmpty ? "" : "; there are \(known.joined(separator: ", "))"),
                parameter: parameter)
        }
        return folder
    }

    /// A folder name made from what a person calls a collection.
    static func folderName(_ name: String) -> String {
        let cleaned = name.map { "/\\:\0".contains($0) ? "-" : $0 }.reduce(into: "") { $0.append($1) }
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return cleaned.hasPrefix(".") || cleaned.isEmpty ? "Untitled" + cleaned : String(cleaned.prefix(200))
    }

    /// Every item of the kind, in one collection or all; files that aren't iCalendar are skipped.
    static func items(_ kind: Kind, in only: String? = nil, run: RunContext) throws -> [Item] {
        var found: [Item] = []
        for collection in only.map({ [$0] }) ?? collections(kind, run: run) {
            let folder = root(kind, run: run) + "/" + collection
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
            for file in files {
                try run.checkCancelled()
                guard found.count < mostItems else {
                    throw ActionFailure("the \(kind.noun)s hold more than \(mostItems) items; this action reads at most that many")
                }
                if let item = item(at: folder + "/" + file, in: collection, kind) { found.append(item) }
            }
        }
        return found
    }

    /// The item one file holds, or `nil` when it holds none of the kind (or is too big to be one).
    static func item(at path: String, in collection: String, _ kind: Kind) -> Item? {
        guard let size = LocalFiles.size(at: path), size <= largestFile, let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8), let document = try? ICalendar.parse(text).first,
            let component = document.components.first(where: { $0.name == kind.component })
        else { return nil }
        return Item(path: path, collection: collection, document: document, component: component)
    }

    /// The item with a UID: its own file when it is named by it (as this store names them), else found by reading.
    static func item(uid: String, _ kind: Kind, run: RunContext) throws -> Item? {
        let safe = fileName(for: uid)
        for collection in collections(kind, run: run) {
            let path = root(kind, run: run) + "/" + collection + "/" + safe
            if let item = item(at: path, in: collection, kind), item.uid == uid { return item }
        }
        return try items(kind, run: run).first { $0.uid == uid }
    }

    /// The file name an item with this UID gets.
    static func fileName(for uid: String) -> String {
        String(uid.map { $0.isLetter || $0.isNumber || "-_@.".contains($0) ? $0 : "_" }.prefix(200)) + ".ics"
    }

    /// A new item in a collection (made when missing); an existing file is never replaced.
    static func add(_ component: ICalendar.Component, to collection: String, _ kind: Kind, run: RunContext) throws -> Item {
        let folder = root(kind, run: run) + "/" + collection
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make the \(kind.noun) folder \(folder): \(error.localizedDescription)")
        }
        let document = ICalendar.Component(
            name: "VCALENDAR", properties: [.init("VERSION", "2.0"), .init("PRODID", "-//swift-shortcuts//Shortcuts//EN")],
            components: [component])
        let item = Item(
            path: folder + "/" + fileName(for: component.text("UID") ?? UUID().uuidString), collection: collection, document: document,
            component: component)
        guard !FileManager.default.fileExists(atPath: item.path) else {
            throw ActionFailure("an item with the same identifier is already at \(item.path)")
        }
        try write(item)
        return item
    }

    /// Moves an item to another collection, its whole file (time zones, other components) kept:
    /// written there first, then the old file put in `.Recently Deleted`.
    static func move(_ item: Item, to collection: String, _ kind: Kind, run: RunContext) throws -> Item {
        guard collection != item.collection else { return item }
        let folder = root(kind, run: run) + "/" + collection
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make the \(kind.noun) folder \(folder): \(error.localizedDescription)")
        }
        let moved = Item(
            path: folder + "/" + URL(fileURLWithPath: item.path).lastPathComponent, collection: collection, document: item.document,
            component: item.component)
        guard !FileManager.default.fileExists(atPath: moved.path) else {
            throw ActionFailure("an item with the same identifier is already at \(moved.path)")
        }
        try write(moved)
        try remove(item, kind, run: run)
        return moved
    }

    /// Writes an item back over its file, atomically, keeping the file's other components.
    static func write(_ item: Item) throws {
        var document = item.document
        if let index = document.components.firstIndex(where: { $0.name == item.component.name }) {
            document.components[index] = item.component
        } else {
            document.components.append(item.component)
        }
        try StoreFiles.write(Data(ICalendar.serialize(document).utf8), to: item.path)
    }

    /// Moves an item's file to `.Recently Deleted`, under a name no other removed file has.
    static func remove(_ item: Item, _ kind: Kind, run: RunContext) throws {
        try StoreFiles.moveAside(item.path, into: root(kind, run: run) + "/.Recently Deleted/" + item.collection)
    }

    /// Moves a whole collection's folder to `.Recently Deleted`, under a name no other removed
    /// folder there has (`Work 2`…), from where it can be put back.
    static func removeCollection(_ collection: String, _ kind: Kind, parameter: String, run: RunContext) throws {
        let root = root(kind, run: run)
        try StoreFiles.moveAside(root + "/" + collection, into: root + "/.Recently Deleted", parameter: parameter)
    }

    /// The items content names: events or reminders from earlier actions, by their UID.
    static func items(of content: Content, _ kind: Kind, parameter: String, run: RunContext) throws -> [Item] {
        try content.items.map { item in
            guard case .entity(let entity) = item, entity.typeName == (kind == .events ? "Calendar Event" : "Reminder") else {
                throw ActionFailure(
                    "expected a \(kind == .events ? "calendar event" : "reminder"), got \(item.quotedForError)", parameter: parameter)
            }
            guard let found = try self.item(uid: entity.identifier, kind, run: run) else {
                throw ActionFailure("“\(entity.displayTitle)” is no longer in the \(kind.noun)s", parameter: parameter)
            }
            return found
        }
    }
}
