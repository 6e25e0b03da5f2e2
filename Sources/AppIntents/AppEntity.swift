import Foundation
import Synchronization

/// An item of the app that intents take and return: a task, a note, a playlist.
///
/// Shortcuts shows it with ``displayRepresentation``, finds it again by ``id`` through
/// ``defaultQuery``, and lets later actions read its `@Property` values.
///
/// ```swift
/// struct TaskEntity: AppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Task"
///     static let defaultQuery = TaskQuery()
///     let id: String
///     @Property(title: "Title") var title: String
///     var displayRepresentation: DisplayRepresentation { "\(title)" }
/// }
/// ```
public protocol AppEntity: Identifiable, _IntentValue, Sendable where ID: EntityIdentifierConvertible {
    /// The query that finds entities of this type.
    associatedtype DefaultQuery: EntityQuery
    static var defaultQuery: DefaultQuery { get }
    /// How the type shows, e.g. "Task".
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How this entity shows.
    var displayRepresentation: DisplayRepresentation { get }
}

extension AppEntity {
    /// `@Property(title:)`: a value of the entity that shortcuts can read.
    public typealias Property<Value: _IntentValue> = EntityProperty<Value>
}

/// A type that identifies entities and survives being written as text.
public protocol EntityIdentifierConvertible: Sendable {
    /// The identifier as text.
    var entityIdentifierString: String { get }
    /// The identifier from text, or nil when the text isn't one.
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

/// Finds an entity type's entities by identifier, and offers suggestions.
///
/// ```swift
/// struct TaskQuery: EntityQuery {
///     func entities(for identifiers: [TaskEntity.ID]) async throws -> [TaskEntity] { … }
///     func suggestedEntities() async throws -> [TaskEntity] { … }
/// }
/// ```
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    /// The entities with these identifiers (unknown identifiers are left out).
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// Entities to offer when a person picks one; none unless the query says.
    func suggestedEntities() async throws -> [Entity]
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// A query that also finds entities by text a person typed.
public protocol EntityStringQuery: EntityQuery {
    /// The entities that match the text.
    func entities(matching string: String) async throws -> [Entity]
}

/// `@Property(title:)`: a value of an entity that shortcuts can read by name.
///
/// Like Apple's, it is a class: copies of an entity share their properties.
@propertyWrapper
public final class EntityProperty<Value: _IntentValue>: Sendable {
    /// The name people see.
    public let title: LocalizedStringResource
    /// Guards `value`. Not a `Mutex<Value?>`, and the accessors below are inlinable: in generic
    /// code that isn't specialized, every use of a type made from `Value` (a `Mutex` of it, an
    /// optional of it) looks the type's metadata up in the runtime's table, and that was most of
    /// what a list of 100 entities cost their app (docs/PERFORMANCE.md). Inlined, an app's own
    /// entity reads and writes its properties as specialized code.
    @usableFromInline let lock = Mutex(())
    /// Read and written only with `lock` held.
    @usableFromInline nonisolated(unsafe) var value: Value?

    @inlinable
    public init(title: LocalizedStringResource) {
        self.title = title
        value = nil
    }

    @inlinable
    public init(wrappedValue: Value, title: LocalizedStringResource) {
        self.title = title
        value = wrappedValue
    }

    @inlinable
    public var wrappedValue: Value {
        get {
            if let value = storedValue { return value }
            return unsetValue()
        }
        set { lock.withLock { _ in value = newValue } }
    }

    public var projectedValue: EntityProperty<Value> { self }

    /// The value, if one was set.
    @inlinable
    var storedValue: Value? { lock.withLock { _ in value } }

    /// What an unset property reads as: `nil` for an optional value, else a programming error.
    @usableFromInline
    func unsetValue() -> Value {
        if let none = (Value.self as? any OptionalValue.Type)?.wrapping(nil) as? Value { return none }
        fatalError("the entity property '\(title)' was read before it was set")
    }
}

/// An entity property without its value type, for reflection.
protocol AnyEntityProperty {
    var title: LocalizedStringResource { get }
    var valueType: Any.Type { get }
    var anyValue: Any? { get }
}

extension EntityProperty: AnyEntityProperty {
    var valueType: Any.Type { Value.self }
    var anyValue: Any? { storedValue.map { $0 as Any } }
}
