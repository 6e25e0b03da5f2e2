import Foundation
import ShortcutsContent
import ShortcutsRPC
import Synchronization

/// `@Parameter`: an input of an intent that Shortcuts fills in, asks for, or takes from the
/// previous action.
///
/// ```swift
/// struct CreateTaskIntent: AppIntent {
///     @Parameter(title: "Title") var title: String
///     @Parameter(title: "Notes") var notes: String?
///     @Parameter(title: "Priority", default: 2, inclusiveRange: (1, 5)) var priority: Int
/// }
/// ```
///
/// A non-optional parameter without a default is required: the intent is performed only when it
/// has a value. `$title` (the projected value) asks the person for a value, a choice or a
/// confirmation from inside `perform()`.
@propertyWrapper
public final class IntentParameter<Value: _IntentValue>: Sendable {
    public let title: LocalizedStringResource
    public let description: LocalizedStringResource?
    public let requestValueDialog: IntentDialog?
    public let inputConnectionBehavior: InputConnectionBehavior
    let defaultValue: Value?
    let inclusiveRange: (lowerBound: Double, upperBound: Double)?
    let optionsProvider: (@Sendable () async throws -> [Any])?
    /// What the parameter takes besides its type: files of some types, amounts in some currencies.
    let accepted: AcceptedValues
    /// The value, and the Swift property name, set when the intent is reflected.
    let state: Mutex<(storage: Value?, name: String)>

    /// The Swift property name, set when the intent is reflected.
    var name: String {
        get { state.withLock { $0.name } }
        set { state.withLock { $0.name = newValue } }
    }

    /// Makes a parameter.
    /// - Parameters:
    ///   - title: The name people see.
    ///   - default: The value when none is given; a parameter with a default is not required.
    ///   - requestValueDialog: What to ask when the parameter needs a value.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value.UnwrappedType? = nil, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior, inclusiveRange: nil, optionsProvider: nil)
    }

    init(
        title: LocalizedStringResource, description: LocalizedStringResource?, default defaultValue: Value.UnwrappedType?,
        requestValueDialog: IntentDialog?, inputConnectionBehavior: InputConnectionBehavior,
        inclusiveRange: (lowerBound: Double, upperBound: Double)?, optionsProvider: (@Sendable () async throws -> [Any])?,
        accepted: AcceptedValues = .any
    ) {
        self.accepted = accepted
        self.title = title
        self.description = description
        self.requestValueDialog = requestValueDialog
        self.inputConnectionBehavior = inputConnectionBehavior
        self.defaultValue = defaultValue.flatMap(Self.wrap)
        self.inclusiveRange = inclusiveRange
        self.optionsProvider = optionsProvider
        state = Mutex((self.defaultValue, ""))
    }

    /// Makes a parameter whose choices come from a provider.
    public convenience init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value.UnwrappedType? = nil, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default, optionsProvider: Provider
    ) {
        self.init(
            title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior, inclusiveRange: nil,
            optionsProvider: { try await optionsProvider.results().map { $0 as Any } })
    }

    /// The value. Reading a required parameter that has none is a programming error: intents are
    /// performed only once every required parameter has a value.
    public var wrappedValue: Value {
        get {
            if let value = state.withLock({ $0.storage }) { return value }
            if let none = (Value.self as? any OptionalValue.Type)?.wrapping(nil) as? Value { return none }
            fatalError("the parameter '\(name.isEmpty ? title.key : name)' was read before it had a value")
        }
        set { state.withLock { $0.storage = newValue } }
    }

    /// The parameter itself, for `$name.needsValueError()` and the other requests.
    public var projectedValue: IntentParameter<Value> { self }

    /// The value as its unwrapped type (nil for none, or an optional holding nil).
    var currentValue: Value.ValueType? {
        guard let value = state.withLock({ $0.storage }) else { return nil }
        if let optional = value as? any OptionalValue { return optional.wrapped as? Value.ValueType }
        return value as? Value.ValueType
    }

    private static func wrap(_ unwrapped: Value.UnwrappedType) -> Value? {
        if let value = unwrapped as? Value { return value }
        return (Value.self as? any OptionalValue.Type)?.wrapping(unwrapped) as? Value
    }
}

/// Whether a parameter takes the previous action's output.
public enum InputConnectionBehavior: Sendable, Hashable {
    case `default`
    /// This parameter is the action's input: it takes the previous action's output.
    case connectToPreviousIntentResult
    case never
}

extension String {
    /// Keyboard options for text parameters (kept for source compatibility; terminals ignore them).
    public struct IntentInputOptions: Sendable, Hashable {
        public enum KeyboardType: Sendable, Hashable {
            case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, emailAddress, decimalPad, twitter, webSearch,
                asciiCapableNumberPad
        }
        public enum CapitalizationType: Sendable, Hashable { case none, words, sentences, allCharacters }
        public var keyboardType: KeyboardType
        public var capitalizationType: CapitalizationType
        public var multiline: Bool
        public var autocorrect: Bool
        public var smartQuotes: Bool
        public var smartDashes: Bool

        public init(
            keyboardType: KeyboardType = .default, capitalizationType: CapitalizationType = .sentences,
            multiline: Bool = false, autocorrect: Bool = true, smartQuotes: Bool = true, smartDashes: Bool = true
        ) {
            self.keyboardType = keyboardType
            self.capitalizationType = capitalizationType
            self.multiline = multiline
            self.autocorrect = autocorrect
            self.smartQuotes = smartQuotes
            self.smartDashes = smartDashes
        }
    }
}

/// How a number parameter is edited (kept for source compatibility).
public enum IntentParameterControlStyle: Sendable, Hashable {
    case field, stepper, slider
}

extension IntentParameter where Value.UnwrappedType == String {
    /// Makes a text parameter with keyboard options.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: String? = nil, requestValueDialog: IntentDialog? = nil,
        inputOptions: String.IntentInputOptions, inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior)
    }
}

extension IntentParameter where Value.UnwrappedType == Int {
    public typealias IntControlStyle = IntentParameterControlStyle

    /// Makes a whole-number parameter with bounds; a value outside them is refused.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Int? = nil, requestValueDialog: IntentDialog? = nil,
        controlStyle: IntControlStyle = .stepper, inclusiveRange: (lowerBound: Int, upperBound: Int),
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior,
            inclusiveRange: (Double(inclusiveRange.lowerBound), Double(inclusiveRange.upperBound)), optionsProvider: nil)
    }

    /// Makes a whole-number parameter with a control style.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Int? = nil, requestValueDialog: IntentDialog? = nil, controlStyle: IntControlStyle,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior)
    }
}

extension IntentParameter where Value.UnwrappedType == Double {
    public typealias DoubleControlStyle = IntentParameterControlStyle

    /// Makes a number parameter with bounds; a value outside them is refused.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Double? = nil, requestValueDialog: IntentDialog? = nil,
        controlStyle: DoubleControlStyle = .stepper, inclusiveRange: (lowerBound: Double, upperBound: Double),
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior, inclusiveRange: inclusiveRange, optionsProvider: nil)
    }
}

extension IntentParameter {
    /// Makes a file parameter (one file or several) that takes files of these types: a file of
    /// another type is refused before `perform()`, naming the parameter and the file's type.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        supportedContentTypes: [UTType], requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description, default: nil, requestValueDialog: requestValueDialog,
            inputConnectionBehavior: inputConnectionBehavior, inclusiveRange: nil, optionsProvider: nil,
            accepted: supportedContentTypes.isEmpty ? .any : .files(supportedContentTypes))
    }

    /// The same, with the types as identifiers (`"public.image"`).
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        supportedTypeIdentifiers: [String], requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default
    ) {
        self.init(
            title: title, description: description,
            // A type this module doesn't know is declared, as some data.
            supportedContentTypes: supportedTypeIdentifiers.map { UTType($0) ?? UTType(importedAs: $0) },
            requestValueDialog: requestValueDialog, inputConnectionBehavior: inputConnectionBehavior)
    }
}

extension AppIntent {
    /// `@Parameter(title:…)`: an input of the intent.
    public typealias Parameter<Value: _IntentValue> = IntentParameter<Value>
}

/// What a parameter takes besides its type, checked before `perform()`.
enum AcceptedValues: Sendable {
    case any
    /// Files whose type conforms to one of these.
    case files([UTType])
    /// Amounts in one of these currencies (ISO 4217 codes); none listed: any.
    case currencies([String])
    /// Measurements: a bare number is in the unit with this symbol; negative ones only when allowed.
    case measurements(defaultSymbol: String, negatives: Bool)

    /// The value given, made ready to read: a bare number given a measurement's default unit.
    func prepared(_ content: Content) -> Content {
        guard case .measurements(let symbol, _) = self else { return content }
        switch content {
        case .number(let number): return .text(MeasurementText.write(number, symbol))
        case .text(let text) where Double(text.trimmingCharacters(in: .whitespaces)) != nil:
            return .text(text.trimmingCharacters(in: .whitespaces) + " " + symbol)
        default: return content
        }
    }

    /// Why a value (as content) can't be taken, naming what can; nil when it can.
    func problem(with value: Content, parameter title: String) -> String? {
        switch self {
        case .any: return nil
        case .files(let types):
            for item in value.items {
                guard case .file(let file) = item else { continue }
                let identifier = file.typeIdentifier ?? UniformType.identifier(forFileName: file.name)
                let type = UTType(identifier) ?? .data
                if !types.contains(where: { type.conforms(to: $0) }) {
                    return
                        "\(title) takes files of type \(types.map(\.identifier).joined(separator: ", ")); “\(file.name)” is \(identifier)"
                }
            }
            return nil
        case .currencies(let codes):
            guard !codes.isEmpty else { return nil }
            for item in value.items {
                guard let amount = IntentCurrencyAmount.value(from: item), !codes.contains(amount.currencyCode) else { continue }
                return "\(title) takes amounts in \(codes.joined(separator: ", ")); \(amount) is in another currency"
            }
            return nil
        case .measurements(_, let negatives):
            guard !negatives else { return nil }
            for item in value.items where item.text.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
                return "\(title) can't be negative; \(item.text) is"
            }
            return nil
        }
    }
}
