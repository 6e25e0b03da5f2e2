/// Stage 2: decides the Swift declarations for a parsed definition: class names, property types,
/// resolution results, response codes (standard ones, then custom ones from 100), and the schema.
///
/// Problems are diagnostics that name the intent and parameter; a parameter whose type can't be
/// generated is left out with an error.
public struct IntentDefinitionTranslator {
    public let strings: LocalizedStrings
    public private(set) var diagnostics: [Diagnostic] = []
    private var fileName = ""

    public init(strings: LocalizedStrings = LocalizedStrings()) {
        self.strings = strings
    }

    /// Standard response codes, in raw-value order.
    static let standardCodes = ["unspecified", "ready", "continueInApp", "inProgress", "success", "failure", "failureRequiringAppLaunch"]

    public mutating func translate(_ definition: IntentDefinition) -> SwiftModel {
        fileName = definition.fileName
        var enums: [SwiftModel.Enumeration] = []
        for enumeration in definition.enums where isTypeName(enumeration.name, "enum") { enums.append(translate(enumeration)) }
        let validTypes = definition.types.filter { isTypeName($0.name, "type") }
        let typeNames = Set(validTypes.map(\.name))
        var types: [SwiftModel.CustomType] = []
        for type in validTypes {
            var properties: [SwiftModel.Value] = []
            for property in type.properties where !property.isBuiltIn && !Self.builtInProperties.contains(property.name) {
                let location = "type '\(type.name)', property '\(property.name)'"
                if let value = value(property, location: location, types: typeNames, enums: enums),
                    isUnique(value.identifier, among: properties.map(\.identifier), location: location)
                {
                    properties.append(value)
                }
            }
            types.append(SwiftModel.CustomType(name: type.name, title: text(type.title, or: type.name), properties: properties))
        }
        var intents: [SwiftModel.Intent] = []
        for intent in definition.intents {
            if intent.isSystem {
                note(.note, "intent '\(intent.name)'", "customises a system intent; SiriKit defines its class, so none is generated")
                continue
            }
            guard isTypeName(intent.name, "intent") else { continue }
            intents.append(translate(intent, types: typeNames, enums: enums))
        }
        return SwiftModel(
            sourceFile: definition.fileName, schemaName: Self.schemaName(forFile: definition.fileName),
            intents: intents, types: types, enums: enums)
    }

    static let builtInProperties: Set<String> = [
        "identifier", "displayString", "pronunciationHint", "alternativeSpeakableMatches", "subtitleString", "displayImage",
    ]

    /// `Intents.intentdefinition` → `IntentsIntentDefinition`; `01-shifty` → `File01ShiftyIntentDefinition`.
    static func schemaName(forFile fileName: String) -> String {
        let base = fileName.hasSuffix(".intentdefinition") ? String(fileName.dropLast(".intentdefinition".count)) : fileName
        let words = base.split { !$0.isLetter && !$0.isNumber }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first?.isNumber ?? true { name = "File" + name }
        return name + "IntentDefinition"
    }

    /// Whether a Swift name is not yet taken among its siblings; an error when two names from
    /// the file come out the same (`due-date` and `due_date` are both `due_date`).
    private mutating func isUnique(_ identifier: String, among taken: [String], location: String) -> Bool {
        guard taken.contains(identifier) else { return true }
        note(.error, location, "comes out as the Swift name \(identifier), which another one already has; rename one. It is left out")
        return false
    }

    /// Whether an intent's, type's or enum's name can name its generated class; an error when not.
    private mutating func isTypeName(_ name: String, _ what: String) -> Bool {
        guard !SwiftNames.isTypeName(name) else { return true }
        note(
            .error, "\(what) \(SwiftNames.literal(String(name.prefix(80))))",
            "isn't a name Swift can give a class (letters, digits and _, not starting with a digit, not a keyword); rename it in Xcode's editor. It is left out"
        )
        return false
    }

    private mutating func note(_ severity: Diagnostic.Severity, _ location: String, _ message: String) {
        diagnostics.append(Diagnostic(severity, fileName: fileName, location: location, message: message))
    }

    private func text(_ text: IntentDefinition.Text, or fallback: String) -> String {
        let value = strings.resolve(text).value
        return value.isEmpty ? fallback : value
    }

    private mutating func translate(_ enumeration: IntentDefinition.Enumeration) -> SwiftModel.Enumeration {
        var seen: Set<Int> = []
        var cases: [SwiftModel.Enumeration.Case] = []
        for item in enumeration.cases {
            guard seen.insert(item.index).inserted else {
                note(.error, "enum '\(enumeration.name)', case '\(item.name)'", "repeats the index \(item.index); left out")
                continue
            }
            let location = "enum '\(enumeration.name)', case '\(item.name)'"
            guard isUnique(SwiftNames.identifier(item.name), among: cases.map(\.identifier), location: location) else { continue }
            cases.append(
                .init(
                    name: item.name, identifier: SwiftNames.identifier(item.name), title: text(item.title, or: item.name),
                    rawValue: item.index))
        }
        return SwiftModel.Enumeration(name: enumeration.name, title: text(enumeration.title, or: enumeration.name), cases: cases)
    }

    private mutating func translate(
        _ intent: IntentDefinition.Intent, types: Set<String>, enums: [SwiftModel.Enumeration]
    ) -> SwiftModel.Intent {
        let location = "intent '\(intent.name)'"
        var parameters: [SwiftModel.Value] = []
        for parameter in intent.parameters {
            let place = "\(location), parameter '\(parameter.name)'"
            guard var value = value(parameter, location: place, types: types, enums: enums),
                isUnique(value.identifier, among: parameters.map(\.identifier), location: place)
            else {
                continue
            }
            if !parameter.unsupportedReasons.isEmpty {
                let stem = intent.name + SwiftNames.capitalized(value.identifier.replacingOccurrences(of: "`", with: ""))
                value.reasonEnum = stem + "UnsupportedReason"
                value.resultClassOverride = stem + "ResolutionResult"
                value.reasonCases = parameter.unsupportedReasons.map(\.code)
            }
            parameters.append(value)
        }
        var responseParameters: [SwiftModel.Value] = []
        for parameter in intent.responseParameters {
            let place = "\(location), response parameter '\(parameter.name)'"
            if let value = value(parameter, location: place, types: types, enums: enums) { responseParameters.append(value) }
        }
        for (key, label) in [(intent.inputParameter, "input"), (intent.outputParameter, "output")] {
            guard let key else { continue }
            let names = label == "input" ? parameters.map(\.key) : responseParameters.map(\.key)
            if !names.contains(key) { note(.warning, location, "the \(label) parameter '\(key)' is not one of its parameters; ignored") }
        }
        return SwiftModel.Intent(
            name: intent.name, className: intent.name + "Intent", title: text(intent.title, or: intent.name),
            description: strings.resolve(intent.description).value, parameters: parameters,
            inputParameter: intent.inputParameter.flatMap { key in parameters.contains { $0.key == key } ? key : nil },
            requiresConfirmation: intent.requiresConfirmation,
            codes: codes(intent, responseParameters: responseParameters.map(\.key)), responseParameters: responseParameters,
            outputParameter: intent.outputParameter.flatMap { key in responseParameters.contains { $0.key == key } ? key : nil })
    }

    private mutating func codes(_ intent: IntentDefinition.Intent, responseParameters: [String]) -> [SwiftModel.ResponseCode] {
        var result = Self.standardCodes.enumerated().map { index, name in
            SwiftModel.ResponseCode(
                name: name, identifier: name, rawValue: index,
                isSuccess: ["ready", "continueInApp", "inProgress", "success"].contains(name),
                dialog: nil, factoryParameters: [], isStandard: true)
        }
        var nextCustom = 100
        for code in intent.responseCodes {
            let format = text(code.format, or: "")
            let concise = text(code.conciseFormat, or: "")
            // `${orderDetails.total}` names the parameter `orderDetails` (a custom type's property).
            let named = (SwiftNames.placeholders(in: format) + SwiftNames.placeholders(in: concise))
                .map { String($0.prefix { $0 != "." }) }.filter(responseParameters.contains)
            var factory: [String] = []
            for name in named where !factory.contains(name) { factory.append(name) }
            let dialog = format.isEmpty ? (concise.isEmpty ? nil : concise) : format
            if let index = result.firstIndex(where: { $0.name == code.name }) {
                result[index].dialog = dialog
                result[index].factoryParameters = factory
                result[index].isSuccess = code.isSuccess
                continue
            }
            result.append(
                SwiftModel.ResponseCode(
                    name: code.name, identifier: SwiftNames.identifier(code.name), rawValue: nextCustom, isSuccess: code.isSuccess,
                    dialog: dialog, factoryParameters: factory, isStandard: false))
            nextCustom += 1
        }
        return result
    }

    /// The Swift view of a parameter, or nil (with an error) when its type can't be generated.
    private mutating func value(
        _ parameter: IntentDefinition.Parameter, location: String, types: Set<String>, enums: [SwiftModel.Enumeration]
    ) -> SwiftModel.Value? {
        guard let kind = kind(of: parameter, location: location, types: types, enums: enums) else { return nil }
        var value = SwiftModel.Value(
            key: parameter.name, identifier: SwiftNames.identifier(parameter.name), title: text(parameter.title, or: parameter.name),
            kind: kind, isList: parameter.isList)
        value.prompts = parameter.prompts.mapValues { strings.resolve($0).value }
        value.unsupportedReasons = parameter.unsupportedReasons.map { strings.resolve($0.message).value }
        value.minimum = parameter.minimum
        value.maximum = parameter.maximum
        value.defaultValue = parameter.defaultValue
        value.supportsResolution = parameter.supportsResolution
        value.supportsSearch = parameter.supportsSearch
        if parameter.hasDynamicOptions {
            if SwiftTypes.optionsElement(kind) == nil {
                note(
                    .warning, location,
                    "offers dynamic options, which \(parameter.type) parameters can't have; the options method is left out")
            } else {
                value.hasDynamicOptions = true
            }
        }
        return value
    }

    /// The type of an Object parameter that names none.
    static let genericObject = "INObject"

    private mutating func kind(
        of parameter: IntentDefinition.Parameter, location: String, types: Set<String>, enums: [SwiftModel.Enumeration]
    ) -> SwiftModel.Value.Kind? {
        if let enumName = parameter.enumType {
            guard let enumeration = enums.first(where: { $0.name == enumName }) else {
                note(.error, location, "uses the enum '\(enumName)', which the file doesn't define; left out")
                return nil
            }
            let defaultCase = enumeration.cases.first { $0.rawValue == 0 } ?? enumeration.cases.first
            guard let defaultCase else {
                note(.error, location, "uses the enum '\(enumName)', which has no cases; left out")
                return nil
            }
            return .enumeration(enumName, defaultCase: defaultCase.identifier)
        }
        switch parameter.type {
        case "String": return .string
        case "Integer": return .integer
        case "Decimal", "Double": return .decimal
        case "Boolean": return .boolean
        case "TimeInterval", "Duration": return .duration
        case "DateComponents", "Date": return .dateComponents
        case "File": return .file
        case "URL": return .url
        case "Placemark", "Location": return .placemark
        case "CurrencyAmount", "Currency": return .currency
        case "Object":
            // Without a type (Xcode 10's definitions, and some later ones) Xcode generates an
            // `INObject`, the base of every custom type: an identifier and a display string.
            guard let objectType = parameter.objectType else { return .object(Self.genericObject) }
            guard !parameter.objectTypeIsSystem, types.contains(objectType) else {
                let origin = parameter.objectTypeIsSystem ? "is a system type this generator doesn't support" : "the file doesn't define"
                note(.error, location, "uses the type '\(objectType)', which \(origin); left out")
                return nil
            }
            return .object(objectType)
        case "":
            note(.error, location, "has no type; left out")
            return nil
        default:
            note(.error, location, "has the type '\(parameter.type)', which this generator doesn't support yet; left out")
            return nil
        }
    }
}
