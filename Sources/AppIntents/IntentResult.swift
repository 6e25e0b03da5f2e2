import ShortcutsContent

/// What `perform()` returns; build one with `.result(…)`.
///
/// Compose the return type from what the result carries:
///
/// ```swift
/// func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> & ProvidesDialog {
///     .result(value: task, dialog: "Created \(task.title).")
/// }
/// ```
public protocol IntentResult: Sendable {}

/// A result with a value that later actions in a shortcut use.
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}

/// A result with something to say.
public protocol ProvidesDialog: IntentResult {}

/// A result that opens another intent (run next) when the person continues.
public protocol OpensIntent: IntentResult {}

/// The one concrete result type; unused parts are `Never`.
public struct IntentResultContainer<Value: Sendable, OpenedIntent: Sendable, SnippetContent: Sendable, Dialog: Sendable>: IntentResult {
    let value: Value?
    let opensIntent: OpenedIntent?
    let dialog: Dialog?
}

extension IntentResultContainer: ReturnsValue where Value: _IntentValue {}
extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}
extension IntentResultContainer: OpensIntent where OpenedIntent: AppIntent {}

extension IntentResult {
    /// A result with nothing in it.
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer(value: nil, opensIntent: nil, dialog: nil)
    }

    /// A result with a value.
    public static func result<Value: _IntentValue>(value: Value) -> Self
    where Self == IntentResultContainer<Value, Never, Never, Never> {
        IntentResultContainer(value: value, opensIntent: nil, dialog: nil)
    }

    /// A result that says something.
    public static func result(dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(value: nil, opensIntent: nil, dialog: dialog)
    }

    /// A result with a value that says something.
    public static func result<Value: _IntentValue>(value: Value, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Value, Never, Never, IntentDialog> {
        IntentResultContainer(value: value, opensIntent: nil, dialog: dialog)
    }

    /// A result that opens another intent.
    public static func result<Opened: AppIntent>(opensIntent: Opened) -> Self
    where Self == IntentResultContainer<Never, Opened, Never, Never> {
        IntentResultContainer(value: nil, opensIntent: opensIntent, dialog: nil)
    }

    /// A result that opens another intent and says something.
    public static func result<Opened: AppIntent>(opensIntent: Opened, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Opened, Never, IntentDialog> {
        IntentResultContainer(value: nil, opensIntent: opensIntent, dialog: dialog)
    }

    /// A result with a value that opens another intent.
    public static func result<Value: _IntentValue, Opened: AppIntent>(value: Value, opensIntent: Opened) -> Self
    where Self == IntentResultContainer<Value, Opened, Never, Never> {
        IntentResultContainer(value: value, opensIntent: opensIntent, dialog: nil)
    }

    /// A result with a value that opens another intent and says something.
    public static func result<Value: _IntentValue, Opened: AppIntent>(
        value: Value, opensIntent: Opened, dialog: IntentDialog
    ) -> Self where Self == IntentResultContainer<Value, Opened, Never, IntentDialog> {
        IntentResultContainer(value: value, opensIntent: opensIntent, dialog: dialog)
    }
}

extension IntentResult {
    // A follow-on intent for the Action button (Apple's). Linux computers have no Action button:
    // the result is the value and dialog alone, and the follow-on intent isn't run.

    /// A result whose follow-on intent the Action button would run next.
    public static func result<Intent: AppIntent>(actionButtonIntent: Intent) -> Self
    where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer(value: nil, opensIntent: nil, dialog: nil)
    }

    /// A result with a value, and a follow-on intent for the Action button.
    public static func result<Value: _IntentValue, Intent: AppIntent>(value: Value, actionButtonIntent: Intent) -> Self
    where Self == IntentResultContainer<Value, Never, Never, Never> {
        IntentResultContainer(value: value, opensIntent: nil, dialog: nil)
    }

    /// A result that says something, with a follow-on intent for the Action button.
    public static func result<Intent: AppIntent>(actionButtonIntent: Intent, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(value: nil, opensIntent: nil, dialog: dialog)
    }

    /// A result with a value that says something, with a follow-on intent for the Action button.
    public static func result<Value: _IntentValue, Intent: AppIntent>(value: Value, actionButtonIntent: Intent, dialog: IntentDialog)
        -> Self
    where Self == IntentResultContainer<Value, Never, Never, IntentDialog> {
        IntentResultContainer(value: value, opensIntent: nil, dialog: dialog)
    }
}

/// What the performer reads from a result, whatever its generic parameters.
protocol ResultContents {
    /// The type of the value, or nil when the result has none.
    static var valueType: Any.Type? { get }
    var valueContent: Content? { get }
    var dialogValue: IntentDialog? { get }
    var openedIntent: (any AppIntent)? { get }
}

extension IntentResultContainer: ResultContents {
    static var valueType: Any.Type? { Value.self == Never.self ? nil : Value.self }
    var valueContent: Content? { value.map(ValueCoding.converter(for: Value.self)) }
    var dialogValue: IntentDialog? { dialog as? IntentDialog }
    var openedIntent: (any AppIntent)? { opensIntent as? any AppIntent }
}

extension AppIntent {
    /// The type of the value `perform()` returns, or nil when it returns none.
    static var resultValueType: Any.Type? { (PerformResult.self as? any ResultContents.Type)?.valueType }
}
