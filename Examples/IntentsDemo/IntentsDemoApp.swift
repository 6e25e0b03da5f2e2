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

    static func run(arguments: [String]) async throws {
        try FileHandle.standardOutput.write(contentsOf: Data("IntentsDemo's actions are now in `shortcuts actions`.\n".utf8))
    }
}
