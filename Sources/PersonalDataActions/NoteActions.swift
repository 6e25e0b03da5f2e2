import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Notes as a folder of Markdown files, one a note, named by its first line:
/// `$SHORTCUTS_HOME/Notes/<folder>/<title>.md`, which any editor opens and any sync tool
/// carries. Create Note, Append to Note, Find Notes, Get Note Details and Show Note.
enum NoteActions {
    static let all: [ActionDefinition] = [createNote, appendNote, findNotes, noteDetails, showNote]

    static let defaultFolder = "Notes"
    static let largestNote = 4 << 20
    static let mostNotes = 20_000
    static let detailNames = ["Name", "Body", "Folder", "Creation Date", "Last Modified Date"]

    static func root(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Notes" }

    /// Every note's path, folder by folder.
    static func paths(run: RunContext) throws -> [String] {
        let root = root(run: run)
        var found: [String] = []
        for folder in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter({ !$0.hasPrefix(".") }).sorted() {
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).filter({ $0.hasSuffix(".md") })
                .sorted()
            {
                try run.checkCancelled()
                guard found.count < mostNotes else { throw ActionFailure("the notes folder holds more than \(mostNotes) notes") }
                found.append(root + "/" + folder + "/" + file)
            }
        }
        return found
    }

    /// A note as content: a `Note` entity named by its path under the notes folder.
    static func content(at path: String, run: RunContext) -> Content? {
        guard let size = LocalFiles.size(at: path), size <= largestNote, let data = FileManager.default.contents(atPath: path) else {
            return nil
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent
        var properties: ContentDictionary = [
            "Name": .text(name), "Body": .text(String(decoding: data, as: UTF8.self)),
            "Folder": .text(url.deletingLastPathComponent().lastPathComponent),
        ]
        if let made = attributes?[.creationDate] as? Date { properties["Creation Date"] = .date(made) }
        if let changed = attributes?[.modificationDate] as? Date { properties["Last Modified Date"] = .date(changed) }
        let relative = String(path.dropFirst(root(run: run).count + 1))
        return .entity(EntityContent(typeName: "Note", identifier: relative, displayTitle: name, properties: properties))
    }

    /// The note files content names: notes from earlier actions, or notes' names.
    static func paths(of content: Content, parameter: String, run: RunContext) throws -> [String] {
        let root = root(run: run)
        return try content.items.map { item in
            if case .entity(let entity) = item, entity.typeName == "Note" {
                let path = root + "/" + entity.identifier
                guard !entity.identifier.contains(".."), FileManager.default.fileExists(atPath: path) else {
                    throw ActionFailure("the note “\(entity.displayTitle)” is no longer in the notes folder", parameter: parameter)
                }
                return path
            }
            let name = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard
                let path = try paths(run: run).first(where: {
                    URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent.caseInsensitiveCompare(name) == .orderedSame
                })
            else {
                throw ActionFailure("there is no note named “\(name.prefix(60))”", parameter: parameter)
            }
            return path
        }
    }

    static let createNote = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.mobilenotes.SharingExtension", title: "Create Note",
            description: "Saves the text as a note: a Markdown file in $SHORTCUTS_HOME/Notes/<folder>, named by its first line.",
            parameters: [
                ParameterMetadata(key: "WFCreateNoteInput", title: "Body", type: .text, isRequired: true),
                ParameterMetadata(key: "WFNoteGroup", title: "Folder", type: .content),
                ParameterMetadata(key: "ShowWhenRun", title: "Show Compose Sheet", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFCreateNoteInput", outputType: "Note", outputName: "Note", isReadOnly: false,
            keywords: ["notes", "memo", "markdown", "write"])
    ) { parameters in
        let group = parameters["WFNoteGroup"]
        return { input, run in
            let text = input.items.map(\.text).joined(separator: "\n")
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw ActionFailure("there is no text for the note", parameter: "WFCreateNoteInput")
            }
            let given = try run.content(group)
            let folderName = CalendarStore.folderName(given.isNothing ? defaultFolder : (given.dictionary?["Title"] ?? given).text)
            let folder = root(run: run) + "/" + folderName
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ActionFailure("can't make the notes folder \(folder): \(error.localizedDescription)", parameter: "WFNoteGroup")
            }
            let base = FileNames.title(of: text)
            var path = folder + "/" + base + ".md"
            var number = 2
            // A note never replaces another of the same name.
            while FileManager.default.fileExists(atPath: path) {
                path = folder + "/\(base) \(number).md"
                number += 1
            }
            try StoreFiles.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8), to: path)
            return content(at: path, run: run) ?? .nothing
        }
    }

    static let appendNote = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.appendnote", title: "Append to Note",
            description: "Adds the text to the end of a note, on a line of its own.",
            parameters: [
                ParameterMetadata(key: "WFNote", title: "Note", type: .content, isRequired: true),
                ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true),
            ],
            inputParameter: "WFInput", outputType: "Note", outputName: "Note", isReadOnly: false, keywords: ["notes", "add", "log"])
    ) { parameters in
        let note = parameters["WFNote"]
        return { input, run in
            guard let path = try paths(of: try run.content(note), parameter: "WFNote", run: run).first else {
                throw ActionFailure("no note is given", parameter: "WFNote")
            }
            var text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += input.text + (input.text.hasSuffix("\n") ? "" : "\n")
            guard text.utf8.count <= largestNote else {
                throw ActionFailure("the note would be bigger than \(largestNote >> 20) MB", parameter: "WFInput")
            }
            try StoreFiles.write(Data(text.utf8), to: path)
            return content(at: path, run: run) ?? .nothing
        }
    }

    static let noteProperties = FileFilter.Properties(kind: "notes", names: detailNames, value: { name, item in item.property(name) })

    static let findNotes = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.notes", title: "Find Notes",
            description: "Finds the notes that match the conditions on their name, body, folder or dates, sorted and limited.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Name", "Creation Date", "Last Modified Date", "Folder", "Random"]),
            outputType: "Note", outputName: "Notes", keywords: ["notes", "search"]),
        properties: noteProperties,
        source: { run in .list(try paths(run: run).compactMap { content(at: $0, run: run) }) })

    static let noteDetails = DetailActions.make(
        "is.workflow.actions.properties.note", title: "Get Note Details", of: "Note", properties: detailNames, default: "Body")

    static let showNote = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.shownote", title: "Show Note",
            description: "Opens the note's file in the desktop's editor for Markdown.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Note", type: .content, isRequired: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["notes", "open"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            for path in try paths(of: input, parameter: "WFInput", run: run) { try run.environment.openURL(URL(fileURLWithPath: path)) }
            return input
        }
    }
}
