import Foundation
import ShortcutsContent
import ShortcutsRPC

/// Requests an intent makes from `perform()` through a parameter (`$title.needsValueError()`).
///
/// Here, as on Apple's systems when the intent runs out of process, asking ends `perform()`: the
/// host asks the person and performs the intent again from the start with the answer set. A
/// request whose answer is already there returns it instead of asking again.
extension IntentParameter {
    /// An error to throw when the parameter needs a value; the person is asked, then the intent
    /// is performed again.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> AppIntentError {
        AppIntentError(kind: .needsValue(parameter: name, dialog: dialog ?? requestValueDialog))
    }

    /// An error to throw when the person should choose the value among some.
    public func needsDisambiguationError(among options: [Value.ValueType], dialog: IntentDialog? = nil) -> AppIntentError {
        AppIntentError(
            kind: .disambiguation(
                parameter: name, options: options.map(ValueCoding.option(for:)), dialog: dialog))
    }

    /// Asks for the value; returns it when the parameter already has one (the answer).
    public func requestValue(_ dialog: IntentDialog? = nil) async throws -> Value.ValueType {
        if let value = currentValue { return value }
        throw needsValueError(dialog)
    }

    /// Asks the person to choose among values; returns the parameter's value when it is one of them
    /// (the answer to an earlier request).
    public func requestDisambiguation(among options: [Value.ValueType], dialog: IntentDialog? = nil) async throws
        -> Value.ValueType
    {
        if let value = currentValue {
            let chosen = ValueCoding.content(of: value)
            if let match = options.first(where: { ValueCoding.isSameChoice(ValueCoding.content(of: $0), chosen) }) {
                return match
            }
        }
        throw needsDisambiguationError(among: options, dialog: dialog)
    }

    /// Asks the person to confirm a value; true once the host says the parameter is confirmed.
    public func requestConfirmation(for value: Value.ValueType, dialog: IntentDialog? = nil) async throws -> Bool {
        if PerformContext.current?.confirmedParameters.contains(name) == true { return true }
        throw AppIntentError(kind: .confirmationRequired(parameter: name, dialog: dialog))
    }
}

/// A parameter without its value type, as the manifest builder and the performer see it.
protocol AnyIntentParameter: AnyObject {
    var name: String { get set }
    var title: LocalizedStringResource { get }
    var description: LocalizedStringResource? { get }
    var requestValueDialog: IntentDialog? { get }
    var inputConnectionBehavior: InputConnectionBehavior { get }
    var valueType: Any.Type { get }
    var hasDefault: Bool { get }
    var defaultContent: Content? { get }
    var inclusiveRange: (lowerBound: Double, upperBound: Double)? { get }
    var hasOptionsProvider: Bool { get }
    /// Whether the value is set (an optional holding nil counts as not set).
    var hasValue: Bool { get }
    /// The value as a number, for range checks.
    var numericValues: [Double] { get }
    /// Why the value can't be taken (a file of another type, an amount in another currency), or nil.
    var valueProblem: String? { get }
    /// The value as content, when it is set.
    var currentContent: Content? { get }
    /// A value given to the parameter, made ready to read (a bare number given its unit).
    func prepared(_ content: Content) -> Content
    func setValue(_ value: Any)
    func providedOptions() async throws -> [Any]?
}

extension IntentParameter: AnyIntentParameter {
    var valueType: Any.Type { Value.self }
    var hasDefault: Bool { defaultValue != nil }
    var defaultContent: Content? { defaultValue.map { ValueCoding.content(of: $0) } }
    var hasOptionsProvider: Bool { optionsProvider != nil }
    var hasValue: Bool { currentValue != nil }

    var numericValues: [Double] {
        ValueCoding.content(of: state.withLock { $0.storage } as Any).items.compactMap { item in
            if case .number(let number) = item { return number }
            return nil
        }
    }

    func prepared(_ content: Content) -> Content { accepted.prepared(content) }

    var currentContent: Content? {
        state.withLock { $0.storage }.map { ValueCoding.content(of: $0 as Any) }
    }

    var valueProblem: String? {
        guard case .any = accepted else {
            guard let value = state.withLock({ $0.storage }) else { return nil }
            return accepted.problem(with: ValueCoding.content(of: value as Any), parameter: title.key)
        }
        return nil
    }

    func setValue(_ value: Any) {
        if let typed = value as? Value { wrappedValue = typed }
    }

    func providedOptions() async throws -> [Any]? {
        try await optionsProvider?()
    }
}
