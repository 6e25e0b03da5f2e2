import ShortcutsContent

/// A problem that keeps the app's manifest from being written, such as an App Shortcut phrase
/// that doesn't name the app exactly once.
public struct AppManifestError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let description: String
        /// An App Shortcut phrase doesn't contain `\(.applicationName)` exactly once.
        public static let invalidUtterance = Code(description: "invalidUtterance")
    }

    public var code: Code
    public var message: String
    public var description: String { message }
}

extension IntentCatalog {
    /// The manifest describing the app.
    func manifest(
        name: String, executable: String, appShortcuts: (any AppShortcutsProvider.Type)?
    ) async throws -> AppManifest {
        var entityMetadata: [EntityTypeMetadata] = []
        for entity in entities {
            let properties = await EntitySample.properties(of: entity).map {
                EntityTypeMetadata.Property(
                    name: $0.name, title: $0.title, type: ValueCoding.info($0.valueType).contentTypeName)
            }
            entityMetadata.append(
                EntityTypeMetadata(
                    name: String(describing: entity), displayName: entity.typeDisplayRepresentation.name.key,
                    properties: properties, supportsStringQuery: entity.supportsStringQuery))
        }
        return AppManifest(
            bundleIdentifier: bundleIdentifier, name: name, executable: executable, extensionArguments: ["--serve-intents"],
            actions: intents.map(actionMetadata), entities: entityMetadata, enums: enums.map(enumMetadata),
            appShortcuts: try appShortcuts.map(shortcutMetadata) ?? [])
    }

    func actionMetadata(_ intent: any AppIntent.Type) -> ActionMetadata {
        let parameters = IntentReflection.parameters(of: intent.init()).map { parameterMetadata($0.parameter) }
        let description = intent.description
        let input =
            IntentReflection.parameters(of: intent.init())
            .first { $0.parameter.inputConnectionBehavior == .connectToPreviousIntentResult }?.name
            ?? parameters.first { $0.isRequired }?.key
        let output = intent.resultValueType.map { ValueCoding.info($0) }
        var action = ActionMetadata(
            identifier: actionIdentifier(String(describing: intent)), title: intent.title.key,
            description: description.descriptionText.key, parameters: parameters, inputParameter: input,
            outputType: output?.contentTypeName, outputName: description.resultValueName?.key, isReadOnly: false,
            keywords: description.searchKeywords.map(\.key))
        action.outputIsList = output?.isList == true ? true : nil
        action.summary = intent.parameterSummary.renderedSummary
        action.supportedModes = intent.supportedModes.names
        return action
    }

    private func parameterMetadata(_ parameter: any AnyIntentParameter) -> ParameterMetadata {
        let info = ValueCoding.info(parameter.valueType)
        var metadata = ParameterMetadata(
            key: parameter.name, title: parameter.title.key, description: parameter.description?.key ?? "",
            type: info.parameterType, isRequired: !info.isOptional && !parameter.hasDefault, options: info.enumOptions,
            defaultValue: parameter.defaultContent.map(\.text), entityType: info.entityType, isList: info.isList,
            minimum: parameter.inclusiveRange?.lowerBound, maximum: parameter.inclusiveRange?.upperBound)
        metadata.requestValueDialog = parameter.requestValueDialog?.full.key
        if parameter.hasOptionsProvider || info.entityType != nil { metadata.hasDynamicOptions = true }
        return metadata
    }

    private func enumMetadata(_ enumeration: any AppEnum.Type) -> EnumTypeMetadata {
        EnumTypeMetadata(
            name: String(describing: enumeration), displayName: enumeration.typeDisplayRepresentation.name.key,
            cases: enumeration.caseMetadata)
    }

    /// The App Shortcuts, after checking that every phrase names the app exactly once.
    private func shortcutMetadata(_ provider: any AppShortcutsProvider.Type) throws -> [AppShortcutMetadata] {
        let shortcuts = provider.appShortcuts
        let problems = shortcuts.flatMap { shortcut in
            shortcut.phrases.filter { $0.applicationNameCount != 1 }.map { phrase in
                "App Shortcut “\(shortcut.shortTitle.key)” (\(shortcut.intentTypeName)), phrase “\(phrase.text)”: "
                    + "names the app \(phrase.applicationNameCount) times"
            }
        }
        if !problems.isEmpty {
            throw AppManifestError(
                code: .invalidUtterance,
                message: "Invalid Utterance. Every App Shortcut utterance should have one '${applicationName}' in it.\n"
                    + problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        return shortcuts.map {
            AppShortcutMetadata(
                action: actionIdentifier($0.intentTypeName), phrases: $0.phrases.map(\.text),
                shortTitle: $0.shortTitle.key, systemImageName: $0.systemImageName)
        }
    }
}

extension AppEntity {
    static var supportsStringQuery: Bool { defaultQuery is any EntityStringQuery }
}

extension AppEnum {
    static var caseMetadata: [EnumTypeMetadata.Case] {
        allCases.map { EnumTypeMetadata.Case(identifier: String(describing: $0.rawValue), title: $0.caseTitle) }
    }
}
