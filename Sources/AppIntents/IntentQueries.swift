import ShortcutsContent
import ShortcutsRPC

/// Answers `entities.query` and `options.list`: finding entities, and the choices for a parameter.
extension IntentCatalog {
    func queryEntities(_ query: ExtensionProtocol.QueryParams) async throws -> ExtensionProtocol.QueryResult {
        guard let type = entity(named: query.entityType) else {
            let known = entities.map { String(describing: $0) }.joined(separator: ", ")
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode,
                message: "this app has no entity type named '\(query.entityType)' (it has: \(known))")
        }
        return ExtensionProtocol.QueryResult(entities: try await Self.find(type, query).map(ValueCoding.content(of:)))
    }

    private static func find<Entity: AppEntity>(_ type: Entity.Type, _ query: ExtensionProtocol.QueryParams) async throws -> [Any] {
        if let identifiers = query.identifiers { return try await ValueCoding.entities(Entity.self, identifiers: identifiers) }
        if let text = query.matching {
            guard let found = try await ValueCoding.entities(Entity.self, matching: text) else {
                throw JSONRPC.ErrorObject(
                    code: JSONRPC.ErrorObject.invalidParamsCode,
                    message: "\(Entity.self)'s query can't search by text (it is not an EntityStringQuery)")
            }
            return found
        }
        return try await ValueCoding.suggestedEntities(Entity.self)
    }

    func listOptions(_ request: ExtensionProtocol.OptionsParams) async throws -> ExtensionProtocol.OptionsResult {
        guard let type = intent(named: request.intent),
            let parameter = IntentReflection.parameters(of: type.init()).first(where: { $0.name == request.parameter })?.parameter
        else {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode,
                message: "this app has no intent '\(request.intent)' with a parameter '\(request.parameter)'")
        }
        // The intent as filled in so far, for options that depend on its other parameters.
        let filled = await IntentBeingFilled.make(type, values: request.parameters ?? [:])
        var options = try await IntentBeingFilled.$current.withValue(filled) {
            try await Self.choices(for: parameter, searchTerm: request.searchTerm).map(ValueCoding.option(for:))
        }
        if let term = request.searchTerm, !term.isEmpty, parameter.hasOptionsProvider || Self.isEnumeration(parameter) {
            options = options.filter { $0.title.localizedCaseInsensitiveContains(term) }
        }
        return ExtensionProtocol.OptionsResult(options: options)
    }

    private static func choices(for parameter: any AnyIntentParameter, searchTerm: String?) async throws -> [Any] {
        if let provided = try await parameter.providedOptions() { return provided }
        let element = elementType(parameter.valueType)
        if let entity = element as? any AppEntity.Type { return try await entityChoices(entity, searchTerm: searchTerm) }
        if let enumeration = element as? any AppEnum.Type { return enumeration.allCaseValues }
        return []
    }

    private static func entityChoices<Entity: AppEntity>(_ type: Entity.Type, searchTerm: String?) async throws -> [Any] {
        if let term = searchTerm, !term.isEmpty, let found = try await ValueCoding.entities(Entity.self, matching: term) {
            return found
        }
        return try await ValueCoding.suggestedEntities(Entity.self)
    }

    private static func isEnumeration(_ parameter: any AnyIntentParameter) -> Bool {
        elementType(parameter.valueType) is any AppEnum.Type
    }

    /// The type without `Optional` and `Array`.
    private static func elementType(_ type: Any.Type) -> Any.Type {
        if let optional = type as? any OptionalValue.Type { return elementType(optional.wrappedType) }
        if let array = type as? any ArrayValue.Type { return elementType(array.elementType) }
        return type
    }
}

extension AppEnum {
    static var allCaseValues: [Any] { allCases.map { $0 as Any } }
}

/// A query that can list every entity of its type (a small, fixed set: a few categories, the
/// app's settings). Finding by identifier and the suggestions come from ``allEntities()``
/// unless the query gives its own.
public protocol EnumerableEntityQuery: EntityQuery {
    // Restated so the type's `allEntities()` alone tells which entity type it finds.
    associatedtype Entity
    /// Every entity of the type.
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery {
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        let all = try await allEntities()
        return identifiers.compactMap { identifier in all.first { $0.id == identifier } }
    }

    public func suggestedEntities() async throws -> [Entity] { try await allEntities() }
}
