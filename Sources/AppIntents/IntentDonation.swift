import Foundation
import ShortcutsContent
import Synchronization

/// Tells Shortcuts what the person just did in the app, so it can offer the same action with the
/// same values as a suggestion (Apple's, iOS 16 / macOS 13). Donations are kept per app in
/// `$SHORTCUTS_HOME/Donations` (the newest 100); `shortcuts actions --suggested` lists them.
///
/// ```swift
/// let intent = CreateTaskIntent()
/// intent.title = "Milk"
/// try await IntentDonationManager.shared.donate(intent: intent)
/// ```
///
/// As on Apple's systems, a donated intent isn't run. The app is the one whose `main()` is
/// running (``IntentsApplication``); the synchronous forms give an identifier even when the
/// donation couldn't be kept, the asynchronous ones throw.
public struct IntentDonationManager: Sendable {
    public static let shared = IntentDonationManager()

    @discardableResult
    public func donate(intent: some AppIntent) -> IntentDonationIdentifier {
        (try? Self.keep(intent, result: nil)) ?? IntentDonationIdentifier()
    }

    @discardableResult
    public func donate(intent: some AppIntent) async throws -> IntentDonationIdentifier {
        try Self.keep(intent, result: nil)
    }

    @discardableResult
    public func donate(intent: some AppIntent, result: some IntentResult) -> IntentDonationIdentifier {
        (try? Self.keep(intent, result: result)) ?? IntentDonationIdentifier()
    }

    @discardableResult
    public func donate(intent: some AppIntent, result: some IntentResult) async throws -> IntentDonationIdentifier {
        try Self.keep(intent, result: result)
    }

    /// Removes the app's donations the predicate selects; gives their identifiers.
    @discardableResult
    public func deleteDonations(matching predicate: IntentDonationMatchingPredicate) async throws -> [IntentDonationIdentifier] {
        let bundleIdentifier = try CurrentApp.required()
        let removed = try DonationStore(home: ShortcutsHome.path()).delete(bundleIdentifier: bundleIdentifier) { predicate.matches($0) }
        return removed.map(IntentDonationIdentifier.init)
    }

    /// Records one donation of the running app.
    static func keep(_ intent: some AppIntent, result: (any IntentResult)?) throws -> IntentDonationIdentifier {
        let bundleIdentifier = try CurrentApp.required()
        let type = type(of: intent)
        var parameters: [String: Content] = [:]
        for parameter in IntentReflection.parameters(of: intent) {
            if let content = parameter.parameter.currentContent, !content.isNothing { parameters[parameter.name] = content }
        }
        let contents = result as? any ResultContents
        let donation = Donation(
            bundleIdentifier: bundleIdentifier, action: "\(bundleIdentifier).\(String(describing: type))", title: type.title.key,
            parameters: parameters, value: contents?.valueContent, dialog: contents?.dialogValue?.full.key)
        try DonationStore(home: ShortcutsHome.path()).donate(donation)
        return IntentDonationIdentifier(donation.identifier)
    }
}

/// One donation, as the manager gives it back.
public struct IntentDonationIdentifier: Hashable, Codable, Sendable {
    let value: String
    init(_ value: String = UUID().uuidString) { self.value = value }
}

/// An entity by its type and identifier, for donations about it.
public struct EntityIdentifier: Hashable, Sendable, CustomStringConvertible {
    public let typeIdentifier: String
    public let instanceIdentifier: String

    public init<Entity: AppEntity>(for entity: Entity) {
        self.init(for: Entity.self, identifier: entity.id)
    }

    public init<Entity: AppEntity>(for type: Entity.Type, identifier: Entity.ID) {
        typeIdentifier = String(describing: type)
        instanceIdentifier = identifier.entityIdentifierString
    }

    public var description: String { "\(typeIdentifier)/\(instanceIdentifier)" }
}

/// Which donations ``IntentDonationManager/deleteDonations(matching:)`` removes.
public struct IntentDonationMatchingPredicate: Sendable {
    private let matching: @Sendable (Donation) -> Bool

    func matches(_ donation: Donation) -> Bool { matching(donation) }

    public static func donationIdentifier(_ identifier: IntentDonationIdentifier) -> IntentDonationMatchingPredicate {
        donationIdentifiers([identifier])
    }

    public static func donationIdentifiers(_ identifiers: [IntentDonationIdentifier]) -> IntentDonationMatchingPredicate {
        let wanted = Set(identifiers.map(\.value))
        return IntentDonationMatchingPredicate { wanted.contains($0.identifier) }
    }

    /// The donations with this entity among their values.
    public static func entityIdentifier(_ identifier: EntityIdentifier) -> IntentDonationMatchingPredicate {
        entityIdentifiers([identifier])
    }

    public static func entityIdentifiers(_ identifiers: [EntityIdentifier]) -> IntentDonationMatchingPredicate {
        let wanted = Set(identifiers.map(\.description))
        return IntentDonationMatchingPredicate { donation in donation.entityIdentifiers.contains(where: wanted.contains) }
    }

    /// The donations of an intent type, or of that type with this entity among their values.
    public static func intentType(_ intentType: any AppIntent.Type, entityIdentifier: EntityIdentifier? = nil)
        -> IntentDonationMatchingPredicate
    {
        let suffix = "." + String(describing: intentType)
        return IntentDonationMatchingPredicate { donation in
            donation.action.hasSuffix(suffix)
                && (entityIdentifier.map { donation.entityIdentifiers.contains($0.description) } ?? true)
        }
    }
}

extension AppIntent {
    /// Donates this intent, with its parameters' values.
    @discardableResult
    public func donate() -> IntentDonationIdentifier { IntentDonationManager.shared.donate(intent: self) }

    @discardableResult
    public func donate() async throws -> IntentDonationIdentifier { try IntentDonationManager.keep(self, result: nil) }

    /// Donates this intent with the result it gave.
    @discardableResult
    public func donate(result: some IntentResult) -> IntentDonationIdentifier {
        IntentDonationManager.shared.donate(intent: self, result: result)
    }

    @discardableResult
    public func donate(result: some IntentResult) async throws -> IntentDonationIdentifier {
        try IntentDonationManager.keep(self, result: result)
    }
}

/// The app this process is: named when `IntentsApplication.main()` starts or an intent server is made.
enum CurrentApp {
    static let bundleIdentifier = Mutex<String?>(nil)

    static func set(_ bundleIdentifier: String) { self.bundleIdentifier.withLock { $0 = bundleIdentifier } }

    static func required() throws -> String {
        guard let bundleIdentifier = bundleIdentifier.withLock({ $0 }) else {
            throw DonationProblem(
                description: "no app to donate for: donations are made by an app whose IntentsApplication.main() is running")
        }
        return bundleIdentifier
    }
}

struct DonationProblem: Error, CustomStringConvertible {
    let description: String
}
