import Foundation
import Intents

/// Dispatches intents the way a macOS app does, through its delegate.
final class AppDelegate: NSObject, NSApplicationDelegate {
    func application(_ application: NSApplication, handlerFor intent: INIntent) -> Any? {
        switch intent {
        case is CreateTaskIntent: return CreateTaskIntentHandler()
        case is OrderPizzaIntent: return OrderPizzaIntentHandler()
        default: return nil
        }
    }

    /// The app receives the order's activity and reads the chosen topping from the response.
    func application(
        _ application: NSApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([Any]) -> Void
    ) -> Bool {
        guard let response = userActivity.interaction?.intentResponse as? OrderPizzaIntentResponse else { return false }
        let line = "Preparing a \(response.topping?.displayString ?? "plain") pizza (\(userActivity.activityType)).\n"
        try? FileHandle.standardOutput.write(contentsOf: Data(line.utf8))
        if let log = ProcessInfo.processInfo.environment["INTENTS_DEMO_LOG"] {
            try? Data(line.utf8).write(to: URL(fileURLWithPath: log))
        }
        return true
    }
}

@main
struct IntentsDemoApp: IntentDefinitionApplication {
    static let bundleIdentifier = "com.example.IntentsDemo"
    static let name = "IntentsDemo"
    static let intentDefinitions = [IntentsIntentDefinition.schema]
    static func makeDispatch() -> INIntentDispatch { .applicationDelegate(AppDelegate()) }

    /// `intentsdemo add TITLE` creates a task as the app's window would, and donates the
    /// interaction, as SiriKit apps do, for Shortcuts to suggest; `intentsdemo plan` sets the
    /// app's relevant shortcut (planning the day, in the morning); `intentsdemo suggest` its
    /// suggestion of a shortcut to add; `intentsdemo view TITLE` shows
    /// a task, an activity eligible for prediction; `intentsdemo forget` deletes the donations of
    /// the app's tasks and its activities.
    static func run(arguments: [String]) async throws {
        switch arguments.first {
        case "add" where arguments.count >= 2:
            let intent = CreateTaskIntent()
            intent.title = arguments[1]
            let interaction = INInteraction(intent: intent, response: nil)
            interaction.groupIdentifier = "tasks"
            try await interaction.donate()
            try FileHandle.standardOutput.write(contentsOf: Data("Added “\(arguments[1])”.\n".utf8))
        case "plan":
            // The app's relevant shortcut: planning the day's first task, in the morning.
            let intent = CreateTaskIntent()
            intent.title = "Plan the day"
            guard let shortcut = INShortcut(intent: intent) else { return }
            let relevant = INRelevantShortcut(shortcut: shortcut)
            relevant.relevanceProviders = [INDailyRoutineRelevanceProvider(situation: .morning)]
            try await INRelevantShortcutStore.default.setRelevantShortcuts([relevant])
        case "suggest":
            // The shortcut the app suggests adding: a task for the weekly review.
            let intent = CreateTaskIntent()
            intent.title = "Weekly review"
            INVoiceShortcutCenter.shared.setShortcutSuggestions(INShortcut(intent: intent).map { [$0] } ?? [])
        case "view" where arguments.count >= 2:
            // The person looks at a task's page: an activity Shortcuts may suggest again.
            let activity = NSUserActivity(activityType: "com.example.IntentsDemo.viewTask")
            activity.title = "View \(arguments[1])"
            activity.userInfo = ["task": arguments[1]]
            activity.isEligibleForPrediction = true
            activity.persistentIdentifier = "task-" + arguments[1]
            activity.becomeCurrent()
        case "forget":
            INInteraction.delete(with: "tasks") { error in
                if let error { try? FileHandle.standardError.write(contentsOf: Data("\(error)\n".utf8)) }
            }
            NSUserActivity.deleteAllSavedUserActivities {}
        default:
            try FileHandle.standardOutput.write(contentsOf: Data("IntentsDemo's actions are now in `shortcuts actions`.\n".utf8))
        }
    }
}
