import Foundation
import ShortcutsContent

/// An entity that is made, not found: a value an intent returns or takes (a weather report, a
/// draft), with `@Property` values later actions read, and no query (Apple's, iOS 16 / macOS 13).
///
/// ```swift
/// struct WeatherReport: TransientAppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Weather Report"
///     @Property(title: "Temperature") var temperature: Double
///     @Property(title: "Summary") var summary: String
///     var displayRepresentation: DisplayRepresentation { "\(summary), \(temperature)°" }
///     init() {}
/// }
/// ```
///
/// Given to an intent as a parameter (an earlier action's output), it is made with `init()` and
/// its properties are set from the values it carried, as Apple's system populates it; a value
/// whose properties aren't the type's is refused, naming the property.
public protocol TransientAppEntity: AppEntity {
    /// Makes an empty entity, which the system populates through its `@Property`s.
    init()
}

extension TransientAppEntity {
    /// Transient entities aren't looked up: the query finds none.
    public static var defaultQuery: _TransientAppEntityQuery<Self> { _TransientAppEntityQuery() }

    /// A new identifier each time it is read: a transient entity is told apart by its values.
    public var id: UUID { UUID() }
}

/// The query of a transient entity, which finds none (Apple's type of the same name).
public struct _TransientAppEntityQuery<Entity: TransientAppEntity>: EntityQuery {
    public init() {}
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] { [] }
}

extension TransientAppEntity {
    /// A new entity with its `@Property`s set from the content's properties.
    static func populated(from content: EntityContent) async throws -> Any {
        let typeName = String(describing: Self.self)
        guard content.typeName == typeName else {
            throw ResolutionProblem.unsupported(
                "a \(Self.typeDisplayRepresentation.name.key) can't be made from a \(content.typeName) (“\(content.displayTitle)”)")
        }
        let entity = Self()
        let properties = Mirror(reflecting: entity).children.compactMap { child -> (String, any SettableEntityProperty)? in
            guard let label = child.label, let property = child.value as? any SettableEntityProperty else { return nil }
            return (ValueCoding.propertyName(label), property)
        }
        let known = Set(properties.map(\.0))
        if let unknown = content.properties.keys.first(where: { !known.contains($0) }) {
            throw ResolutionProblem.unsupported(
                "\(Self.typeDisplayRepresentation.name.key) has no property “\(unknown)” (it has: \(properties.map(\.0).joined(separator: ", ")))"
            )
        }
        for (name, property) in properties {
            guard let value = content.properties[name], !value.isNothing else {
                // An optional property may stay unset; reading an unset required one would stop the app.
                if property.isRequired { throw ResolutionProblem.unsupported("the property “\(name)” has no value") }
                continue
            }
            do {
                try await property.set(from: value)
            } catch ResolutionProblem.unsupported(let reason) {
                throw ResolutionProblem.unsupported("the property “\(name)”: \(reason)")
            } catch ResolutionProblem.needsValue {
                throw ResolutionProblem.unsupported("the property “\(name)” has no value")
            }
        }
        return entity
    }
}

/// An `@Property` whose value can be set from content, without its value type.
protocol SettableEntityProperty {
    /// Whether reading it unset would stop the app (its type isn't optional).
    var isRequired: Bool { get }
    func set(from content: Content) async throws
}

extension EntityProperty: SettableEntityProperty {
    var isRequired: Bool { !ValueCoding.info(Value.self).isOptional }

    func set(from content: Content) async throws {
        guard let value = try await ValueCoding.decode(content, as: Value.self) as? Value else {
            throw ResolutionProblem.unsupported("expected \(Value.self), got \(content.typeName.lowercased()) “\(content.text)”")
        }
        wrappedValue = value
    }
}
