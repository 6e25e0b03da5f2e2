import Foundation
import ShortcutsContent
import ShortcutsRPC

extension ValueCoding {
    /// An entity as content: its type, identifier, title and `@Property` values by property name.
    static func entityContent<Entity: AppEntity>(_ entity: Entity) -> EntityContent {
        entityContent(entity, layout: EntityLayout.of(Entity.self))
    }

    /// An entity as content, through its type's layout (nil: the type has none, reflect).
    static func entityContent<Entity: AppEntity>(_ entity: Entity, layout: EntityLayout?) -> EntityContent {
        let representation = entity.displayRepresentation
        if let layout {
            return EntityContent(
                typeName: layout.typeName, identifier: entity.id.entityIdentifierString, displayTitle: representation.title.key,
                subtitle: representation.subtitle?.key, properties: layout.properties(of: entity))
        }
        var properties = ContentDictionary()
        for child in Mirror(reflecting: entity).children {
            guard let label = child.label, let property = child.value as? any AnyEntityProperty else { continue }
            properties[propertyName(label)] = property.anyValue.map(content(of:)) ?? .nothing
        }
        return EntityContent(
            typeName: String(describing: Entity.self), identifier: entity.id.entityIdentifierString,
            displayTitle: representation.title.key, subtitle: representation.subtitle?.key, properties: properties)
    }

    /// A stored property's name without the underscore a property wrapper's storage has.
    static func propertyName(_ label: String) -> String {
        label.hasPrefix("_") ? String(label.dropFirst()) : label
    }

    /// Finds the entity that content names: an entity by identifier, or text by identifier and
    /// then through the query's text search.
    static func resolveEntity<Entity: AppEntity>(_ type: Entity.Type, from content: Content) async throws -> Entity {
        let typeName = Entity.typeDisplayRepresentation.name.key
        // A transient entity is made from the values it carries, not found.
        if let transient = type as? any TransientAppEntity.Type {
            guard case .entity(let given) = content else {
                throw ResolutionProblem.unsupported(
                    "a \(typeName) comes from an action that makes one, not from \(content.typeName.lowercased())")
            }
            guard let made = try await transient.populated(from: given) as? Entity else {
                throw ResolutionProblem.unsupported("no \(typeName) could be made")
            }
            return made
        }
        if case .entity(let given) = content {
            if let found = try await entities(Entity.self, identifiers: [given.identifier]).first { return found }
            throw ResolutionProblem.unsupported("no \(typeName) has the identifier “\(given.identifier)” any more")
        }
        let text = content.text
        if let found = try await entities(Entity.self, identifiers: [text]).first { return found }
        guard let matches = try await entities(Entity.self, matching: text) else {
            throw ResolutionProblem.unsupported("no \(typeName) has the identifier “\(text)”")
        }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ResolutionProblem.unsupported("no \(typeName) matches “\(text)”")
        default: throw ResolutionProblem.disambiguation(matches.map(option(for:)))
        }
    }

    /// The entities with these identifiers, through the type's default query.
    static func entities<Entity: AppEntity>(_ type: Entity.Type, identifiers: [String]) async throws -> [Entity] {
        try await lookUp(Entity.defaultQuery, identifiers: identifiers).compactMap { $0 as? Entity }
    }

    /// The entities matching text, or nil when the query can't search by text.
    static func entities<Entity: AppEntity>(_ type: Entity.Type, matching text: String) async throws -> [Entity]? {
        guard let query = Entity.defaultQuery as? any EntityStringQuery else { return nil }
        return try await search(query, text: text).compactMap { $0 as? Entity }
    }

    /// The suggested entities, through the type's default query.
    static func suggestedEntities<Entity: AppEntity>(_ type: Entity.Type) async throws -> [Entity] {
        try await suggestions(Entity.defaultQuery).compactMap { $0 as? Entity }
    }

    private static func lookUp<Query: EntityQuery>(_ query: Query, identifiers: [String]) async throws -> [Any] {
        let typed = identifiers.compactMap { Query.Entity.ID.entityIdentifier(for: $0) }
        guard !typed.isEmpty else { return [] }
        return try await query.entities(for: typed)
    }

    private static func search<Query: EntityStringQuery>(_ query: Query, text: String) async throws -> [Any] {
        try await query.entities(matching: text)
    }

    private static func suggestions<Query: EntityQuery>(_ query: Query) async throws -> [Any] {
        try await query.suggestedEntities()
    }
}
