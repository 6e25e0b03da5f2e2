/// An `.intentdefinition` file as parsed: the stage between the property list and the Swift model.
public struct IntentDefinition: Sendable, Equatable {
    /// The file's name, e.g. `Intents.intentdefinition`, as diagnostics and generated code name it.
    public var fileName: String
    /// `INIntentDefinitionModelVersion`: `1.0` (Xcode 10) to `1.2`.
    public var modelVersion: String
    public var intents: [Intent]
    public var types: [CustomType]
    public var enums: [Enumeration]

    /// One intent (`INIntents[]`).
    public struct Intent: Sendable, Equatable {
        public var name: String
        public var title: Text
        public var description: Text
        /// A customised system intent (`INIntentType = System`), which gets no generated class.
        public var isSystem: Bool
        public var parameters: [Parameter]
        public var inputParameter: String?
        public var requiresConfirmation: Bool
        public var responseCodes: [ResponseCode]
        public var responseParameters: [Parameter]
        public var outputParameter: String?
    }

    /// A parameter, response parameter or custom-type property.
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var title: Text
        /// `INIntentParameterType` as the file spells it: `String`, `Integer`, `Object`…
        public var type: String
        /// The custom type of an `Object` parameter, and whether it is a system one.
        public var objectType: String?
        public var objectTypeIsSystem: Bool
        /// The enumeration of an enum parameter (whose `type` stays `Integer`).
        public var enumType: String?
        public var isList: Bool
        public var supportsResolution: Bool
        public var hasDynamicOptions: Bool
        public var supportsSearch: Bool
        /// `Primary`, `DisambiguationIntroduction` and `Confirmation` prompts by type.
        public var prompts: [String: Text]
        public var unsupportedReasons: [UnsupportedReason]
        public var minimum: Double?
        public var maximum: Double?
        public var defaultValue: String?
        /// Built-in `INObject` properties (`identifier`, `displayString`…) that get no declaration.
        public var isBuiltIn: Bool
    }

    /// A custom reason a parameter's value is refused.
    public struct UnsupportedReason: Sendable, Equatable {
        public var code: String
        public var message: Text
    }

    /// A response code (`INIntentResponseCodes[]`).
    public struct ResponseCode: Sendable, Equatable {
        public var name: String
        public var isSuccess: Bool
        public var format: Text
        public var conciseFormat: Text
    }

    /// A custom type (`INTypes[]`).
    public struct CustomType: Sendable, Equatable {
        public var name: String
        public var title: Text
        public var properties: [Parameter]
    }

    /// An enumeration (`INEnums[]`).
    public struct Enumeration: Sendable, Equatable {
        public var name: String
        public var title: Text
        public var cases: [Case]

        public struct Case: Sendable, Equatable {
            public var name: String
            public var title: Text
            public var index: Int
        }
    }

    /// A user-visible string with its localisation key (`…ID`).
    public struct Text: Sendable, Equatable {
        public var value: String
        public var key: String?

        public init(_ value: String, key: String? = nil) {
            self.value = value
            self.key = key
        }
    }
}
