import Foundation
import ShortcutsContent
import ShortcutsRPC

/// Why a parameter's value couldn't be made from what the host sent.
enum ResolutionProblem: Error {
    /// There is no value and one is needed.
    case needsValue
    /// Several values match; the person chooses one.
    case disambiguation([ExtensionProtocol.Option])
    /// The value can't be used, for this reason.
    case unsupported(String)
}

/// Converts between intent values (of any supported type, seen as `Any`) and content.
enum ValueCoding {
    /// What the manifest says about a value type.
    struct TypeInfo {
        var parameterType: ParameterMetadata.ValueType
        /// `Text`, `Number`, an entity or enum type name…
        var contentTypeName: String
        var isOptional = false
        var isList = false
        var entityType: String?
        /// The raw values of an enumeration's cases.
        var enumOptions: [String] = []
    }

    static func info(_ type: Any.Type) -> TypeInfo {
        if let optional = type as? any OptionalValue.Type {
            var info = info(optional.wrappedType)
            info.isOptional = true
            return info
        }
        if let array = type as? any ArrayValue.Type {
            var info = info(array.elementType)
            info.isList = true
            return info
        }
        if let known = type as? any ContentConvertible.Type {
            return TypeInfo(parameterType: known.parameterType, contentTypeName: known.contentTypeName)
        }
        if let entity = type as? any AppEntity.Type {
            let name = String(describing: entity)
            return TypeInfo(parameterType: .entity, contentTypeName: name, entityType: name)
        }
        if let enumeration = type as? any AppEnum.Type {
            return TypeInfo(
                parameterType: .enumeration, contentTypeName: String(describing: enumeration),
                enumOptions: enumeration.rawValueTexts)
        }
        return TypeInfo(parameterType: .content, contentTypeName: String(describing: type))
    }

    /// A value as content: entities with their properties, enumerations as raw values.
    static func content(of value: Any) -> Content {
        if let optional = value as? any OptionalValue {
            return optional.wrapped.map(content(of:)) ?? .nothing
        }
        if let array = value as? any ArrayValue {
            return .list(array.elements.map(content(of:)))
        }
        if let known = value as? any ContentConvertible { return known.content }
        if let entity = value as? any AppEntity { return .entity(entityContent(entity)) }
        if let enumeration = value as? any AppEnum { return .text(String(describing: enumeration.rawValue)) }
        return .text(String(describing: value))
    }

    /// A value as a choice offered to the person.
    static func option(for value: Any) -> ExtensionProtocol.Option {
        if let entity = value as? any AppEntity {
            let representation = entity.displayRepresentation
            return ExtensionProtocol.Option(
                value: content(of: entity), title: representation.title.key, subtitle: representation.subtitle?.key)
        }
        if let enumeration = value as? any AppEnum {
            return ExtensionProtocol.Option(value: content(of: enumeration), title: enumeration.caseTitle)
        }
        let content = content(of: value)
        return ExtensionProtocol.Option(value: content, title: content.text)
    }

    /// Whether two contents name the same choice (entities by type and identifier).
    static func isSameChoice(_ lhs: Content, _ rhs: Content) -> Bool {
        if case .entity(let left) = lhs, case .entity(let right) = rhs {
            return left.typeName == right.typeName && left.identifier == right.identifier
        }
        return lhs == rhs
    }

    /// Makes a value of `type` from content; entities are looked up through their query.
    static func decode(_ content: Content, as type: Any.Type) async throws -> Any {
        if let optional = type as? any OptionalValue.Type {
            if content.isNothing { return optional.wrapping(nil) }
            return optional.wrapping(try await decode(content, as: optional.wrappedType))
        }
        if let array = type as? any ArrayValue.Type {
            var elements: [Any] = []
            for item in content.items { elements.append(try await decode(item, as: array.elementType)) }
            return array.making(elements)
        }
        if content.isNothing { throw ResolutionProblem.needsValue }
        let single = content.items.count == 1 ? content.items[0] : content
        if let known = type as? any ContentConvertible.Type {
            guard let value = known.value(from: single) else {
                throw ResolutionProblem.unsupported(
                    "expected \(article(known.contentTypeName)), got \(single.typeName.lowercased()) “\(single.text)”")
            }
            return value
        }
        if let entity = type as? any AppEntity.Type { return try await resolveEntity(entity, from: single) }
        if let enumeration = type as? any AppEnum.Type { return try enumeration.matchingCase(single.text) }
        throw ResolutionProblem.unsupported("values of type \(type) can't be passed to an intent")
    }

    private static func article(_ typeName: String) -> String {
        let lower = typeName.lowercased()
        return (lower.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + lower
    }
}

extension AppEnum {
    static var rawValueTexts: [String] { allCases.map { String(describing: $0.rawValue) } }

    /// The case whose raw value or title is the text (ignoring case).
    static func matchingCase(_ text: String) throws -> Self {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let found = allCases.first(where: { String(describing: $0.rawValue) == wanted })
            ?? allCases.first(where: { $0.caseTitle.caseInsensitiveCompare(wanted) == .orderedSame })
            ?? allCases.first(where: { String(describing: $0.rawValue).caseInsensitiveCompare(wanted) == .orderedSame })
        {
            return found
        }
        let choices = allCases.map { $0.caseTitle }.joined(separator: ", ")
        throw ResolutionProblem.unsupported("“\(wanted)” is not one of \(choices)")
    }
}
