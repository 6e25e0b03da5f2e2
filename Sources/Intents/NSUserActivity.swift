import Foundation
import ShortcutsContent
import Synchronization

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

    /// Tells Shortcuts the person just did this, so it offers the intent with these values as a
    /// suggestion: kept in `$SHORTCUTS_HOME/Donations` (the newest 100 of the app), listed by
    /// `shortcuts actions --suggested`. The app is the one whose `main()` (or intent server) runs.
    open func donate(completion: ((Error?) -> Void)? = nil) {
        do {
            let app = try INCurrentApp.required()
            let className = String(describing: type(of: intent))
            guard let schema = app.definitions.lazy.flatMap(\.intents).first(where: { $0.className == className }) else {
                throw INDonationError(description: "\(app.bundleIdentifier)'s intent definitions have no intent \(className)")
            }
            var parameters: [String: Content] = [:]
            for parameter in schema.parameters {
                guard let value = intent.storedValue(forKey: parameter.name) else { continue }
                parameters[parameter.name] = app.coding.content(of: value, for: parameter)
            }
            var donation = Donation(
                bundleIdentifier: app.bundleIdentifier, action: "\(app.bundleIdentifier).\(className)", title: schema.title,
                parameters: parameters, groupIdentifier: groupIdentifier)
            if let identifier { donation.identifier = identifier }
            try DonationStore(home: ShortcutsHome.path()).donate(donation)
            completion?(nil)
        } catch {
            completion?(error)
        }
    }

    /// The same, waited for.
    open func donate() async throws {
        var failure: (any Error)?
        donate { failure = $0 }
        if let failure { throw failure }
    }

    /// Deletes the app's donations with these identifiers.
    open class func delete(with interactionIdentifiers: [String], completion: ((Error?) -> Void)? = nil) {
        deleteDonations(completion) { interactionIdentifiers.contains($0.identifier) }
    }

    /// Deletes the app's donations of this group.
    open class func delete(with groupIdentifier: String, completion: ((Error?) -> Void)? = nil) {
        deleteDonations(completion) { $0.groupIdentifier == groupIdentifier }
    }

    /// Deletes all the app's donations.
    open class func deleteAll(completion: ((Error?) -> Void)? = nil) {
        deleteDonations(completion) { _ in true }
    }

    private class func deleteDonations(_ completion: ((Error?) -> Void)?, where matching: (Donation) -> Bool) {
        do {
            let app = try INCurrentApp.required()
            try DonationStore(home: ShortcutsHome.path()).delete(bundleIdentifier: app.bundleIdentifier, where: matching)
            completion?(nil)
        } catch {
            completion?(error)
        }
    }
}

/// The app this process is, for donations: named when an intent server is made (by the app's
/// `main()` or a test).
enum INCurrentApp {
    struct App: Sendable {
        var bundleIdentifier: String
        var definitions: [INIntentDefinitionSchema]
        var coding: INValueCoding
    }

    static let current = Mutex<App?>(nil)

    static func required() throws -> App {
        guard let app = current.withLock({ $0 }) else {
            throw INDonationError(description: "no app to donate for: donations are made by an app whose intents are served")
        }
        return app
    }
}

struct INDonationError: Error, CustomStringConvertible {
    let description: String
}
