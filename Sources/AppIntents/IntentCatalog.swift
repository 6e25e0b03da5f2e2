/// Everything an app offers, by type name: its intents, and the entity and enum types their
/// parameters, results and entity properties use.
struct IntentCatalog {
    let bundleIdentifier: String
    private(set) var intents: [any AppIntent.Type] = []
    private(set) var entities: [any AppEntity.Type] = []
    private(set) var enums: [any AppEnum.Type] = []

    init(bundleIdentifier: String, intents: [any AppIntent.Type]) async {
        self.bundleIdentifier = bundleIdentifier
        self.intents = intents
        for intent in intents {
            for found in IntentReflection.parameters(of: intent.init()) { await collect(found.parameter.valueType) }
            if let valueType = intent.resultValueType {
                await collect(valueType)
            }
        }
    }

    /// The intent with a type name.
    func intent(named name: String) -> (any AppIntent.Type)? {
        intents.first { String(describing: $0) == name }
    }

    /// The entity type with a type name.
    func entity(named name: String) -> (any AppEntity.Type)? {
        entities.first { String(describing: $0) == name }
    }

    /// The action identifier of an intent: `<bundle id>.<type name>`.
    func actionIdentifier(_ intentTypeName: String) -> String {
        "\(bundleIdentifier).\(intentTypeName)"
    }

    private mutating func collect(_ type: Any.Type) async {
        if let optional = type as? any OptionalValue.Type { return await collect(optional.wrappedType) }
        if let array = type as? any ArrayValue.Type { return await collect(array.elementType) }
        if let enumeration = type as? any AppEnum.Type, !enums.contains(where: { $0 == enumeration }) {
            enums.append(enumeration)
        }
        if let entity = type as? any AppEntity.Type, !entities.contains(where: { $0 == entity }) {
            entities.append(entity)
            for property in await EntitySample.properties(of: entity) { await collect(property.valueType) }
        }
    }
}

/// An entity type's `@Property` declarations, read from one instance of it.
///
/// Reflection needs an instance, and an entity has no `init()`: the instance is the type's
/// ``AppEntityExample/manifestExample`` when it offers one, an empty one of a
/// ``TransientAppEntity``, else its query's first suggestion.
enum EntitySample {
    struct Property {
        var name: String
        var title: String
        var valueType: Any.Type
    }

    static func properties(of type: any AppEntity.Type) async -> [Property] {
        guard let sample = await sample(of: type) else { return [] }
        return Mirror(reflecting: sample).children.compactMap { child in
            guard let label = child.label, let property = child.value as? any AnyEntityProperty else { return nil }
            return Property(name: ValueCoding.propertyName(label), title: property.title.key, valueType: property.valueType)
        }
    }

    private static func sample<Entity: AppEntity>(of type: Entity.Type) async -> Entity? {
        if let example = Entity.self as? any AppEntityExample.Type, let sample = example.exampleEntity as? Entity {
            return sample
        }
        // A transient entity can be made empty; only its declarations are read.
        if let transient = Entity.self as? any TransientAppEntity.Type, let sample = transient.init() as? Entity { return sample }
        return try? await ValueCoding.suggestedEntities(Entity.self).first
    }
}

/// An entity type that offers an example instance, so its manifest lists its `@Property`
/// values even when the app has no entities yet (not in Apple's API; Apple reads them at build time).
///
/// ```swift
/// extension TaskEntity: AppEntityExample {
///     static var manifestExample: TaskEntity { TaskEntity(id: "example", title: "Example", dueDate: .now) }
/// }
/// ```
public protocol AppEntityExample: AppEntity {
    /// Any instance; only its property declarations are read.
    static var manifestExample: Self { get }
}

extension AppEntityExample {
    static var exampleEntity: Any { manifestExample }
}
