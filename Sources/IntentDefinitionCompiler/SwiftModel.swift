/// Stage 2's output: the definition as the Swift declarations to write, with every name and type
/// decided, so rendering is only printing.
public struct SwiftModel: Sendable, Equatable {
    public var sourceFile: String
    /// The generated enum holding the file's schema, e.g. `IntentsIntentDefinition`.
    public var schemaName: String
    public var intents: [Intent]
    public var types: [CustomType]
    public var enums: [Enumeration]

    /// A stored value: an intent or response parameter, or a custom type's property.
    public struct Value: Sendable, Equatable {
        /// The name in the file (the storage key).
        public var key: String
        /// The Swift identifier (back-quoted when a keyword).
        public var identifier: String
        public var title: String
        public var kind: Kind
        public var isList: Bool
        public var prompts: [String: String] = [:]
        public var unsupportedReasons: [String] = []
        public var minimum: Double?
        public var maximum: Double?
        public var defaultValue: String?
        public var hasDynamicOptions = false
        public var supportsSearch = false
        public var supportsResolution = false
        /// The per-parameter result class and reason enum, when the parameter has unsupported reasons.
        public var reasonEnum: String?
        public var reasonCases: [String] = []
        public var resultClassOverride: String?

        /// The value's type, which decides every Swift spelling.
        public enum Kind: Sendable, Equatable {
            case string, integer, decimal, boolean, duration, dateComponents, file, url, placemark, currency
            case object(String)
            /// An enumeration and its default case (`unknown`).
            case enumeration(String, defaultCase: String)
        }
    }

    public struct Intent: Sendable, Equatable {
        public var name: String
        public var className: String
        public var title: String
        public var description: String
        public var parameters: [Value]
        public var inputParameter: String?
        public var requiresConfirmation: Bool
        public var codes: [ResponseCode]
        public var responseParameters: [Value]
        public var outputParameter: String?
    }

    public struct ResponseCode: Sendable, Equatable {
        public var name: String
        public var identifier: String
        public var rawValue: Int
        public var isSuccess: Bool
        public var dialog: String?
        /// Response parameters the code's format strings name: the labels of its factory method.
        public var factoryParameters: [String]
        public var isStandard: Bool
    }

    public struct CustomType: Sendable, Equatable {
        public var name: String
        public var title: String
        public var properties: [Value]
    }

    public struct Enumeration: Sendable, Equatable {
        public var name: String
        public var title: String
        public var cases: [Case]

        public struct Case: Sendable, Equatable {
            public var name: String
            public var identifier: String
            public var title: String
            public var rawValue: Int
        }
    }
}
