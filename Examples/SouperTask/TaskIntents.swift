import AppIntents
import Foundation

/// Creates a task; the title is the action's input, so a shortcut can pass text into it.
struct CreateTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Create Task"
    static let description = IntentDescription("Creates a task in SouperTask.", resultValueName: "Task")

    @Parameter(title: "Title") var title: String
    @Parameter(title: "Due Date") var dueDate: Date

    static var parameterSummary: some ParameterSummary {
        Summary("Create \(\.$title) due \(\.$dueDate)")
    }

    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> & ProvidesDialog {
        await LiveSession.shared.waitIfHeld("CreateTaskIntent")
        guard dueDate > Date() else { throw TaskError.pastDueDate }
        let record = TaskRecord(id: TaskRecord.newIdentifier(), title: title, dueDate: dueDate)
        try TaskStore.save(record)
        LiveSession.shared.saved(record, by: "CreateTaskIntent")
        return .result(value: TaskEntity(record), dialog: "Created “\(title)”.")
    }
}

/// Finds the tasks whose title contains some text (every task when there is none).
struct FindTasksIntent: AppIntent {
    static let title: LocalizedStringResource = "Find Tasks"
    static let description = IntentDescription("Finds tasks by words of their title.", resultValueName: "Tasks")

    @Parameter(title: "Text") var text: String?

    static var parameterSummary: some ParameterSummary {
        Summary("Find tasks matching \(\.$text)")
    }

    func perform() async throws -> some IntentResult & ReturnsValue<[TaskEntity]> {
        guard let text, !text.isEmpty else { return .result(value: try await TaskQuery().suggestedEntities()) }
        return .result(value: try await TaskQuery().entities(matching: text))
    }
}

/// Deletes a task after the person confirms.
struct DeleteTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Delete Task"
    static let description = IntentDescription("Deletes a task from SouperTask.")

    @Parameter(title: "Task") var task: TaskEntity

    static var parameterSummary: some ParameterSummary {
        Summary("Delete \(\.$task)")
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(dialog: "Delete “\(task.title)”?")
        try TaskStore.delete(id: task.id)
        LiveSession.shared.deleted(id: task.id, by: "DeleteTaskIntent")
        return .result(dialog: "Deleted “\(task.title)”.")
    }
}

/// Changes a task's title or due date.
struct EditTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Edit Task"
    static let description = IntentDescription("Changes a task's title or due date.", resultValueName: "Task")

    @Parameter(title: "Task") var task: TaskEntity
    @Parameter(title: "New Title") var newTitle: String?
    @Parameter(title: "New Due Date") var newDueDate: Date?

    static var parameterSummary: some ParameterSummary {
        Summary("Edit \(\.$task)") {
            \.$newTitle
            \.$newDueDate
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> & ProvidesDialog {
        guard var record = try TaskStore.task(id: task.id) else { throw $task.needsValueError("Which task?") }
        if let newDueDate {
            guard newDueDate > Date() else { throw TaskError.pastDueDate }
            record.dueDate = newDueDate
        }
        if let newTitle { record.title = newTitle }
        try TaskStore.save(record)
        LiveSession.shared.saved(record, by: "EditTaskIntent")
        return .result(value: TaskEntity(record), dialog: "Updated “\(record.title)”.")
    }
}

/// SouperTask's App Shortcuts.
struct SouperTaskShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: CreateTaskIntent(),
            phrases: ["Create a task in \(.applicationName)", "Add a \(.applicationName) task"],
            shortTitle: "Create Task", systemImageName: "plus.circle")
        AppShortcut(
            intent: FindTasksIntent(), phrases: ["Find tasks in \(.applicationName)"],
            shortTitle: "Find Tasks", systemImageName: "magnifyingglass")
        AppShortcut(
            intent: OpenTaskIntent(), phrases: ["Open \(\.$task) in \(.applicationName)"],
            shortTitle: "Open Task", systemImageName: "checkmark.circle")
    }
}

/// Opens a task in SouperTask: it runs in the foreground, so `shortcuts` opens the app with the
/// result, as a user activity would on a Mac.
struct OpenTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Task"
    static let description = IntentDescription("Shows a task in SouperTask.")
    static let supportedModes: IntentModes = .foreground

    @Parameter(title: "Task") var task: TaskEntity

    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> & ProvidesDialog {
        .result(value: task, dialog: "Opening “\(task.title)”.")
    }
}
