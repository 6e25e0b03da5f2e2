import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Reminders app's own actions (its App Intents, `com.apple.reminders.*`), on the same store
/// as Add New Reminder: a folder of iCalendar to-dos per list under `$SHORTCUTS_HOME/Reminders`.
///
/// Sections are kept as the list folder's `sections` file (one name a line) and a reminder's
/// `X-SHORTCUTS-SECTION`; subtasks are to-dos whose `RELATED-TO` names their parent, as
/// RFC 5545 and other to-do apps have them. Parameter keys are Apple's (iOS 26's action database).
enum RemindersAppActions {
    static let app = "Reminders"
    static let listType = "Reminders List"
    static let sectionType = "Reminders List Section"

    static var all: [ActionDefinition] {
        [
            createReminder, createList, deleteLists, deleteReminders, completeReminder, addOrRemoveTags, moveReminders, createSection,
            deleteSections, openList, searchReminders,
        ].inApp(app)
    }

    // MARK: Lists, sections and reminders as content

    /// A list as content: its folder is its identifier.
    static func list(_ folder: String, run: RunContext) -> Content {
        let name = CalendarStore.displayName(folder, .reminders, run: run)
        return .entity(EntityContent(typeName: listType, identifier: folder, displayTitle: name, properties: ["Name": .text(name)]))
    }

    static func section(_ name: String, in folder: String, run: RunContext) -> Content {
        .entity(
            EntityContent(
                typeName: sectionType, identifier: folder + "/" + name, displayTitle: name,
                properties: ["Name": .text(name), "List": .text(CalendarStore.displayName(folder, .reminders, run: run))]))
    }

    /// The list a parameter names (a list from an earlier action, its name, or a picked list), or
    /// the first list when it is empty and `defaulted`.
    static func listFolder(_ given: Content, parameter: String, run: RunContext, allowingNone: Bool = true) throws -> String {
        try CalendarStore.collection(given, entityType: listType, .reminders, parameter: parameter, run: run, allowingNone: allowingNone)
    }

    /// The reminders a parameter names: reminders from earlier actions, picked ones (by their
    /// identifier), or titles.
    static func reminders(_ given: Content, parameter: String, run: RunContext) throws -> [CalendarStore.Item] {
        var found: [CalendarStore.Item] = []
        var everything: [CalendarStore.Item]?
        for item in given.items {
            let identifier: String?
            switch item {
            case .entity(let entity) where entity.typeName == "Reminder": identifier = entity.identifier
            case .dictionary(let fields): identifier = (fields["identifier"] ?? fields["Identifier"])?.text
            default: identifier = nil
            }
            if let identifier {
                guard let reminder = try CalendarStore.item(uid: identifier, .reminders, run: run) else {
                    throw ActionFailure("the reminder “\(item.text.prefix(60))” is no longer in the reminder lists", parameter: parameter)
                }
                found.append(reminder)
                continue
            }
            let title = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let all = try everything ?? CalendarStore.items(.reminders, run: run)
            everything = all
            let matches = all.filter { ($0.component.text("SUMMARY") ?? "").caseInsensitiveCompare(title) == .orderedSame }
            guard !matches.isEmpty else {
                throw ActionFailure("no reminder is called “\(title.prefix(60))”", parameter: parameter)
            }
            found += matches
        }
        return found
    }

    /// The reminders whose parent is one of `parents`, and theirs, in any list.
    static func subtasks(of parents: [CalendarStore.Item], run: RunContext) throws -> [CalendarStore.Item] {
        let all = try CalendarStore.items(.reminders, run: run)
        var wanted = Set(parents.map(\.uid))
        var found: [CalendarStore.Item] = []
        var added = true
        while added {
            added = false
            for item in all where !wanted.contains(item.uid) {
                if let parent = item.component.text("RELATED-TO"), wanted.contains(parent) {
                    wanted.insert(item.uid)
                    found.append(item)
                    added = true
                }
            }
        }
        return found
    }

    static func texts(_ content: Content) -> [String] {
        content.items.flatMap { $0.text.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    static func tags(of task: ICalendar.Component) -> [String] {
        task.properties.filter { $0.name == "CATEGORIES" }.flatMap { ICalendar.listItems($0.value) }
    }

    static func setTags(_ tags: [String], on task: inout ICalendar.Component) {
        var unique: [String] = []
        for tag in tags where !unique.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { unique.append(tag) }
        task.properties.removeAll { $0.name == "CATEGORIES" }
        if !unique.isEmpty { task.set("CATEGORIES", unique.map(ICalendar.escape).joined(separator: ",")) }
    }

    static func touch(_ item: inout CalendarStore.Item, run: RunContext) {
        item.component.set("LAST-MODIFIED", ICalendar.utc(run.environment.now()))
    }

    /// Moves a reminder to another list, its whole file kept; the old file goes to `.Recently Deleted`.
    static func move(_ item: CalendarStore.Item, to folder: String, run: RunContext) throws -> CalendarStore.Item {
        try CalendarStore.move(item, to: folder, .reminders, run: run)
    }

    // MARK: Sections

    static func sectionsFile(_ folder: String, run: RunContext) -> String {
        CalendarStore.root(.reminders, run: run) + "/" + folder + "/sections"
    }

    static func sections(in folder: String, run: RunContext) -> [String] {
        let text = (try? String(contentsOfFile: sectionsFile(folder, run: run), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func writeSections(_ names: [String], in folder: String, run: RunContext) throws {
        try StoreFiles.write(Data(names.map { $0 + "\n" }.joined().utf8), to: sectionsFile(folder, run: run))
    }

    /// The sections a parameter names: sections from earlier actions, or names looked up in
    /// `folder` (every list when `nil`).
    static func sectionNames(_ given: Content, in folder: String?, parameter: String, run: RunContext) throws -> [(
        folder: String, name: String
    )] {
        try given.items.map { item in
            if case .entity(let entity) = item, entity.typeName == sectionType, let slash = entity.identifier.firstIndex(of: "/"),
                CalendarStore.collections(.reminders, run: run).contains(String(entity.identifier[..<slash]))
            {
                return (String(entity.identifier[..<slash]), String(entity.identifier[entity.identifier.index(after: slash)...]))
            }
            let name = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            for candidate in folder.map({ [$0] }) ?? CalendarStore.collections(.reminders, run: run) {
                if let found = sections(in: candidate, run: run).first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                    return (candidate, found)
                }
            }
            throw ActionFailure("there is no list section named “\(name.prefix(60))”", parameter: parameter)
        }
    }

    // MARK: Actions

    static let createReminder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.TTRCreateReminderAppIntent", title: "Create Reminder",
            description:
                "Creates a reminder in a list (an iCalendar to-do in $SHORTCUTS_HOME/Reminders/<list>), with its notes, due date, priority, flag, tags, URL, section, parent and subtasks.",
            parameters: [
                ParameterMetadata(key: "title", title: "Title", type: .text, isRequired: true),
                ParameterMetadata(key: "notes", title: "Notes", type: .text),
                ParameterMetadata(key: "dueDate", title: "Due Date", type: .date),
                ParameterMetadata(key: "isAllDay", title: "All-Day", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "targetList", title: "Target List", type: .content),
                ParameterMetadata(key: "targetSection", title: "List Section", type: .content),
                ParameterMetadata(key: "parentReminder", title: "Parent Reminder", type: .content),
                ParameterMetadata(
                    key: "priorityLevel", title: "Priority", type: .enumeration, options: ["None", "Low", "Medium", "High"],
                    defaultValue: "None"),
                ParameterMetadata(key: "flags", title: "Flagged", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "tags", title: "Tags", type: .text, isList: true),
                ParameterMetadata(key: "urls", title: "URLs", type: .url, isList: true),
                ParameterMetadata(key: "subtasks", title: "Subtasks", type: .text, isList: true),
            ],
            inputParameter: "title", outputType: "Reminder", outputName: "Reminder", isReadOnly: false,
            keywords: ["todo", "task", "add", "new"])
    ) { parameters in
        { input, run in
            func first(_ keys: String...) -> ParameterExpression { keys.lazy.map { parameters[$0] }.first { !$0.isAbsent } ?? .absent }
            let title = (try run.text(first("title", "name")) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw ActionFailure("the reminder needs a title", parameter: "title") }
            let parent = try run.content(parameters["parentReminder"])
            let parentItem = parent.isNothing ? nil : try reminders(parent, parameter: "parentReminder", run: run).first
            let listGiven = try run.content(parameters["targetList"])
            let folder: String
            if !listGiven.isNothing {
                folder = try listFolder(listGiven, parameter: "targetList", run: run)
            } else if let parentItem {
                folder = parentItem.collection
            } else {
                folder = CalendarStore.collection(named: .nothing, .reminders, run: run) ?? CalendarStore.Kind.reminders.defaultCollection
            }
            var task = ReminderActions.newTask(title, now: run.environment.now())
            if let notes = try run.text(first("notes", "note")), !notes.isEmpty { task.setText("DESCRIPTION", notes) }
            let due = first("dueDate", "dueDateComponents")
            if !due.isAbsent {
                let date = try DateParameters.date(due, parameter: "dueDate", run: run)
                if try run.bool(parameters["isAllDay"]) == true {
                    task.set("DUE", ICalendar.day(date, zone: run.environment.timeZone), parameters: [("VALUE", "DATE")])
                } else {
                    ReminderActions.setDue(date, on: &task)
                }
            }
            let priority = try run.text(parameters["priorityLevel"]) ?? "None"
            guard let level = ReminderActions.priorityValue(priority.isEmpty ? "None" : priority) else {
                throw ActionFailure("“\(priority.prefix(40))” is not a priority; use None, Low, Medium or High", parameter: "priorityLevel")
            }
            if level > 0 { task.set("PRIORITY", String(level)) }
            if try run.bool(parameters["flags"]) == true { task.set("X-SHORTCUTS-FLAGGED", "1") }
            setTags(texts(try run.content(first("tags", "hashtags"))), on: &task)
            if let link = try run.content(parameters["urls"]).items.map(\.text).first(where: { !$0.isEmpty }) { task.set("URL", link) }
            let sectionGiven = try run.content(parameters["targetSection"])
            if !sectionGiven.isNothing {
                guard let section = try sectionNames(sectionGiven, in: folder, parameter: "targetSection", run: run).first else {
                    throw ActionFailure("no list section was given", parameter: "targetSection")
                }
                task.setText("X-SHORTCUTS-SECTION", section.name)
            }
            if let parentItem { task.set("RELATED-TO", parentItem.uid, parameters: [("RELTYPE", "PARENT")]) }
            let item = try CalendarStore.add(task, to: folder, .reminders, run: run)
            for subtask in try run.content(parameters["subtasks"]).items.map(\.text) where !subtask.isEmpty {
                var child = ReminderActions.newTask(subtask, now: run.environment.now())
                child.set("RELATED-TO", item.uid, parameters: [("RELTYPE", "PARENT")])
                _ = try CalendarStore.add(child, to: folder, .reminders, run: run)
            }
            return ReminderActions.content(item, run: run)
        }
    }

    static let createList = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.TTRCreateListAppIntent", title: "Create List",
            description:
                "Creates a reminder list: a folder under $SHORTCUTS_HOME/Reminders with the name in its displayname file. A name another list has gets a folder of its own.",
            parameters: [ParameterMetadata(key: "name", title: "List Name", type: .text, isRequired: true)],
            inputParameter: "name", outputType: listType, outputName: "List", isReadOnly: false, keywords: ["reminders", "new list"])
    ) { parameters in
        { input, run in
            let name = (try run.text(parameters["name"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw ActionFailure("the list needs a name", parameter: "name") }
            let root = CalendarStore.root(.reminders, run: run)
            let base = CalendarStore.folderName(name)
            let folder = StoreFiles.freeName(base, in: root, wholeName: true)
            do {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
                try StoreFiles.write(Data((name + "\n").utf8), to: root + "/" + folder + "/displayname")
            } catch {
                throw ActionFailure("can't make the list folder \(root)/\(folder): \(error)", parameter: "name")
            }
            return list(folder, run: run)
        }
    }

    static let deleteLists = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.DeleteListsAppIntent", title: "Delete Lists",
            description:
                "Deletes reminder lists with their reminders; their folders go to $SHORTCUTS_HOME/Reminders/.Recently Deleted, from where they can be put back.",
            parameters: [ParameterMetadata(key: "entities", title: "Reminders List", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["remove", "reminders"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let folders = try given.items.map { try listFolder($0, parameter: "entities", run: run, allowingNone: false) }
            guard !folders.isEmpty else { throw ActionFailure("no list was given", parameter: "entities") }
            for folder in Set(folders).sorted() {
                try CalendarStore.removeCollection(folder, .reminders, parameter: "entities", run: run)
            }
            return .nothing
        }
    }

    static let deleteReminders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.DeleteRemindersAppIntent", title: "Delete Reminders and Subtasks",
            description: "Deletes reminders, and their subtasks unless told not to; their files go to the lists' Recently Deleted folder.",
            parameters: [
                ParameterMetadata(key: "entities", title: "Reminder", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "deleteSubtasks", title: "Delete Subtasks", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "entities", isReadOnly: false, keywords: ["remove", "todo"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let chosen = try reminders(given, parameter: "entities", run: run)
            let children = try run.bool(parameters["deleteSubtasks"]) == false ? [] : try subtasks(of: chosen, run: run)
            var removed = Set<String>()
            for item in chosen + children where removed.insert(item.path).inserted {
                try CalendarStore.remove(item, .reminders, run: run)
            }
            return .nothing
        }
    }

    static let completeReminder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.CompleteReminderAppIntent", title: "Set Reminder completion state",
            description: "Marks a reminder done or not done, and its subtasks too when asked.",
            parameters: [
                ParameterMetadata(key: "reminder", title: "Reminder", type: .content, isRequired: true),
                ParameterMetadata(key: "isCompleted", title: "Completed", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "completeSubtasks", title: "Complete subtasks", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "reminder", outputType: "Reminder", outputName: "Reminder", isReadOnly: false,
            keywords: ["done", "check", "complete", "todo"])
    ) { parameters in
        { input, run in
            let given = parameters["reminder"].isAbsent ? input : try run.content(parameters["reminder"])
            let chosen = try reminders(given, parameter: "reminder", run: run)
            guard !chosen.isEmpty else { throw ActionFailure("no reminder was given", parameter: "reminder") }
            let done = try run.bool(parameters["isCompleted"]) ?? true
            let children = try run.bool(parameters["completeSubtasks"]) == true ? try subtasks(of: chosen, run: run) : []
            var changed: [Content] = []
            for (index, var item) in (chosen + children).enumerated() {
                item.component.set("STATUS", done ? "COMPLETED" : "NEEDS-ACTION")
                item.component.set("COMPLETED", done ? ICalendar.utc(run.environment.now()) : nil)
                item.component.set("PERCENT-COMPLETE", done ? "100" : nil)
                touch(&item, run: run)
                try CalendarStore.write(item)
                if index < chosen.count { changed.append(ReminderActions.content(item, run: run)) }
            }
            return Content(items: changed)
        }
    }

    static let addOrRemoveTags = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.AddOrRemoveTagsAppIntent", title: "Add or Remove Tags",
            description: "Adds tags to reminders or removes them (the to-dos' CATEGORIES, which other to-do apps show as tags).",
            parameters: [
                ParameterMetadata(
                    key: "operation", title: "Operation", type: .enumeration, options: ["Add", "Remove"], defaultValue: "Add"),
                ParameterMetadata(key: "reminders", title: "Reminders", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "tags", title: "Tags", type: .text, isRequired: true, isList: true),
            ],
            inputParameter: "reminders", outputType: "Reminder", outputName: "Reminders", isReadOnly: false, keywords: ["hashtag", "label"])
    ) { parameters in
        { input, run in
            let operation = (try run.text(parameters["operation"]) ?? "Add").lowercased()
            guard ["add", "remove"].contains(operation) else {
                throw ActionFailure("“\(operation.prefix(40))” is not an operation; use Add or Remove", parameter: "operation")
            }
            let given = parameters["reminders"].isAbsent ? input : try run.content(parameters["reminders"])
            let tags = texts(try run.content(parameters["tags"]))
            guard !tags.isEmpty else { throw ActionFailure("no tag was given", parameter: "tags") }
            var changed: [Content] = []
            for var item in try reminders(given, parameter: "reminders", run: run) {
                let current = RemindersAppActions.tags(of: item.component)
                let updated =
                    operation == "add"
                    ? current + tags : current.filter { tag in !tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
                setTags(updated, on: &item.component)
                touch(&item, run: run)
                try CalendarStore.write(item)
                changed.append(ReminderActions.content(item, run: run))
            }
            return Content(items: changed)
        }
    }

    static let moveReminders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.MoveRemindersAppIntent", title: "Move Reminders",
            description: "Moves reminders to another list, into a section of a list, or under a parent reminder as its subtasks.",
            parameters: [
                ParameterMetadata(key: "reminders", title: "Reminders", type: .content, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "targetType", title: "Target Type", type: .enumeration, options: ["List", "Section", "Parent Reminder"],
                    defaultValue: "List"),
                ParameterMetadata(key: "list", title: "List", type: .content),
                ParameterMetadata(key: "section", title: "Section", type: .content),
                ParameterMetadata(key: "parentReminder", title: "Parent Reminder", type: .content),
            ],
            inputParameter: "reminders", outputType: "Reminder", outputName: "Reminders", isReadOnly: false, keywords: ["list", "subtask"])
    ) { parameters in
        { input, run in
            let given = parameters["reminders"].isAbsent ? input : try run.content(parameters["reminders"])
            let target = (try run.text(parameters["targetType"]) ?? "List").lowercased().replacingOccurrences(of: " ", with: "")
            let chosen = try reminders(given, parameter: "reminders", run: run)
            var folder: String?
            var section: String?
            var parent: CalendarStore.Item?
            switch target {
            case "list", "":
                folder = try listFolder(try run.content(parameters["list"]), parameter: "list", run: run)
            case "section":
                let sectionGiven = try run.content(parameters["section"])
                guard let found = try sectionNames(sectionGiven, in: nil, parameter: "section", run: run).first else {
                    throw ActionFailure("no section was given", parameter: "section")
                }
                (folder, section) = (found.folder, found.name)
            case "parentreminder", "parent":
                parent = try reminders(try run.content(parameters["parentReminder"]), parameter: "parentReminder", run: run).first
                guard let parent else { throw ActionFailure("no parent reminder was given", parameter: "parentReminder") }
                folder = parent.collection
            default:
                throw ActionFailure(
                    "“\(target.prefix(40))” is not a target type; use List, Section or Parent Reminder", parameter: "targetType")
            }
            var moved: [Content] = []
            for var item in chosen {
                if let parent {
                    guard parent.uid != item.uid else {
                        throw ActionFailure("a reminder can't be its own subtask", parameter: "parentReminder")
                    }
                    item.component.set("RELATED-TO", parent.uid, parameters: [("RELTYPE", "PARENT")])
                }
                if target == "section" {
                    item.component.setText("X-SHORTCUTS-SECTION", section)
                } else if folder != item.collection {
                    item.component.set("X-SHORTCUTS-SECTION", nil)
                }
                touch(&item, run: run)
                if let folder, folder != item.collection {
                    item = try move(item, to: folder, run: run)
                } else {
                    try CalendarStore.write(item)
                }
                moved.append(ReminderActions.content(item, run: run))
            }
            return Content(items: moved)
        }
    }

    static let createSection = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.CreateSectionAppIntent", title: "Create Section",
            description: "Adds a section to a reminder list (kept in the list folder's sections file); a name the list has is refused.",
            parameters: [
                ParameterMetadata(key: "name", title: "Section Name", type: .text, isRequired: true),
                ParameterMetadata(key: "list", title: "Parent List", type: .content),
            ],
            inputParameter: "name", outputType: sectionType, outputName: "Section", isReadOnly: false, keywords: ["reminders", "group"])
    ) { parameters in
        { input, run in
            let given = parameters["name"].isAbsent ? parameters["title"] : parameters["name"]
            let name = (try run.text(given) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, !name.contains("\n") else { throw ActionFailure("the section needs a one-line name", parameter: "name") }
            let folder = try listFolder(try run.content(parameters["list"]), parameter: "list", run: run)
            let existing = sections(in: folder, run: run)
            guard !existing.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ActionFailure(
                    "the list “\(CalendarStore.displayName(folder, .reminders, run: run))” already has a section named “\(name)”",
                    parameter: "name")
            }
            try FileManager.default.createDirectory(
                atPath: CalendarStore.root(.reminders, run: run) + "/" + folder, withIntermediateDirectories: true)
            try writeSections(existing + [name], in: folder, run: run)
            return section(name, in: folder, run: run)
        }
    }

    static let deleteSections = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.DeleteSectionsAppIntent", title: "Delete Sections",
            description: "Removes sections from their lists; their reminders stay in the list, outside any section.",
            parameters: [
                ParameterMetadata(key: "entities", title: "Reminders List Section", type: .content, isRequired: true, isList: true)
            ],
            inputParameter: "entities", isReadOnly: false, keywords: ["remove", "reminders"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let chosen = try sectionNames(given, in: nil, parameter: "entities", run: run)
            for folder in Set(chosen.map(\.folder)).sorted() {
                let names = chosen.filter { $0.folder == folder }.map(\.name)
                for var item in try CalendarStore.items(.reminders, in: folder, run: run) {
                    guard let section = item.component.text("X-SHORTCUTS-SECTION"), names.contains(section) else { continue }
                    item.component.set("X-SHORTCUTS-SECTION", nil)
                    touch(&item, run: run)
                    try CalendarStore.write(item)
                }
                try writeSections(sections(in: folder, run: run).filter { !names.contains($0) }, in: folder, run: run)
            }
            return .nothing
        }
    }

    static let openList = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.TTROpenSmartListAppIntent", title: "Open List",
            description:
                "Opens a reminder list's folder with the desktop's to-do app or file manager; Today, Scheduled, All, Flagged and Completed open the folder of every list.",
            parameters: [ParameterMetadata(key: "target", title: "List", type: .content, isRequired: true)],
            isReadOnly: false, keywords: ["show", "reminders"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = try run.content(parameters["target"])
            let smart = ["today", "scheduled", "all", "flagged", "completed", "assigned to me"]
            var path = CalendarStore.root(.reminders, run: run)
            if !smart.contains(given.text.lowercased()) {
                path += "/" + (try listFolder(given, parameter: "target", run: run))
            }
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try run.environment.openURL(URL(fileURLWithPath: path, isDirectory: true))
            return input
        }
    }

    static let searchReminders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.reminders.TTRSearchRemindersAppIntent", title: "Search in Reminders",
            description:
                "Finds the reminders whose title, notes or tags contain the text, in every list (Apple's opens the app's search; here the matches are the output).",
            parameters: [ParameterMetadata(key: "searchPhrase", title: "Text", type: .text, isRequired: true)],
            inputParameter: "searchPhrase", outputType: "Reminder", outputName: "Reminders", keywords: ["find", "todo"])
    ) { parameters in
        { input, run in
            let phrase = (try run.text(parameters["searchPhrase"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !phrase.isEmpty else { throw ActionFailure("there is nothing to search for", parameter: "searchPhrase") }
            let found = try CalendarStore.items(.reminders, run: run).filter { item in
                let task = item.component
                return [task.text("SUMMARY") ?? "", task.text("DESCRIPTION") ?? ""].contains { $0.localizedCaseInsensitiveContains(phrase) }
                    || tags(of: task).contains { $0.localizedCaseInsensitiveContains(phrase) }
            }
            return Content(items: found.map { ReminderActions.content($0, run: run) })
        }
    }
}
