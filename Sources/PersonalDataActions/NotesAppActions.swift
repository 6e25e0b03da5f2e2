import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Notes app's own actions (`com.apple.Notes.*`, macOS 26's parameter keys), on the same
/// folder of Markdown notes as Create Note (``NoteActions``). What Notes keeps outside a note's
/// text is kept as Markdown editors keep it:
///
/// | Notes has | Kept as |
/// | --- | --- |
/// | tags | `#tag` words in the note, as Notes writes them; tags no note has yet in `Notes/.tags` |
/// | checklists | Markdown task lines, `- [ ] item` and `- [x] item` |
/// | pinned notes | `Notes/.pinned`, one note's path (`Folder/Title.md`) a line |
/// | note links | a Markdown link to the other note's file |
enum NotesAppActions {
    static let app = "Notes"
    static let folderType = "Notes Folder"
    static let tagType = "Note Tag"
    static let checklistType = "Checklist Item"

    static var all: [ActionDefinition] {
        [
            createFolder, renameFolder, deleteFolders, openFolder, showFolder, moveNotes, deleteNotes, pinNotes, addTags, removeTags,
            createTag, deleteTags, openTag, appendChecklistItem, setChecklistItemsChecked, deleteChecklistItems, revealChecklistItem,
            insertNoteLink, searchNotes,
        ].inApp(app)
    }

    static func root(run: RunContext) -> String { NoteActions.root(run: run) }

    /// The note files a parameter names, and a clear error when it names none.
    static func notes(_ given: Content, parameter: String, run: RunContext) throws -> [String] {
        let paths = try NoteActions.paths(of: given, parameter: parameter, run: run)
        guard !paths.isEmpty else { throw ActionFailure("no note was given", parameter: parameter) }
        return paths
    }

    /// A note's text; a file too big to be a note (or not a regular file) reads as nothing.
    static func read(_ path: String) -> String {
        guard let size = LocalFiles.size(at: path), size <= NoteActions.largestNote,
            (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        else { return "" }
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    static func write(_ text: String, to path: String, parameter: String) throws {
        guard text.utf8.count <= NoteActions.largestNote else {
            throw ActionFailure("the note would be bigger than \(NoteActions.largestNote >> 20) MB", parameter: parameter)
        }
        try StoreFiles.write(Data(text.utf8), to: path)
    }

    static func relative(_ path: String, run: RunContext) -> String { String(path.dropFirst(root(run: run).count + 1)) }

    // MARK: Folders

    static func folder(_ name: String, run: RunContext) -> Content {
        let path = root(run: run) + "/" + name
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".md") }.count
        return .entity(
            EntityContent(
                typeName: folderType, identifier: name, displayTitle: name,
                properties: ["Name": .text(name), "Notes": .number(Double(count))]))
    }

    static func folders(run: RunContext) -> [String] {
        let root = root(run: run)
        return ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// The folder content names: a folder from an earlier action, or a folder's name.
    static func folderName(_ given: Content, parameter: String, run: RunContext) throws -> String {
        let name = (given.entityIdentifier ?? (given.dictionary?["Name"] ?? given).text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ActionFailure("no folder was given", parameter: parameter) }
        guard let found = folders(run: run).first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
            let known = folders(run: run)
            throw ActionFailure(
                "there is no notes folder named “\(name.prefix(60))”"
                    + (known.isEmpty ? "" : "; there are \(known.joined(separator: ", "))"),
                parameter: parameter)
        }
        return found
    }

    /// A path under `folder` no file has yet: `name`, else `name 2`…
    static func freePath(_ folder: String, _ base: String, _ suffix: String) -> String {
        folder + "/" + StoreFiles.freeName(base + suffix, in: folder, wholeName: suffix.isEmpty)
    }

    static func move(_ path: String, to target: String, parameter: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: path, toPath: target)
        } catch {
            throw ActionFailure("can't move \(path) to \(target): \(error.localizedDescription)", parameter: parameter)
        }
    }

    static let openWhenRun = ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false")

    static func openIfAsked(_ parameters: CompiledParameters, _ path: String, run: RunContext) throws {
        if try run.bool(parameters["OpenWhenRun"]) == true { try run.environment.openURL(URL(fileURLWithPath: path)) }
    }

    static let createFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.CreateFolderLinkAction", title: "Create Folder",
            description: "Makes a notes folder ($SHORTCUTS_HOME/Notes/<name>); a name a folder has already is refused.",
            parameters: [ParameterMetadata(key: "name", title: "Folder Name", type: .text, isRequired: true), openWhenRun],
            inputParameter: "name", outputType: folderType, outputName: "Folder", isReadOnly: false, keywords: ["notes", "new folder"])
    ) { parameters in
        { input, run in
            let given = (try run.text(parameters["name"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !given.isEmpty else { throw ActionFailure("the folder needs a name", parameter: "name") }
            let name = CalendarStore.folderName(given)
            guard !folders(run: run).contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ActionFailure("there is already a notes folder named “\(name)”", parameter: "name")
            }
            let path = root(run: run) + "/" + name
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw ActionFailure("can't make the notes folder \(path): \(error.localizedDescription)", parameter: "name")
            }
            try openIfAsked(parameters, path, run: run)
            return folder(name, run: run)
        }
    }

    static let renameFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.RenameFolderLinkAction", title: "Rename Folder",
            description: "Renames a notes folder; a name another folder has is refused.",
            parameters: [
                ParameterMetadata(key: "entity", title: "Folder", type: .content, isRequired: true),
                ParameterMetadata(key: "name", title: "Name", type: .text, isRequired: true),
            ],
            inputParameter: "entity", outputType: folderType, outputName: "Folder", isReadOnly: false, keywords: ["notes"])
    ) { parameters in
        { input, run in
            let old = try folderName(
                parameters["entity"].isAbsent ? input : try run.content(parameters["entity"]), parameter: "entity", run: run)
            let given = (try run.text(parameters["name"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !given.isEmpty else { throw ActionFailure("the folder needs a new name", parameter: "name") }
            let name = CalendarStore.folderName(given)
            guard name == old || !folders(run: run).contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame && $0 != old }) else {
                throw ActionFailure("there is already a notes folder named “\(name)”", parameter: "name")
            }
            let root = root(run: run)
            if name != old {
                try move(root + "/" + old, to: root + "/" + name, parameter: "name")
                try Pins.renamed(prefix: old + "/", to: name + "/", run: run)
            }
            return folder(name, run: run)
        }
    }

    static let deleteFolders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.DeleteFoldersLinkAction", title: "Delete Folders",
            description:
                "Deletes notes folders with their notes; they go to $SHORTCUTS_HOME/Notes/.Recently Deleted, from where they can be put back.",
            parameters: [ParameterMetadata(key: "entities", title: "Folders", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["notes", "remove"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let names = try given.items.map { try folderName($0, parameter: "entities", run: run) }
            guard !names.isEmpty else { throw ActionFailure("no folder was given", parameter: "entities") }
            let root = root(run: run)
            for name in Set(names).sorted() {
                try StoreFiles.moveAside(root + "/" + name, into: root + "/.Recently Deleted", parameter: "entities")
                try Pins.drop(where: { $0.hasPrefix(name + "/") }, run: run)
            }
            return .nothing
        }
    }

    static let openFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.OpenFolderLinkAction", title: "Open Folder",
            description: "Opens a notes folder with the desktop's file manager.",
            parameters: [ParameterMetadata(key: "target", title: "Folder", type: .content, isRequired: true)],
            inputParameter: "target", isReadOnly: false, keywords: ["notes", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let name = try folderName(
                parameters["target"].isAbsent ? input : try run.content(parameters["target"]), parameter: "target", run: run)
            try run.environment.openURL(URL(fileURLWithPath: root(run: run) + "/" + name, isDirectory: true))
            return input
        }
    }

    static let showFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.ICNotesFolderIntent", title: "Show Notes Folder",
            description: "Opens a notes folder, or the folder of every note when none is given, with the desktop's file manager.",
            parameters: [ParameterMetadata(key: "folder", title: "Folder", type: .content)], isReadOnly: false,
            keywords: ["notes", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = try run.content(parameters["folder"])
            var path = root(run: run)
            if !given.isNothing { path += "/" + (try folderName(given, parameter: "folder", run: run)) }
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try run.environment.openURL(URL(fileURLWithPath: path, isDirectory: true))
            return input
        }
    }

    // MARK: Notes

    /// The pinned notes' paths (`Folder/Title.md`), kept in `Notes/.pinned`.
    struct Pins {
        var paths: [String]
        var changed = false

        static func file(run: RunContext) -> String { root(run: run) + "/.pinned" }

        static func load(run: RunContext) -> Pins {
            Pins(paths: read(file(run: run)).split(separator: "\n").map(String.init).filter { !$0.isEmpty })
        }

        func apply(run: RunContext) throws {
            guard changed else { return }
            try StoreFiles.write(Data(paths.map { $0 + "\n" }.joined().utf8), to: Self.file(run: run))
        }

        /// Unpins the notes whose paths `dropped` matches (deleted notes, a deleted folder's).
        static func drop(where dropped: (String) -> Bool, run: RunContext) throws {
            var pins = load(run: run)
            let kept = pins.paths.filter { !dropped($0) }
            guard kept.count != pins.paths.count else { return }
            pins.paths = kept
            pins.changed = true
            try pins.apply(run: run)
        }

        /// Pins under a folder that was renamed follow it.
        static func renamed(prefix: String, to newPrefix: String, run: RunContext) throws {
            var pins = load(run: run)
            pins.paths = pins.paths.map { $0.hasPrefix(prefix) ? newPrefix + $0.dropFirst(prefix.count) : $0 }
            pins.changed = true
            try pins.apply(run: run)
        }
    }

    static let moveNotes = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.MoveNotesToFolderLinkAction", title: "Move Notes to Folder",
            description: "Moves notes to another folder; a note whose name the folder has already gets a number.",
            parameters: [
                ParameterMetadata(key: "container", title: "Folder", type: .content, isRequired: true),
                ParameterMetadata(key: "entities", title: "Notes", type: .content, isRequired: true, isList: true),
            ],
            inputParameter: "entities", outputType: "Note", outputName: "Notes", isReadOnly: false, keywords: ["notes", "file"])
    ) { parameters in
        { input, run in
            let target = try folderName(try run.content(parameters["container"]), parameter: "container", run: run)
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let root = root(run: run)
            var moved: [Content] = []
            var pins = Pins.load(run: run)
            for path in try notes(given, parameter: "entities", run: run) {
                var now = path
                if (path as NSString).deletingLastPathComponent != root + "/" + target {
                    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                    now = freePath(root + "/" + target, base, ".md")
                    try move(path, to: now, parameter: "entities")
                    if let index = pins.paths.firstIndex(of: relative(path, run: run)) {
                        pins.paths[index] = relative(now, run: run)
                        pins.changed = true
                    }
                }
                moved.append(NoteActions.content(at: now, run: run) ?? .nothing)
            }
            try pins.apply(run: run)
            return Content(items: moved)
        }
    }

    static let deleteNotes = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.DeleteNotesLinkAction", title: "Delete Notes",
            description: "Deletes notes; their files go to $SHORTCUTS_HOME/Notes/.Recently Deleted/<folder>.",
            parameters: [ParameterMetadata(key: "entities", title: "Notes", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["notes", "remove"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let root = root(run: run)
            var gone: Set<String> = []
            for path in Set(try notes(given, parameter: "entities", run: run)).sorted() {
                let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
                try StoreFiles.moveAside(path, into: root + "/.Recently Deleted/" + folder, parameter: "entities")
                gone.insert(relative(path, run: run))
            }
            try Pins.drop(where: { gone.contains($0) }, run: run)
            return .nothing
        }
    }

    static let pinNotes = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.PinNotesLinkAction", title: "Pin Notes",
            description: "Pins notes (operation add) or unpins them (remove); pinned notes are listed in $SHORTCUTS_HOME/Notes/.pinned.",
            parameters: [
                ParameterMetadata(
                    key: "operation", title: "Operation", type: .enumeration, options: ["add", "remove"], defaultValue: "add"),
                ParameterMetadata(key: "entities", title: "Note", type: .content, isRequired: true, isList: true),
            ],
            inputParameter: "entities", isReadOnly: false, keywords: ["notes", "pin", "unpin"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let operation = (try run.text(parameters["operation"]) ?? "add").lowercased()
            guard ["add", "remove", "pin", "unpin"].contains(operation) else {
                throw ActionFailure("“\(operation.prefix(40))” is not an operation; use add or remove", parameter: "operation")
            }
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let chosen = try notes(given, parameter: "entities", run: run).map { relative($0, run: run) }
            var pins = Pins.load(run: run)
            if operation == "add" || operation == "pin" {
                pins.paths += chosen.filter { !pins.paths.contains($0) }
            } else {
                pins.paths.removeAll { chosen.contains($0) }
            }
            pins.changed = true
            try pins.apply(run: run)
            return input
        }
    }

    // MARK: Tags

    /// The tags a note's text has, in order, once each: `#` then letters, digits, `-` and `_`,
    /// not inside another word.
    static func tags(in text: String) -> [String] {
        guard let pattern = try? NSRegularExpression(pattern: #"(?<![\p{L}\p{N}_#/])#([\p{L}\p{N}_-]+)"#) else { return [] }
        var found: [String] = []
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            let tag = String(text[range])
            if !found.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { found.append(tag) }
        }
        return found
    }

    /// A tag as a person writes it (`#Work`, `work`, `to do`), as a tag word: `Work`, `to-do`.
    static func tagName(_ text: String, parameter: String) throws -> String {
        let word = text.trimmingCharacters(in: .whitespacesAndNewlines).drop { $0 == "#" }
            .split(whereSeparator: \.isWhitespace).joined(separator: "-")
        guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ActionFailure("“\(text.prefix(40))” can't be a tag: use letters, digits, - and _", parameter: parameter)
        }
        return word
    }

    static func tagNames(_ given: Content, parameter: String) throws -> [String] {
        let names = try given.items.map { try tagName(($0.entityIdentifier ?? $0.text), parameter: parameter) }
        guard !names.isEmpty else { throw ActionFailure("no tag was given", parameter: parameter) }
        return names
    }

    static func tag(_ name: String) -> Content {
        .entity(EntityContent(typeName: tagType, identifier: name, displayTitle: "#" + name, properties: ["Name": .text(name)]))
    }

    static func tagsFile(run: RunContext) -> String { root(run: run) + "/.tags" }

    static func knownTags(run: RunContext) throws -> [String] {
        var all = read(tagsFile(run: run)).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        for path in try NoteActions.paths(run: run) {
            for tag in tags(in: read(path)) where !all.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) {
                all.append(tag)
            }
        }
        return all
    }

    /// A note's text with `tags` added on its last line, the line of tags it ends with or a new one.
    static func adding(_ tags: [String], to text: String) -> String {
        let have = self.tags(in: text)
        let new = tags.filter { tag in !have.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
        guard !new.isEmpty else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let words = new.map { "#" + $0 }.joined(separator: " ")
        if let last = lines.last, !last.isEmpty, last.split(separator: " ").allSatisfy({ $0.hasPrefix("#") && !$0.hasPrefix("# ") }) {
            lines[lines.count - 1] = last + " " + words
        } else {
            lines.append(words)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A note's text without the tag words of `tags`; a line left with nothing goes too.
    static func removing(_ tags: [String], from text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            var kept = line
            for tag in tags {
                let escaped = NSRegularExpression.escapedPattern(for: tag)
                guard
                    let pattern = try? NSRegularExpression(
                        pattern: #"(?<![\p{L}\p{N}_#/])#"# + escaped + #"(?![\p{L}\p{N}_-]) ?"#, options: .caseInsensitive)
                else { continue }
                kept = pattern.stringByReplacingMatches(in: kept, range: NSRange(kept.startIndex..., in: kept), withTemplate: "")
            }
            if kept != line, kept.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            lines.append(kept != line ? String(kept.reversed().drop { $0 == " " }.reversed()) : kept)
        }
        return lines.joined(separator: "\n")
    }

    static let addTags = tagging(
        "com.apple.Notes.AddTagsToNotesLinkAction", title: "Add Tags to Notes",
        description: "Adds tags to notes as #tag words on their last line, as Notes writes them.", change: { adding($0, to: $1) })

    static let removeTags = tagging(
        "com.apple.Notes.RemoveTagsFromNotesLinkAction", title: "Remove Tags from Notes",
        description: "Removes the tags' #tag words from notes.", change: { removing($0, from: $1) })

    /// Add Tags to Notes and Remove Tags from Notes: `change` gives a note's new text from the tags and its text.
    static func tagging(
        _ identifier: String, title: String, description: String, change: @escaping @Sendable ([String], String) -> String
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description,
                parameters: [
                    ParameterMetadata(key: "notes", title: "Notes", type: .content, isRequired: true, isList: true),
                    ParameterMetadata(key: "tags", title: "Tags", type: .content, isRequired: true, isList: true),
                ],
                inputParameter: "notes", outputType: "Note", outputName: "Notes", isReadOnly: false,
                keywords: ["notes", "hashtag", "label"])
        ) { parameters in
            { input, run in
                let tags = try tagNames(try run.content(parameters["tags"]), parameter: "tags")
                let given = parameters["notes"].isAbsent ? input : try run.content(parameters["notes"])
                return Content(
                    items: try notes(given, parameter: "notes", run: run).map { path in
                        let text = read(path)
                        let changed = change(tags, text)
                        if changed != text { try write(changed, to: path, parameter: "tags") }
                        return NoteActions.content(at: path, run: run) ?? .nothing
                    })
            }
        }
    }

    static let createTag = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.CreateTagLinkAction", title: "Create Tag",
            description: "Makes a tag before any note has it (kept in $SHORTCUTS_HOME/Notes/.tags); spaces become dashes.",
            parameters: [ParameterMetadata(key: "name", title: "Tag Name", type: .text, isRequired: true), openWhenRun],
            inputParameter: "name", outputType: tagType, outputName: "Tag", isReadOnly: false, keywords: ["notes", "hashtag"])
    ) { parameters in
        { input, run in
            let name = try tagName(try run.text(parameters["name"]) ?? input.text, parameter: "name")
            let known = try knownTags(run: run)
            if let existing = known.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return tag(existing) }
            try? FileManager.default.createDirectory(atPath: root(run: run), withIntermediateDirectories: true)
            try StoreFiles.write(Data((read(tagsFile(run: run)) + name + "\n").utf8), to: tagsFile(run: run))
            return tag(name)
        }
    }

    static let deleteTags = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.DeleteTagsLinkAction", title: "Delete Tags",
            description: "Deletes tags: their #tag words go from every note, and they from the known tags.",
            parameters: [ParameterMetadata(key: "entities", title: "Tags", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["notes", "hashtag", "remove"])
    ) { parameters in
        { input, run in
            let tags = try tagNames(
                parameters["entities"].isAbsent ? input : try run.content(parameters["entities"]), parameter: "entities")
            let known = try knownTags(run: run)
            for tag in tags where !known.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) {
                throw ActionFailure("there is no tag #\(tag)", parameter: "entities")
            }
            for path in try NoteActions.paths(run: run) {
                let text = read(path)
                let changed = removing(tags, from: text)
                if changed != text { try write(changed, to: path, parameter: "entities") }
            }
            let listed = read(tagsFile(run: run)).split(separator: "\n").map(String.init).filter { name in
                !name.isEmpty && !tags.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
            }
            if FileManager.default.fileExists(atPath: tagsFile(run: run)) {
                try StoreFiles.write(Data(listed.map { $0 + "\n" }.joined().utf8), to: tagsFile(run: run))
            }
            return .nothing
        }
    }

    static let openTag = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.OpenTagLinkAction", title: "Open Tag",
            description:
                "Gives the notes that have the tag (Apple's shows them in the Notes app, which this has no counterpart of).",
            parameters: [ParameterMetadata(key: "target", title: "Tag", type: .content, isRequired: true)],
            inputParameter: "target", outputType: "Note", outputName: "Notes", keywords: ["notes", "hashtag", "browse"])
    ) { parameters in
        { input, run in
            let wanted = try tagNames(parameters["target"].isAbsent ? input : try run.content(parameters["target"]), parameter: "target")
            let found = try NoteActions.paths(run: run).filter { path in
                let have = tags(in: read(path))
                return wanted.allSatisfy { tag in have.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
            }
            return .list(found.compactMap { NoteActions.content(at: $0, run: run) })
        }
    }

    // MARK: Checklists

    /// A task line: its indent, whether it is checked, its text.
    static func task(_ line: String) -> (checked: Bool, text: String)? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        for (marker, checked) in [("- [ ] ", false), ("- [x] ", true), ("- [X] ", true), ("* [ ] ", false), ("* [x] ", true)]
        where trimmed.hasPrefix(marker) {
            return (checked, String(trimmed.dropFirst(marker.count)))
        }
        return nil
    }

    static func checklistItem(_ path: String, line: Int, checked: Bool, text: String, run: RunContext) -> Content {
        let note = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return .entity(
            EntityContent(
                typeName: checklistType, identifier: relative(path, run: run) + "#" + String(line), displayTitle: text,
                properties: ["Name": .text(text), "Is Checked": .boolean(checked), "Note": .text(note)]))
    }

    /// The checklist items content names: items from earlier actions (their line, or their text
    /// if the note has changed since), or items' text in `note`.
    static func checklistItems(_ given: Content, in note: String?, parameter: String, run: RunContext) throws -> [(path: String, line: Int)]
    {
        try given.items.map { item in
            var path = note
            var text = item.text
            var line: Int?
            if case .entity(let entity) = item, entity.typeName == checklistType, let hash = entity.identifier.lastIndex(of: "#") {
                path = root(run: run) + "/" + entity.identifier[..<hash]
                line = Int(entity.identifier[entity.identifier.index(after: hash)...])
                text = entity.properties["Name"]?.text ?? entity.displayTitle
                guard !entity.identifier.contains("..") else {
                    throw ActionFailure("“\(text)” is not a checklist item here", parameter: parameter)
                }
            }
            guard let path else { throw ActionFailure("“\(text.prefix(60))” needs its note", parameter: parameter) }
            let lines = read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let line, line >= 0, line < lines.count, task(lines[line])?.text == text { return (path, line) }
            guard let found = lines.firstIndex(where: { task($0)?.text.caseInsensitiveCompare(text) == .orderedSame }) else {
                throw ActionFailure("the note has no checklist item “\(text.prefix(60))”", parameter: parameter)
            }
            return (path, found)
        }
    }

    static let appendChecklistItem = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.CreateChecklistItemLinkAction", title: "Append Checklist Item",
            description: "Adds an unchecked item (a Markdown task line, - [ ] …) to the end of a note.",
            parameters: [
                ParameterMetadata(key: "name", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(key: "noteEntity", title: "Note", type: .content, isRequired: true), openWhenRun,
            ],
            inputParameter: "name", outputType: checklistType, outputName: "Checklist Item", isReadOnly: false,
            keywords: ["notes", "todo", "task", "list"])
    ) { parameters in
        { input, run in
            let name = (try run.text(parameters["name"]) ?? input.text).replacingOccurrences(of: "\n", with: " ")
                .trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw ActionFailure("the checklist item needs a name", parameter: "name") }
            guard let path = try notes(try run.content(parameters["noteEntity"]), parameter: "noteEntity", run: run).first else {
                throw ActionFailure("no note was given", parameter: "noteEntity")
            }
            var text = read(path)
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            text += "- [ ] " + name + "\n"
            try write(text, to: path, parameter: "name")
            try openIfAsked(parameters, path, run: run)
            return checklistItem(path, line: max(0, line), checked: false, text: name, run: run)
        }
    }

    static let setChecklistItemsChecked = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.SetChecklistItemCheckedLinkActionv2", title: "Set Checklist Items Checked",
            description: "Checks, unchecks or toggles checklist items (every item of the note when none is given).",
            parameters: [
                ParameterMetadata(
                    key: "changeOperation", title: "Change", type: .enumeration, options: ["check", "toggle", "uncheck"],
                    defaultValue: "check"),
                ParameterMetadata(key: "entities", title: "Checklist Item", type: .content, isList: true),
                ParameterMetadata(key: "note", title: "Note", type: .content), openWhenRun,
            ],
            inputParameter: "entities", outputType: checklistType, outputName: "Checklist Items", isReadOnly: false,
            keywords: ["notes", "todo", "done", "tick"])
    ) { parameters in
        { input, run in
            let change = (try run.text(parameters["changeOperation"]) ?? "check").lowercased()
            guard ["check", "toggle", "uncheck"].contains(change) else {
                throw ActionFailure("“\(change.prefix(40))” is not a change; use check, toggle or uncheck", parameter: "changeOperation")
            }
            let noteGiven = try run.content(parameters["note"])
            let note = noteGiven.isNothing ? nil : try notes(noteGiven, parameter: "note", run: run).first
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let chosen: [(path: String, line: Int)]
            if parameters["entities"].isAbsent, let note, !given.items.contains(where: { $0.entityIdentifier != nil }) {
                // No items: every item of the note, each line once (two items may read the same).
                chosen = read(note).split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                    task(String(line)) == nil ? nil : (note, index)
                }
            } else {
                chosen = try checklistItems(given, in: note, parameter: "entities", run: run)
            }
            var changed: [Content] = []
            var texts: [String: [String]] = [:]
            for (path, line) in chosen {
                var lines = texts[path] ?? read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                guard let item = task(lines[line]) else { continue }
                let checked = change == "check" || (change == "toggle" && !item.checked)
                let indent = lines[line].prefix { $0 == " " || $0 == "\t" }
                lines[line] = indent + (checked ? "- [x] " : "- [ ] ") + item.text
                texts[path] = lines
                changed.append(checklistItem(path, line: line, checked: checked, text: item.text, run: run))
            }
            for (path, lines) in texts {
                try write(lines.joined(separator: "\n"), to: path, parameter: "entities")
                try openIfAsked(parameters, path, run: run)
            }
            return Content(items: changed)
        }
    }

    static let deleteChecklistItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.DeleteChecklistItemsLinkAction", title: "Delete Checklist Items",
            description: "Removes checklist items' lines from their notes.",
            parameters: [ParameterMetadata(key: "entities", title: "Checklist Item", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["notes", "todo", "remove"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let found = try checklistItems(given, in: nil, parameter: "entities", run: run)
            for path in Set(found.map(\.path)) {
                var lines = read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for line in Set(found.filter { $0.path == path }.map(\.line)).sorted(by: >) { lines.remove(at: line) }
                try write(lines.joined(separator: "\n"), to: path, parameter: "entities")
            }
            return .nothing
        }
    }

    static let revealChecklistItem = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.OpenChecklistItemLinkAction", title: "Reveal Checklist Item",
            description: "Opens the checklist item's note in the desktop's editor for Markdown.",
            parameters: [ParameterMetadata(key: "target", title: "Checklist Item", type: .content, isRequired: true)],
            inputParameter: "target", isReadOnly: false, keywords: ["notes", "todo", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            for path in Set(try checklistItems(given, in: nil, parameter: "target", run: run).map(\.path)).sorted() {
                try run.environment.openURL(URL(fileURLWithPath: path))
            }
            return input
        }
    }

    // MARK: Links and search

    static let insertNoteLink = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.InsertNoteLinkLinkAction", title: "Insert Note Link",
            description:
                "Adds a link to another note at the end of a note: a Markdown link to its file, named by its title (or by its path).",
            parameters: [
                ParameterMetadata(key: "linkedNote", title: "Linked Note", type: .content, isRequired: true),
                ParameterMetadata(key: "target", title: "Note", type: .content, isRequired: true),
                ParameterMetadata(key: "useNoteTitleAsName", title: "Use Note Title", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "target", outputType: "Note", outputName: "Note", isReadOnly: false, keywords: ["notes", "wiki", "link"])
    ) { parameters in
        { input, run in
            guard let linked = try notes(try run.content(parameters["linkedNote"]), parameter: "linkedNote", run: run).first,
                let target = try notes(
                    parameters["target"].isAbsent ? input : try run.content(parameters["target"]), parameter: "target", run: run
                ).first
            else { throw ActionFailure("no note was given", parameter: "target") }
            let sameFolder = (linked as NSString).deletingLastPathComponent == (target as NSString).deletingLastPathComponent
            let path = sameFolder ? (linked as NSString).lastPathComponent : "../" + relative(linked, run: run)
            let address = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            let title = ((linked as NSString).lastPathComponent as NSString).deletingPathExtension
            let name = try run.bool(parameters["useNoteTitleAsName"]) == false ? path : title
            var text = read(target)
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += "[\(name.replacingOccurrences(of: "]", with: "\\]"))](\(address))\n"
            try write(text, to: target, parameter: "target")
            return NoteActions.content(at: target, run: run) ?? .nothing
        }
    }

    static let searchNotes = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.Notes.ShowNotesAppSearchResultsLinkAction", title: "Show Note and Attachment Search Result",
            description:
                "Finds the notes whose name or text contains the words (Apple's shows them in the Notes app; here they are the output).",
            parameters: [ParameterMetadata(key: "criteria", title: "Criteria", type: .text, isRequired: true)],
            inputParameter: "criteria", outputType: "Note", outputName: "Notes", keywords: ["notes", "find", "search"])
    ) { parameters in
        { input, run in
            let criteria = (try run.text(parameters["criteria"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !criteria.isEmpty else { throw ActionFailure("there is nothing to search for", parameter: "criteria") }
            let words = criteria.split(whereSeparator: \.isWhitespace).map(String.init)
            let found = try NoteActions.paths(run: run).filter { path in
                let text = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "\n" + read(path)
                return words.allSatisfy { text.localizedCaseInsensitiveContains($0) }
            }
            return .list(found.compactMap { NoteActions.content(at: $0, run: run) })
        }
    }
}
