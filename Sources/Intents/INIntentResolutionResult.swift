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
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INIntentResolutionResult: NSObject, @unchecked Sendable {
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
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INValueResolutionResult<Value>: INIntentResolutionResult, @unchecked Sendable {
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
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INStringResolutionResult: INValueResolutionResult<String>, @unchecked Sendable {}
/// The resolution of an `Integer` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INIntegerResolutionResult: INValueResolutionResult<Int>, @unchecked Sendable {}
/// The resolution of a `Decimal` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INDoubleResolutionResult: INValueResolutionResult<Double>, @unchecked Sendable {}
/// The resolution of a `Boolean` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INBooleanResolutionResult: INValueResolutionResult<Bool>, @unchecked Sendable {}
/// The resolution of a `Duration` parameter, in seconds.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INTimeIntervalResolutionResult: INValueResolutionResult<TimeInterval>, @unchecked Sendable {}
/// The resolution of a `Date` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INDateComponentsResolutionResult: INValueResolutionResult<DateComponents>, @unchecked Sendable {}
/// The resolution of a `File` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INFileResolutionResult: INValueResolutionResult<INFile>, @unchecked Sendable {}
/// The resolution of a `URL` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INURLResolutionResult: INValueResolutionResult<URL>, @unchecked Sendable {}
/// The resolution of a `Location` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INPlacemarkResolutionResult: INValueResolutionResult<CLPlacemark>, @unchecked Sendable {}
/// The resolution of a `Currency` parameter.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INCurrencyAmountResolutionResult: INValueResolutionResult<INCurrencyAmount>, @unchecked Sendable {}
/// The resolution of a custom-type parameter; generated `…ResolutionResult` classes subclass it.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INObjectResolutionResult: INValueResolutionResult<INObject>, @unchecked Sendable {}

/// The resolution of an enumeration parameter; generated `…ResolutionResult` classes subclass it
/// and add `success(with:)` and `confirmationRequired(with:)` for their enumeration.
/// `@unchecked Sendable`: mirrors Apple's class API (an `NSObject` subclass apps and generated code subclass); made on one thread, then handed on, never mutated from two.
open class INEnumResolutionResult: INIntentResolutionResult, @unchecked Sendable {
    /// The case with this raw value (what generated `success(with:)` calls).
    public class func success(withRawValue rawValue: Int) -> Self { Self(outcome: .success(rawValue)) }
    /// Ask the person to confirm the case with this raw value.
    public class func confirmationRequired(withRawValue rawValue: Int) -> Self {
        Self(outcome: .confirmationRequired(rawValue))
    }
}
