import Foundation

/// What the app receives when a response continues in the app: the activity type (the intent's
/// class name) and the interaction, with the intent and its response.
///
/// ```swift
/// func application(_ application: NSApplication, continue userActivity: NSUserActivity,
///                  restorationHandler: @escaping ([Any]) -> Void) -> Bool {
///     guard let response = userActivity.interaction?.intentResponse as? OrderPizzaIntentResponse else { return false }
///     print(response.topping?.displayString ?? "")
///     return true
/// }
/// ```
open class NSUserActivity: NSObject {
    /// The kind of activity; for an intent, its class name.
    public let activityType: String
    open var title: String?
    /// Values the handler put in for the app.
    open var userInfo: [AnyHashable: Any]?
    /// The intent and response this activity continues.
    public internal(set) var interaction: INInteraction?

    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }

    /// Adds values to ``userInfo``.
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        userInfo = (userInfo ?? [:]).merging(otherDictionary) { $1 }
    }
}

/// An intent together with its response.
open class INInteraction: NSObject {
    public let intent: INIntent
    public let intentResponse: INIntentResponse?
    /// A unique identifier for the interaction.
    public var identifier: String? = UUID().uuidString
    public var groupIdentifier: String?

    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        intentResponse = response
        super.init()
    }

    /// Donating shares the interaction with the system; on Linux there is nothing to share with.
    open func donate(completion: ((Error?) -> Void)? = nil) { completion?(nil) }
}
