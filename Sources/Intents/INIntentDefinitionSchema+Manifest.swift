import ShortcutsContent

extension INIntentDefinitionSchema {
    /// The manifest of an app serving these definitions: the same `AppManifest` App Intents apps
    /// write, so `shortcuts` lists and runs both alike.
    public static func manifest(
        of definitions: [INIntentDefinitionSchema], bundleIdentifier: String, name: String, executable: String
    ) -> AppManifest {
        let enums = definitions.flatMap(\.enums)
        let actions = definitions.flatMap(\.intents).map { intent in
            var action = ActionMetadata(
                identifier: "\(bundleIdentifier).\(intent.className)", title: intent.title, description: intent.description,
                parameters: intent.parameters.map { parameterMetadata($0, enums: enums) },
                inputParameter: intent.inputParameter, isReadOnly: false)
            if let output = intent.outputParameter, let parameter = intent.responseParameters.first(where: { $0.name == output }) {
                action.outputType = contentTypeName(parameter.type)
                action.outputIsList = parameter.isList ? true : nil
                action.outputName = parameter.title
            }
            return action
        }
        let entities = definitions.flatMap(\.types).map { type in
            EntityTypeMetadata(
                name: type.name, displayName: type.title,
                properties: type.properties.map { .init(name: $0.name, title: $0.title, type: contentTypeName($0.type)) },
                supportsStringQuery: true)
        }
        let enumMetadata = enums.map { enumeration in
            EnumTypeMetadata(
                name: enumeration.name, displayName: enumeration.title,
                cases: enumeration.cases.filter { $0.rawValue != 0 }.map { .init(identifier: $0.name, title: $0.title) })
        }
        return AppManifest(
            bundleIdentifier: bundleIdentifier, name: name, executable: executable, extensionArguments: ["--serve-intents"],
            actions: actions, entities: entities, enums: enumMetadata)
    }

    private static func parameterMetadata(_ parameter: INParameterSchema, enums: [INEnumSchema]) -> ParameterMetadata {
        var options: [String] = []
        var entityType: String?
        if case .enumeration(let name) = parameter.type {
            options = enums.first { $0.name == name }?.cases.filter { $0.rawValue != 0 }.map(\.name) ?? []
        }
        if case .object(let name) = parameter.type { entityType = name }
        var metadata = ParameterMetadata(
            key: parameter.name, title: parameter.title, type: valueType(parameter.type), options: options,
            defaultValue: parameter.defaultValue, entityType: entityType, isList: parameter.isList,
            minimum: parameter.minimum, maximum: parameter.maximum)
        metadata.requestValueDialog = parameter.promptDialog
        if parameter.hasDynamicOptions { metadata.hasDynamicOptions = true }
        return metadata
    }

    private static func valueType(_ type: INParameterSchema.ValueType) -> ParameterMetadata.ValueType {
        switch type {
        case .string, .placemark, .currency: return .text
        case .integer: return .integer
        case .decimal: return .number
        case .boolean: return .boolean
        case .duration: return .duration
        case .dateComponents: return .date
        case .url: return .url
        case .file: return .file
        case .object: return .entity
        case .enumeration: return .enumeration
        }
    }

    private static func contentTypeName(_ type: INParameterSchema.ValueType) -> String {
        switch type {
        case .string, .placemark, .currency: return "Text"
        case .integer, .decimal, .duration: return "Number"
        case .boolean: return "Boolean"
        case .dateComponents: return "Date"
        case .url: return "URL"
        case .file: return "File"
        case .object(let name), .enumeration(let name): return name
        }
    }
}
