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

    /// Whether Shortcuts may suggest this activity once it becomes current.
    open var isEligibleForPrediction = false
    /// Accepted; Linux's desktop search finds shortcuts, not activities.
    open var isEligibleForSearch = false
    open var isEligibleForHandoff = true
    /// The phrase suggested for running it.
    open var suggestedInvocationPhrase: String?
    /// The identifier to delete it by later.
    open var persistentIdentifier: NSUserActivityPersistentIdentifier?
    open var keywords: Set<String> = []

    /// Marks the activity as what the person is doing: one eligible for prediction is kept as a
    /// suggestion of the app (`shortcuts actions --suggested` lists it), with its title and the
    /// text of its `userInfo`.
    open func becomeCurrent() {
        guard isEligibleForPrediction, let app = try? INCurrentApp.required() else { return }
        var donation = app.donation(of: self)
        donation.kind = .activity
        if let persistentIdentifier { donation.identifier = persistentIdentifier }
        // The same activity again replaces the one kept before.
        try? DonationStore(home: ShortcutsHome.path()).replace(
            bundleIdentifier: app.bundleIdentifier, removing: { $0.kind == .activity && $0.identifier == donation.identifier },
            adding: [donation])
    }

    /// An activity type as an action's identifier: as it is when it is reverse-DNS already
    /// (`com.example.App.viewTask`), else under the app's bundle identifier.
    static func action(of activityType: String, in bundleIdentifier: String) -> String {
        activityType.contains(".") ? activityType : "\(bundleIdentifier).\(activityType)"
    }

    open func resignCurrent() {}
    open func invalidate() {}

    /// Deletes kept activities by their persistent identifiers.
    open class func deleteSavedUserActivities(
        withPersistentIdentifiers persistentIdentifiers: [NSUserActivityPersistentIdentifier], completionHandler: @escaping () -> Void
    ) {
        if let app = try? INCurrentApp.required() {
            _ = try? DonationStore(home: ShortcutsHome.path()).delete(bundleIdentifier: app.bundleIdentifier) {
                $0.kind == .activity && persistentIdentifiers.contains($0.identifier)
            }
        }
        completionHandler()
    }

    /// Deletes every kept activity of the app.
    open class func deleteAllSavedUserActivities(completionHandler: @escaping () -> Void) {
        if let app = try? INCurrentApp.required() {
            _ = try? DonationStore(home: ShortcutsHome.path()).delete(bundleIdentifier: app.bundleIdentifier) { $0.kind == .activity }
        }
        completionHandler()
    }
}

/// An activity's identifier to delete it by (Apple's type alias).
public typealias NSUserActivityPersistentIdentifier = String

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
            var donation = try app.donation(of: intent)
            donation.groupIdentifier = groupIdentifier
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

extension INCurrentApp.App {
    /// A shortcut of this app (an intent or an activity) as a donation.
    func donation(of shortcut: INShortcut) throws -> Donation {
        switch shortcut {
        case .intent(let intent): try donation(of: intent)
        case .userActivity(let activity): donation(of: activity)
        }
    }

    /// An activity of this app as a donation: its type as the action, its title, and its
    /// `userInfo` values as text.
    func donation(of activity: NSUserActivity) -> Donation {
        var parameters: [String: Content] = [:]
        for (key, value) in activity.userInfo ?? [:] { parameters[String(describing: key)] = .text(String(describing: value)) }
        return Donation(
            bundleIdentifier: bundleIdentifier, action: NSUserActivity.action(of: activity.activityType, in: bundleIdentifier),
            title: activity.title ?? activity.activityType, parameters: parameters)
    }

    /// An intent of this app as a donation: its action and its parameters' values.
    func donation(of intent: INIntent) throws -> Donation {
        let className = String(describing: type(of: intent))
        guard let schema = definitions.lazy.flatMap(\.intents).first(where: { $0.className == className }) else {
            throw INDonationError(description: "\(bundleIdentifier)'s intent definitions have no intent \(className)")
        }
        var parameters: [String: Content] = [:]
        for parameter in schema.parameters {
            guard let value = intent.storedValue(forKey: parameter.name) else { continue }
            parameters[parameter.name] = coding.content(of: value, for: parameter)
        }
        return Donation(
            bundleIdentifier: bundleIdentifier, action: "\(bundleIdentifier).\(className)", title: schema.title, parameters: parameters)
    }
}

struct INDonationError: Error, CustomStringConvertible {
    let description: String
}
