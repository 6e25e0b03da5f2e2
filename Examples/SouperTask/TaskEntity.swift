import AppIntents
import Foundation

/// A task, as Shortcuts sees it: its title, due date and a URL to share.
struct TaskEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Task"
    static let defaultQuery = TaskQuery()

    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Due Date") var dueDate: Date
    @Property(title: "URL") var url: URL

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(title)", subtitle: "Due \(dueDate.formatted(date: .abbreviated, time: .shortened))")
    }

    init(_ record: TaskRecord) {
        id = record.id
        title = record.title
        dueDate = record.dueDate
        url = URL(string: "soupertask://task/\(record.id)")!
    }
}

extension TaskEntity: AppEntityExample {
    static var manifestExample: TaskEntity {
        TaskEntity(TaskRecord(id: "example", title: "Example", dueDate: Date(timeIntervalSince1970: 0)))
    }
}

/// Finds tasks by identifier or by words of their title, and suggests the soonest due.
struct TaskQuery: EntityStringQuery {
    func entities(for identifiers: [TaskEntity.ID]) async throws -> [TaskEntity] {
        try TaskStore.tasks(ids: identifiers).map(TaskEntity.init)
    }

    func entities(matching string: String) async throws -> [TaskEntity] {
        try TaskStore.all().filter { $0.title.localizedCaseInsensitiveContains(string) }.map(TaskEntity.init)
    }

    func suggestedEntities() async throws -> [TaskEntity] {
        try TaskStore.soonest(10).map(TaskEntity.init)
    }
}
