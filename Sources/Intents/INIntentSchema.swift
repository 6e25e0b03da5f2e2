import Foundation

/// What generated code tells the runtime about one `.intentdefinition` file: its intents, custom
/// types and enumerations. An app lists the generated `…IntentDefinition.schema` values it serves.
public struct INIntentDefinitionSchema: Sendable {
    /// The file the code was generated from, e.g. `Intents.intentdefinition`.
    public var sourceFile: String
    public var intents: [INIntentSchema]
    public var types: [INTypeSchema]
    public var enums: [INEnumSchema]

    public init(sourceFile: String, intents: [INIntentSchema], types: [INTypeSchema], enums: [INEnumSchema]) {
        self.sourceFile = sourceFile
        self.intents = intents
        self.types = types
        self.enums = enums
    }
}

/// One intent: its titles, parameters, response, and how to call its handler.
public struct INIntentSchema: Sendable {
    /// The generated class name, e.g. `CreateTaskIntent`.
    public var className: String
    public var title: String
    public var description: String
    public var parameters: [INParameterSchema]
    /// The parameter that takes the previous action's output.
    public var inputParameter: String?
    /// Whether Shortcuts asks the person before handling.
    public var requiresConfirmation: Bool
    public var responseCodes: [INResponseCodeSchema]
    public var responseParameters: [INParameterSchema]
    /// The response parameter that is the action's output.
    public var outputParameter: String?
    /// Makes an empty intent of the generated class.
    public var makeIntent: @Sendable () -> INIntent
    /// Makes an empty response of the generated class.
    public var makeResponse: @Sendable () -> INIntentResponse
    /// Binds a handler to an intent: nil when the handler doesn't adopt the generated protocol.
    public var bind: @Sendable (_ handler: Any, _ intent: INIntent) -> INIntentHandlerCalls?

    public init(
        className: String, title: String, description: String, parameters: [INParameterSchema],
        inputParameter: String?, requiresConfirmation: Bool, responseCodes: [INResponseCodeSchema],
        responseParameters: [INParameterSchema], outputParameter: String?,
        makeIntent: @escaping @Sendable () -> INIntent, makeResponse: @escaping @Sendable () -> INIntentResponse,
        bind: @escaping @Sendable (_ handler: Any, _ intent: INIntent) -> INIntentHandlerCalls?
    ) {
        self.className = className
        self.title = title
        self.description = description
        self.parameters = parameters
        self.inputParameter = inputParameter
        self.requiresConfirmation = requiresConfirmation
        self.responseCodes = responseCodes
        self.responseParameters = responseParameters
        self.outputParameter = outputParameter
        self.makeIntent = makeIntent
        self.makeResponse = makeResponse
        self.bind = bind
    }
}

/// One parameter of an intent or response, or one property of a custom type.
public struct INParameterSchema: Sendable {
    /// The kind of value, which decides the stored Swift type.
    public enum ValueType: Sendable, Equatable {
        /// `String`, stored as `String`.
        case string
        /// `Integer`, `Decimal`, `Boolean` and `TimeInterval`, stored as `NSNumber`.
        case integer, decimal, boolean, duration
        /// `DateComponents`, `File`, `URL`, `Placemark`, `Currency`.
        case dateComponents, file, url, placemark, currency
        /// A custom type (an `INObject` subclass) by name.
        case object(String)
        /// An enumeration by name, stored as its raw value (`Int`).
        case enumeration(String)
    }

    public var name: String
    public var title: String
    public var type: ValueType
    public var isList: Bool
    /// What to ask when the parameter needs a value.
    public var promptDialog: String?
    /// What to say before a choice among values.
    public var disambiguationDialog: String?
    /// What to ask when a value needs confirming.
    public var confirmationDialog: String?
    /// Messages for custom unsupported reasons, by raw value (1, 2…).
    public var unsupportedReasons: [Int: String]
    public var minimum: Double?
    public var maximum: Double?
    public var defaultValue: String?
    /// Whether the handler offers choices (`provide…OptionsCollection`).
    public var hasDynamicOptions: Bool

    public init(
        name: String, title: String, type: ValueType, isList: Bool = false, promptDialog: String? = nil,
        disambiguationDialog: String? = nil, confirmationDialog: String? = nil, unsupportedReasons: [Int: String] = [:],
        minimum: Double? = nil, maximum: Double? = nil, defaultValue: String? = nil, hasDynamicOptions: Bool = false
    ) {
        self.name = name
        self.title = title
        self.type = type
        self.isList = isList
        self.promptDialog = promptDialog
        self.disambiguationDialog = disambiguationDialog
        self.confirmationDialog = confirmationDialog
        self.unsupportedReasons = unsupportedReasons
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
        self.hasDynamicOptions = hasDynamicOptions
    }
}

/// A response code: its raw value, name, whether it means success, and what it says.
public struct INResponseCodeSchema: Sendable {
    public var rawValue: Int
    public var name: String
    public var isSuccess: Bool
    /// The format string, with `${parameter}` placeholders.
    public var dialog: String?

    public init(rawValue: Int, name: String, isSuccess: Bool, dialog: String?) {
        self.rawValue = rawValue
        self.name = name
        self.isSuccess = isSuccess
        self.dialog = dialog
    }
}

/// A custom type: its name, title, properties, and how to make one.
public struct INTypeSchema: Sendable {
    public var name: String
    public var title: String
    public var properties: [INParameterSchema]
    public var make: @Sendable (_ identifier: String?, _ display: String) -> INObject

    public init(
        name: String, title: String, properties: [INParameterSchema],
        make: @escaping @Sendable (_ identifier: String?, _ display: String) -> INObject
    ) {
        self.name = name
        self.title = title
        self.properties = properties
        self.make = make
    }
}

/// An enumeration: its cases by raw value, name and title.
public struct INEnumSchema: Sendable {
    public struct Case: Sendable {
        public var rawValue: Int
        public var name: String
        public var title: String

        public init(rawValue: Int, name: String, title: String) {
            self.rawValue = rawValue
            self.name = name
            self.title = title
        }
    }

    public var name: String
    public var title: String
    public var cases: [Case]

    public init(name: String, title: String, cases: [Case]) {
        self.name = name
        self.title = title
        self.cases = cases
    }
}

/// A handler's methods for one intent, bound by generated code so the runtime can call them
/// without knowing the generated protocol.
public struct INIntentHandlerCalls {
    /// Resolve methods by parameter name; a single-valued parameter gives one result.
    public var resolve: [String: () async -> [INIntentResolutionResult]]
    /// Options providers by parameter name, given the search term.
    public var provideOptions: [String: (_ searchTerm: String?) async throws -> [Any]]
    public var confirm: () async -> INIntentResponse
    public var handle: () async -> INIntentResponse

    public init(
        resolve: [String: () async -> [INIntentResolutionResult]],
        provideOptions: [String: (_ searchTerm: String?) async throws -> [Any]],
        confirm: @escaping () async -> INIntentResponse, handle: @escaping () async -> INIntentResponse
    ) {
        self.resolve = resolve
        self.provideOptions = provideOptions
        self.confirm = confirm
        self.handle = handle
    }
}

/// Thrown by a generated default `provide…OptionsCollection` the handler doesn't implement.
public struct INOptionsNotProvided: Error, Sendable, CustomStringConvertible {
    public var parameter: String
    public init(parameter: String) { self.parameter = parameter }
    public var description: String { "the handler offers no options for '\(parameter)'" }
}

/// Generated code names this type, so code from a newer `intentgen` fails to compile against an
/// older runtime instead of misbehaving.
public enum INGeneratedCodeVersion1 {}
