import Foundation
import Intents

/// The handler from the "Meet Shortcuts for macOS" talk: a title, a due date in the future, and
/// the created task in the response.
final class CreateTaskIntentHandler: NSObject, CreateTaskIntentHandling {
    func resolveTitle(for intent: CreateTaskIntent) async -> INStringResolutionResult {
        guard let title = intent.title, !title.isEmpty else { return .needsValue() }
        return .success(with: title)
    }

    func resolveDueDate(for intent: CreateTaskIntent) async -> CreateTaskDueDateResolutionResult {
        guard let dueDate = intent.dueDate else { return .needsValue() }
        guard let date = Calendar.current.date(from: dueDate), date > Date() else {
            return .unsupported(forReason: .invalidDate)
        }
        return .success(with: dueDate)
    }

    func handle(intent: CreateTaskIntent) async -> CreateTaskIntentResponse {
        guard let title = intent.title, let dueDate = intent.dueDate else {
            return CreateTaskIntentResponse(code: .failure, userActivity: nil)
        }
        let task = Task(identifier: UUID().uuidString, display: title)
        task.dueDate = dueDate
        task.url = URL(string: "tasks://\(task.identifier ?? "")")
        return .success(task: task)
    }
}
