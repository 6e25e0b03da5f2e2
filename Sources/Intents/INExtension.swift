import Foundation

/// An Intents extension's principal class: it returns the object that handles each intent.
///
/// ```swift
/// class IntentHandler: INExtension {
///     override func handler(for intent: INIntent) -> Any {
///         if intent is OrderPizzaIntent { return OrderPizzaIntentHandler() }
///         return self
///     }
/// }
/// ```
open class INExtension: NSObject {
    public override init() {
        super.init()
    }

    /// The object that adopts the intent's generated `…IntentHandling` protocol.
    open func handler(for intent: INIntent) -> Any { self }
}

/// The running app, as its delegate sees it (AppKit's `NSApplication` and UIKit's
/// `UIApplication` play this part on Apple's systems).
public final class INApplication: Sendable {
    /// The one app object.
    public static let shared = INApplication()
    private init() {}
}

/// AppKit's name for the app object, so macOS handler code compiles unchanged.
public typealias NSApplication = INApplication
/// UIKit's name for the app object.
public typealias UIApplication = INApplication

/// An app delegate that handles intents in the app (`application(_:handlerFor:)`) and receives
/// the activity of a response that continues in the app.
///
/// ```swift
/// final class AppDelegate: NSObject, NSApplicationDelegate {
///     func application(_ application: NSApplication, handlerFor intent: INIntent) -> Any? {
///         intent is CreateTaskIntent ? CreateTaskIntentHandler() : nil
///     }
/// }
/// ```
public protocol INApplicationDelegate: AnyObject {
    /// The object that handles the intent, or nil when the app doesn't handle it.
    func application(_ application: INApplication, handlerFor intent: INIntent) -> Any?
    /// Continues an activity; returns whether the app handled it.
    func application(
        _ application: INApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([Any]) -> Void
    ) -> Bool
}

extension INApplicationDelegate {
    public func application(_ application: INApplication, handlerFor intent: INIntent) -> Any? { nil }

    public func application(
        _ application: INApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([Any]) -> Void
    ) -> Bool { false }
}

/// AppKit's name for the app delegate protocol.
public typealias NSApplicationDelegate = INApplicationDelegate
/// UIKit's name for the app delegate protocol.
public typealias UIApplicationDelegate = INApplicationDelegate

/// Where intents go: an Intents extension's principal object, or the app delegate.
public enum INIntentDispatch {
    case intentsExtension(INExtension)
    case applicationDelegate(any INApplicationDelegate)

    /// The handler for an intent, or nil when nothing handles it.
    func handler(for intent: INIntent) -> Any? {
        switch self {
        case .intentsExtension(let principal):
            return principal.handler(for: intent)
        case .applicationDelegate(let delegate):
            return delegate.application(INApplication.shared, handlerFor: intent)
        }
    }
}
