/// A problem found while generating code, naming the file and the intent, parameter or type.
///
/// Recoverable problems are collected as diagnostics; only input that can't be read at all is
/// thrown (``IntentDefinitionError``).
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public var severity: Severity
    public var fileName: String
    /// Where in the file, e.g. `intent 'CreateTask', parameter 'dueDate'`.
    public var location: String?
    public var message: String

    public init(_ severity: Severity, fileName: String, location: String? = nil, message: String) {
        self.severity = severity
        self.fileName = fileName
        self.location = location
        self.message = message
    }

    /// `Intents.intentdefinition: error: intent 'CreateTask', parameter 'dueDate': …`
    public var description: String {
        "\(fileName): \(severity.rawValue): " + (location.map { "\($0): " } ?? "") + message
    }
}

/// Input that can't be generated from at all: not a property list, or not an intent definition.
public struct IntentDefinitionError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem it is; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let description: String
        /// The file can't be read.
        public static let unreadable = Code(description: "unreadable")
        /// The file is not a property list.
        public static let notPropertyList = Code(description: "notPropertyList")
        /// The property list is not an intent definition.
        public static let notIntentDefinition = Code(description: "notIntentDefinition")
        /// Problems were found (see the diagnostics); nothing was generated.
        public static let invalidDefinition = Code(description: "invalidDefinition")
    }

    public var code: Code
    public var fileName: String
    public var message: String

    public init(code: Code, fileName: String, message: String) {
        self.code = code
        self.fileName = fileName
        self.message = message
    }

    public var description: String { "\(fileName): error: \(message)" }
}
