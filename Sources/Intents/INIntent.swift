import Foundation

/// A request to perform an action, with its parameter values: the base of every intent class
/// generated from an `.intentdefinition` file.
///
/// Apple's generated classes declare `@NSManaged` properties backed by the Objective-C runtime.
/// Linux has none, so the generated properties are computed over ``storedValue(forKey:)``:
///
/// ```swift
/// public class CreateTaskIntent: INIntent {
///     public var title: String? {
///         get { storedValue(forKey: "title") as? String }
///         set { setStoredValue(newValue, forKey: "title") }
///     }
/// }
/// ```
open class INIntent: NSObject {
    private var values: [String: Any] = [:]

    /// A unique identifier for this instance, as donations use it.
    public let identifier: String? = UUID().uuidString
    /// The phrase suggested when the person adds the intent to Siri.
    open var suggestedInvocationPhrase: String?

    public override init() {
        super.init()
    }

    /// The value of a parameter by name, as the generated property stores it.
    public func storedValue(forKey key: String) -> Any? { values[key] }

    /// Sets (or, with nil, clears) a parameter by name.
    public func setStoredValue(_ value: Any?, forKey key: String) { values[key] = value }

    private var images: [String: INImage] = [:]

    /// Sets the image shown beside a parameter's value (nil clears it); an unknown name is kept too,
    /// as Apple's does.
    public func setImage(_ image: INImage?, forParameterNamed parameterName: String) { images[parameterName] = image }

    /// The image set beside a parameter's value.
    public func image(forParameterNamed parameterName: String) -> INImage? { images[parameterName] }

    /// The image that stands for the whole intent: the first parameter's, in name order, that has one.
    public func keyImage() -> INImage? { images.keys.sorted().first.flatMap { images[$0] } }
}

extension NSString {
    /// A string to localise when it is shown (Apple's, for intent code that runs before the
    /// person's language is known). Linux has no strings tables for it: the format is filled now.
    public class func deferredLocalizedIntentsString(with format: String, _ arguments: any CVarArg...) -> String {
        String(format: format, arguments: arguments)
    }

    public class func deferredLocalizedIntentsString(with format: String, table: String, _ arguments: any CVarArg...) -> String {
        String(format: format, arguments: arguments)
    }

    public class func deferredLocalizedIntentsString(with format: String, table: String, arguments: CVaListPointer) -> String {
        NSString(format: format, arguments: arguments) as String
    }
}

/// The result of performing (or confirming) an intent: the base of every generated
/// `…IntentResponse` class.
///
/// The generated class's `code` is computed over ``rawCode``; response parameters are stored
/// like an intent's (``storedValue(forKey:)``).
open class INIntentResponse: NSObject {
    private var values: [String: Any] = [:]

    /// The activity the app receives when the response continues in the app.
    open var userActivity: NSUserActivity?
    /// The raw value of the generated `code`: 0–6 for the standard codes, 100 and up for custom ones.
    public var rawCode: Int = 0

    public override init() {
        super.init()
    }

    /// The value of a response parameter by name.
    public func storedValue(forKey key: String) -> Any? { values[key] }

    /// Sets (or, with nil, clears) a response parameter by name.
    public func setStoredValue(_ value: Any?, forKey key: String) { values[key] = value }

    /// The names of the parameters that have values.
    var storedKeys: [String] { values.keys.sorted() }
}

/// The standard response codes every generated `…IntentResponseCode` starts with.
public enum INStandardResponseCode: Int, Sendable, CaseIterable {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch

    /// The case's name, as `.intentdefinition` files spell it.
    public var name: String { String(describing: self) }
}
