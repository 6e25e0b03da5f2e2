import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Reminders over ``CalendarStore`` (VTODO files): Add New Reminder, Get Upcoming Reminders,
/// Find Reminders, Get Details of Reminders, Edit Reminder, Remove Reminders and Open Reminders List.
enum ReminderActions {
    static let all: [ActionDefinition] = [
        addReminder, quickReminder, upcomingReminders, findReminders, reminderDetails, editReminder, removeReminders, showList,
    ]

    static let detailNames = [
        "Title", "Due Date", "Is Completed", "Completion Date", "Notes", "List", "Priority", "URL", "Creation Date", "Has Alarms",
        "Is Flagged",
    ]

    /// iCalendar's PRIORITY (1 highest … 9 lowest, 0 none) as Reminders names it.
    static func priorityName(_ value: Int) -> String {
        switch value {
        case 1...4: "High"
        case 5: "Medium"
        case 6...9: "Low"
        default: "None"
        }
    }

    static func priorityValue(_ name: String) -> Int? {
        switch name.lowercased() {
        case "none", "": 0
        case "high", "!!!": 1
        case "medium", "!!": 5
        case "low", "!": 9
        default: nil
        }
    }

    /// A reminder as content: a `Reminder` entity named by its UID.
    static func content(_ item: CalendarStore.Item, run: RunContext) -> Content {
        let zone = run.environment.timeZone
        let task = item.component
        let title = task.text("SUMMARY") ?? ""
        let completed = task.text("STATUS")?.uppercased() == "COMPLETED" || task.first("COMPLETED") != nil
        var properties: ContentDictionary = [
            "Title": .text(title), "Is Completed": .boolean(completed), "Notes": .text(task.text("DESCRIPTION") ?? ""),
            "List": .text(CalendarStore.displayName(item.collection, .reminders, run: run)),
            "Priority": .text(priorityName(Int(task.text("PRIORITY") ?? "") ?? 0)), "URL": task.text("URL").map(Content.text) ?? .nothing,
            "Has Alarms": .boolean(task.components.contains { $0.name == "VALARM" }),
            "Is Flagged": .boolean((task.text("X-APPLE-FLAGGED") ?? task.text("X-SHORTCUTS-FLAGGED")) == "1"),
        ]
        if let due = task.first("DUE").flatMap({ ICalendar.date($0, zone: zone) }) { properties["Due Date"] = .date(due.date) }
        if let done = task.first("COMPLETED").flatMap({ ICalendar.date($0, zone: zone) }) {
            properties["Completion Date"] = .date(done.date)
        }
        if let made = (task.first("CREATED") ?? task.first("DTSTAMP")).flatMap({ ICalendar.date($0, zone: zone) }) {
            properties["Creation Date"] = .date(made.date)
        }
        return .entity(
            EntityContent(
                typeName: "Reminder", identifier: item.uid, displayTitle: title.isEmpty ? "Untitled Reminder" : title,
                properties: properties))
    }

    /// A to-do not yet done, made now.
    static func newTask(_ title: String, now: Date) -> ICalendar.Component {
        var task = ICalendar.Component(name: "VTODO")
        task.set("UID", UUID().uuidString)
        task.set("DTSTAMP", ICalendar.utc(now))
        task.set("CREATED", ICalendar.utc(now))
        task.setText("SUMMARY", title)
        task.set("STATUS", "NEEDS-ACTION")
        return task
    }

    /// Sets a reminder's due date, with an alarm at it as Reminders' "Remind Me" does.
    static func setDue(_ date: Date?, on task: inout ICalendar.Component) {
        task.components.removeAll { $0.name == "VALARM" }
        guard let date else {
            task.set("DUE", nil)
            return
        }
        task.set("DUE", ICalendar.utc(date))
        var alarm = ICalendar.Component(name: "VALARM")
        alarm.set("ACTION", "DISPLAY")
        alarm.setText("DESCRIPTION", task.text("SUMMARY") ?? "Reminder")
        alarm.set("TRIGGER", "PT0S", parameters: [("RELATED", "END")])
        task.components.append(alarm)
    }

    static let addReminder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addnewreminder", title: "Add New Reminder",
            description:
                "Adds a reminder to a list (an iCalendar to-do in $SHORTCUTS_HOME/Reminders/<list>); with an alert, it is due then.",
            parameters: [
                ParameterMetadata(key: "WFCalendarItemTitle", title: "Reminder", type: .text, isRequired: true),
                ParameterMetadata(key: "WFCalendarDescriptor", title: "List", type: .content),
                ParameterMetadata(
                    key: "WFAlertEnabled", title: "Alert", type: .enumeration, options: ["No Alert", "Alert"], defaultValue: "No Alert"),
                ParameterMetadata(key: "WFAlertCustomTime", title: "Time", type: .date),
                ParameterMetadata(
                    key: "WFPriority", title: "Priority", type: .enumeration, options: ["None", "Low", "Medium", "High"],
                    defaultValue: "None"),
                ParameterMetadata(key: "WFFlag", title: "Flag", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFURL", title: "URL", type: .url),
                ParameterMetadata(key: "WFCalendarItemNotes", title: "Notes", type: .text),
            ],
            inputParameter: "WFCalendarItemTitle", outputType: "Reminder", outputName: "New Reminder", isReadOnly: false,
            keywords: ["todo", "task", "remind"])
    ) { parameters in
        { input, run in
            let descriptor =
                parameters["WFCalendarDescriptor"].isAbsent ? parameters["WFCalendarItemCalendar"] : parameters["WFCalendarDescriptor"]
            let list = try CalendarActions.collection(descriptor, .reminders, parameter: "WFCalendarDescriptor", run: run)
            let title = (try run.text(parameters["WFCalendarItemTitle"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw ActionFailure("the reminder needs a title", parameter: "WFCalendarItemTitle") }
            var task = newTask(title, now: run.environment.now())
            if let notes = try run.text(parameters["WFCalendarItemNotes"]), !notes.isEmpty { task.setText("DESCRIPTION", notes) }
            if let link = try run.text(parameters["WFURL"]), !link.isEmpty { task.set("URL", link) }
            let priority = try run.text(parameters["WFPriority"]) ?? "None"
            guard let level = priorityValue(priority) else {
                throw ActionFailure("“\(priority)” is not a priority; use None, Low, Medium or High", parameter: "WFPriority")
            }
            if level > 0 { task.set("PRIORITY", String(level)) }
            if try run.bool(parameters["WFFlag"]) == true { task.set("X-SHORTCUTS-FLAGGED", "1") }
            let alert = try run.text(parameters["WFAlertEnabled"]) ?? "No Alert"
            if alert != "No Alert", alert.lowercased() != "false" {
                setDue(try DateParameters.date(parameters["WFAlertCustomTime"], parameter: "WFAlertCustomTime", run: run), on: &task)
            }
            return content(try CalendarStore.add(task, to: list, .reminders, run: run), run: run)
        }
    }

    static let quickReminder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addquickreminder", title: "Show Quick Reminder",
            description: "Asks for a reminder's title and adds it to the default list.",
            outputType: "Reminder", outputName: "New Reminder", isReadOnly: false, keywords: ["todo", "quick", "remind"])
    ) { _ in
        { _, run in
            let title = try run.environment.prompter.ask("New Reminder", defaultAnswer: nil, inputType: "Text")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw ActionFailure("no reminder was written", code: .cancelled) }
            let list = CalendarStore.collection(named: .nothing, .reminders, run: run) ?? CalendarStore.Kind.reminders.defaultCollection
            var task = newTask(title, now: run.environment.now())
            return content(try CalendarStore.add(task, to: list, .reminders, run: run), run: run)
        }
    }

    static let upcomingReminders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getupcomingreminders", title: "Get Upcoming Reminders",
            description: "Gets the reminders not yet done that are due from now on, soonest first.",
            parameters: [
                ParameterMetadata(key: "WFGetUpcomingItemCount", title: "Count", type: .integer, defaultValue: "1", minimum: 1),
                ParameterMetadata(key: "WFGetUpcomingItemCalendar", title: "List", type: .content),
            ],
            outputType: "Reminder", outputName: "Upcoming Reminders", keywords: ["todo", "due", "next"])
    ) { parameters in
        { _, run in
            let count = try run.wholeNumber(
                parameters["WFGetUpcomingItemCount"], parameter: "WFGetUpcomingItemCount", in: 1...CalendarStore.mostItems, default: 1,
                what: "the count")
            let only =
                parameters["WFGetUpcomingItemCalendar"].isAbsent
                ? nil
                : try CalendarActions.collection(
                    parameters["WFGetUpcomingItemCalendar"], .reminders, parameter: "WFGetUpcomingItemCalendar", run: run)
            let now = run.environment.now()
            let due = try CalendarStore.items(.reminders, in: only, run: run).map { content($0, run: run) }.filter {
                $0.property("Is Completed").boolean != true && ($0.property("Due Date").date.map { $0 >= now } ?? false)
            }
            return .list(
                Array(
                    due.sorted { ($0.property("Due Date").date ?? .distantFuture) < ($1.property("Due Date").date ?? .distantFuture) }
                        .prefix(count)))
        }
    }

    static let reminderProperties = FileFilter.Properties(
        kind: "reminders", names: detailNames, aliases: ["Name": "Title"], value: { name, item in item.property(name) })

    static let findReminders = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.reminders", title: "Find Reminders",
            description: "Finds the reminders of every list that match the conditions, sorted and limited.",
            parameters: FileFilter.parameters(
                input: nil, sortBy: ["Title", "Due Date", "Creation Date", "Completion Date", "List", "Random"]),
            outputType: "Reminder", outputName: "Reminders", keywords: ["todo", "search", "completed"]),
        properties: reminderProperties,
        source: { run in .list(try CalendarStore.items(.reminders, run: run).map { content($0, run: run) }) })

    static let reminderDetails = DetailActions.make(
        "is.workflow.actions.properties.reminders", title: "Get Details of Reminders", of: "Reminder", properties: detailNames,
        default: "List")

    /// The details Edit Reminder sets, and the key each value comes in.
    static let editable: [String: String] = [
        "Title": "WFReminderContentItemTitle", "Notes": "WFReminderContentItemNotes", "Due Date": "WFReminderContentItemDueDate",
        "Is Completed": "WFReminderContentItemIsCompleted", "Priority": "WFReminderContentItemPriority", "URL": "WFReminderContentItemURL",
        "List": "WFReminderContentItemList", "Is Flagged": "WFReminderContentItemIsFlagged",
    ]

    static let editReminder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setters.reminders", title: "Edit Reminder",
            description: "Sets a detail of each reminder: its title, notes, due date, whether it is done, priority, URL, list or flag.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Reminder", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: editable.keys.sorted()),
            ] + editable.values.sorted().map { ParameterMetadata(key: $0, title: "Value", type: .content) },
            inputParameter: "WFInput", outputType: "Reminder", outputName: "Updated Reminder", isReadOnly: false,
            keywords: ["complete", "done", "change", "update"])
    ) { parameters in
        { input, run in
            let detail = try run.text(parameters["WFContentItemPropertyName"]) ?? "Is Completed"
            guard let name = editable.keys.first(where: { $0.caseInsensitiveCompare(detail) == .orderedSame }), let key = editable[name]
            else {
                throw ActionFailure(
                    "“\(detail.prefix(40))” can't be edited; a reminder's editable details are \(editable.keys.sorted().joined(separator: ", "))",
                    parameter: "WFContentItemPropertyName")
            }
            let value = try run.content(parameters[key])
            var edited: [Content] = []
            for var item in try CalendarStore.items(of: input, .reminders, parameter: "WFInput", run: run) {
                switch name {
                case "Title": item.component.setText("SUMMARY", value.text)
                case "Notes": item.component.setText("DESCRIPTION", value.text.isEmpty ? nil : value.text)
                case "URL": item.component.set("URL", value.text.isEmpty ? nil : value.text)
                case "Due Date":
                    setDue(value.isNothing ? nil : try DateParameters.date(of: value, parameter: key, run: run), on: &item.component)
                case "Is Completed":
                    let done = value.boolean ?? true
                    item.component.set("STATUS", done ? "COMPLETED" : "NEEDS-ACTION")
                    item.component.set("COMPLETED", done ? ICalendar.utc(run.environment.now()) : nil)
                    item.component.set("PERCENT-COMPLETE", done ? "100" : nil)
                case "Is Flagged": item.component.set("X-SHORTCUTS-FLAGGED", value.boolean == true ? "1" : nil)
                case "Priority":
                    guard let level = priorityValue(value.text) else {
                        throw ActionFailure("“\(value.text.prefix(40))” is not a priority; use None, Low, Medium or High", parameter: key)
                    }
                    item.component.set("PRIORITY", level == 0 ? nil : String(level))
                default:
                    // List: the reminder moves to the other list's folder.
                    guard let folder = CalendarStore.collection(named: value, .reminders, run: run) else {
                        throw ActionFailure("there is no reminder list named “\(value.text.prefix(60))”", parameter: key)
                    }
                    guard folder != item.collection else { break }
                    try CalendarStore.remove(item, .reminders, run: run)
                    item = try CalendarStore.add(item.component, to: folder, .reminders, run: run)
                    edited.append(content(item, run: run))
                    continue
                }
                item.component.set("LAST-MODIFIED", ICalendar.utc(run.environment.now()))
                try CalendarStore.write(item)
                edited.append(content(item, run: run))
            }
            return Content(items: edited)
        }
    }

    static let removeReminders = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.removereminders", title: "Remove Reminders",
            description: "Removes the reminders from their lists; their files go to the lists' Recently Deleted folder.",
            parameters: [ParameterMetadata(key: "WFInputReminders", title: "Reminders", type: .content, isRequired: true, isList: true)],
            inputParameter: "WFInputReminders", isReadOnly: false, keywords: ["delete", "clear", "todo"])
    ) { _ in
        { input, run in
            for item in try CalendarStore.items(of: input, .reminders, parameter: "WFInputReminders", run: run) {
                try CalendarStore.remove(item, .reminders, run: run)
            }
            return .nothing
        }
    }

    static let showList = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.reminders.showlist", title: "Open Reminders List",
            description: "Opens the list's folder with the desktop's file manager or to-do app.",
            parameters: [ParameterMetadata(key: "WFList", title: "List", type: .content)],
            isReadOnly: false, keywords: ["todo", "show"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let folder = try CalendarActions.collection(parameters["WFList"], .reminders, parameter: "WFList", run: run)
            let path = CalendarStore.root(.reminders, run: run) + "/" + folder
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try run.environment.openURL(URL(fileURLWithPath: path, isDirectory: true))
            return input
        }
    }
}
