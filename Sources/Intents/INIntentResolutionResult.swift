import Foundation

/// What an intent handler decided about one parameter's value: the base of every resolution
/// result, with the outcomes that need no value.
///
/// ```swift
/// func resolveTitle(for intent: CreateTaskIntent) async -> INStringResolutionResult {
///     guard let title = intent.title, !title.isEmpty else { return .needsValue() }
///     return .success(with: title)
/// }
/// ```
open class INIntentResolutionResult: NSObject {
    /// The outcome, as the runtime reads it.
    public enum Outcome {
        case success(Any)
        case needsValue
        case notRequired
        /// The value can't be used; `reason` is a custom reason's raw value.
        case unsupported(reason: Int?)
        case disambiguation([Any])
        case confirmationRequired(Any?)
        /// The handler didn't implement the resolve method: the value is used as it is.
        case notImplemented
    }

    /// What was decided.
    public let outcome: Outcome

    public required init(outcome: Outcome) {
        self.outcome = outcome
        super.init()
    }

    /// The parameter needs a value; Shortcuts asks for one.
    public class func needsValue() -> Self { Self(outcome: .needsValue) }
    /// The parameter doesn't matter for this request.
    public class func notRequired() -> Self { Self(outcome: .notRequired) }
    /// The value can't be used.
    public class func unsupported() -> Self { Self(outcome: .unsupported(reason: nil)) }
    /// The value can't be used, for a custom reason (what generated `unsupported(forReason:)` calls).
    public class func unsupported(withReason reason: Int) -> Self { Self(outcome: .unsupported(reason: reason)) }
    /// Ask the person to confirm a value.
    public class func confirmationRequired(withItemToConfirm item: Any?, forReason reason: Int) -> Self {
        Self(outcome: .confirmationRequired(item))
    }
    /// The result of a resolve method the handler doesn't implement (used by generated defaults).
    public class func notImplemented() -> Self { Self(outcome: .notImplemented) }
}

/// Declares a resolution result class whose values are `Value`.
///
/// Each concrete result class repeats Apple's three typed class methods; they differ only in the
/// type of value, so they share these implementations.
open class INValueResolutionResult<Value>: INIntentResolutionResult {
    /// The value to use.
    public class func success(with resolvedValue: Value) -> Self { Self(outcome: .success(resolvedValue)) }
    /// Ask the person which of these values they meant.
    public class func disambiguation(with valuesToDisambiguate: [Value]) -> Self {
        Self(outcome: .disambiguation(valuesToDisambiguate))
    }
    /// Ask the person to confirm this value.
    public class func confirmationRequired(with valueToConfirm: Value?) -> Self {
        Self(outcome: .confirmationRequired(valueToConfirm))
    }
}

/// The resolution of a `String` parameter.
open class INStringResolutionResult: INValueResolutionResult<String> {}
/// The resolution of an `Integer` parameter.
open class INIntegerResolutionResult: INValueResolutionResult<Int> {}
/// The resolution of a `Decimal` parameter.
open class INDoubleResolutionResult: INValueResolutionResult<Double> {}
/// The resolution of a `Boolean` parameter.
open class INBooleanResolutionResult: INValueResolutionResult<Bool> {}
/// The resolution of a `Duration` parameter, in seconds.
open class INTimeIntervalResolutionResult: INValueResolutionResult<TimeInterval> {}
/// The resolution of a `Date` parameter.
open class INDateComponentsResolutionResult: INValueResolutionResult<DateComponents> {}
/// The resolution of a `File` parameter.
open class INFileResolutionResult: INValueResolutionResult<INFile> {}
/// The resolution of a `URL` parameter.
open class INURLResolutionResult: INValueResolutionResult<URL> {}
/// The resolution of a `Location` parameter.
open class INPlacemarkResolutionResult: INValueResolutionResult<CLPlacemark> {}
/// The resolution of a `Currency` parameter.
open class INCurrencyAmountResolutionResult: INValueResolutionResult<INCurrencyAmount> {}
/// The resolution of a custom-type parameter; generated `…ResolutionResult` classes subclass it.
open class INObjectResolutionResult: INValueResolutionResult<INObject> {}

/// The resolution of an enumeration parameter; generated `…ResolutionResult` classes subclass it
/// and add `success(with:)` and `confirmationRequired(with:)` for their enumeration.
open class INEnumResolutionResult: INIntentResolutionResult {
    /// The case with this raw value (what generated `success(with:)` calls).
    public class func success(withRawValue rawValue: Int) -> Self { Self(outcome: .success(rawValue)) }
    /// Ask the person to confirm the case with this raw value.
    public class func confirmationRequired(withRawValue rawValue: Int) -> Self {
        Self(outcome: .confirmationRequired(rawValue))
    }
}
