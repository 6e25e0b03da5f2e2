import Foundation
import ShortcutsContent

/// Options that depend on an intent's other parameters (Apple's, iOS 17 / macOS 14): in a
/// `DynamicOptionsProvider` or an entity query, the intent being filled in, with the values its
/// parameters have so far.
///
/// ```swift
/// struct SoupQuery: EntityStringQuery {
///     @IntentParameterDependency<OrderSoupIntent>(\.$quantity) var orderSoup
///
///     func entities(matching string: String) async throws -> [SoupEntity] {
///         guard let orderSoup else { return [] }
///         return SoupEntity.menu.filter { $0.name.contains(string) && $0.stock >= orderSoup.quantity }
///     }
/// }
/// ```
///
/// It is nil unless the options are asked for while that intent is filled in (the host sends
/// the values it has with `options.list`, and the SDK sets them while it resolves a `perform`)
/// and every parameter named has a value.
@propertyWrapper
public final class IntentParameterDependency<Intent: AppIntent>: @unchecked Sendable {
    // Unchecked: its one property is a constant array of key paths, which are immutable.
    private let parameters: [PartialKeyPath<Intent>]

    public convenience init<V0: _IntentValue & Sendable>(_ k0: KeyPath<Intent, IntentParameter<V0>>) {
        self.init(keyPaths: [k0])
    }

    public convenience init<V0: _IntentValue & Sendable, V1: _IntentValue & Sendable>(
        _ k0: KeyPath<Intent, IntentParameter<V0>>, _ k1: KeyPath<Intent, IntentParameter<V1>>
    ) {
        self.init(keyPaths: [k0, k1])
    }

    public convenience init<V0: _IntentValue & Sendable, V1: _IntentValue & Sendable, V2: _IntentValue & Sendable>(
        _ k0: KeyPath<Intent, IntentParameter<V0>>, _ k1: KeyPath<Intent, IntentParameter<V1>>,
        _ k2: KeyPath<Intent, IntentParameter<V2>>
    ) {
        self.init(keyPaths: [k0, k1, k2])
    }

    public convenience init<
        V0: _IntentValue & Sendable, V1: _IntentValue & Sendable, V2: _IntentValue & Sendable, V3: _IntentValue & Sendable
    >(
        _ k0: KeyPath<Intent, IntentParameter<V0>>, _ k1: KeyPath<Intent, IntentParameter<V1>>,
        _ k2: KeyPath<Intent, IntentParameter<V2>>, _ k3: KeyPath<Intent, IntentParameter<V3>>
    ) {
        self.init(keyPaths: [k0, k1, k2, k3])
    }

    private init(keyPaths: [PartialKeyPath<Intent>]) { parameters = keyPaths }

    /// The intent being filled in, when it is this type and the parameters named have values.
    public var wrappedValue: IntentProjection<Intent>? {
        guard let intent = IntentBeingFilled.current as? Intent else { return nil }
        for keyPath in parameters {
            guard let parameter = intent[keyPath: keyPath] as? any AnyIntentParameter, parameter.hasValue else { return nil }
        }
        return IntentProjection(intent: intent)
    }
}

/// An intent as options see it: its parameters' values, by name (`orderSoup.quantity`).
@dynamicMemberLookup
public struct IntentProjection<Intent: AppIntent> {
    let intent: Intent

    public subscript<Value>(dynamicMember keyPath: KeyPath<Intent, Value>) -> Value { intent[keyPath: keyPath] }
}

/// The intent whose parameters are being filled in, while options are asked for or values resolved.
enum IntentBeingFilled {
    @TaskLocal static var current: (any AppIntent)?

    /// A fresh intent of a type with the values given set (those that can't be read are left unset).
    static func make(_ type: any AppIntent.Type, values: [String: Content]) async -> any AppIntent {
        let intent = type.init()
        for parameter in IntentReflection.parameters(of: intent) {
            guard let content = values[parameter.name], !content.isNothing else { continue }
            if let value = try? await ValueCoding.decode(parameter.parameter.prepared(content), as: parameter.parameter.valueType) {
                parameter.parameter.setValue(value)
            }
        }
        return intent
    }
}
