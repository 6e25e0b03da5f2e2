/// The one description of an action that everything reads: `shortcuts actions`, `view`, app
/// manifests, the text language's checker and MCP tool schemas.
///
/// Built-in actions, App Intents and SiriKit intents are all described by this type. It is
/// `Codable` and versioned (``formatVersion``) so manifests written by apps can be read later.
///
/// ```swift
/// let changeCase = ActionMetadata(
///     identifier: "is.workflow.actions.text.changecase", title: "Change Case",
///     parameters: [ParameterMetadata(key: "WFCaseType", title: "Case", type: .enumeration,
///                                    options: ["UPPERCASE", "lowercase"], defaultValue: "UPPERCASE")],
///     inputParameter: "text", outputType: "Text")
/// ```
public struct ActionMetadata: Codable, Sendable, Equatable {
    /// The version of this description's JSON form; readers reject newer major versions.
    public static let formatVersion = 1

    public var identifier: String
    public var title: String
    public var description: String
    public var parameters: [ParameterMetadata]
    /// The parameter that takes the previous action's output when it is not set.
    public var inputParameter: String?
    /// The type of the output (`Text`, `Number`, an entity type…), or `nil` when the action outputs nothing.
    public var outputType: String?
    /// Whether the output is a list of ``outputType`` (e.g. `[TaskEntity]`).
    public var outputIsList: Bool?
    /// The action's output name in the editor, e.g. `Calculation Result`.
    public var outputName: String?
    /// Whether the action changes nothing outside the run (a hint for agents).
    public var isReadOnly: Bool
    /// Whether the action can run on Linux at all.
    public var isAvailable: Bool
    /// Words that help find the action.
    public var keywords: [String]
    /// The parameter summary, e.g. `Create task ${title} due ${dueDate}`: the sentence the editor shows,
    /// `${key}` standing for a parameter (App Intents' `parameterSummary`, or a built-in action's own).
    public var summary: String?
    /// Where an app action may run: `background`, `foreground`… (App Intents' `supportedModes`).
    public var supportedModes: [String]?
    /// The desktop or system service the action calls over D-Bus, when it needs one.
    public var service: RequiredService?
    /// The Apple app whose own action (App Intent) this is, e.g. `Reminders`; `nil` for Shortcuts' built-in actions.
    public var app: String?

    public init(
        identifier: String, title: String, description: String = "", parameters: [ParameterMetadata] = [],
        inputParameter: String? = nil, outputType: String? = nil, outputName: String? = nil,
        isReadOnly: Bool = true, isAvailable: Bool = true, keywords: [String] = [], summary: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.description = description
        self.parameters = parameters
        self.inputParameter = inputParameter
        self.outputType = outputType
        self.outputName = outputName
        self.isReadOnly = isReadOnly
        self.isAvailable = isAvailable
        self.keywords = keywords
        self.summary = summary
    }

    /// The parameter with a key, if the action has it.
    public func parameter(_ key: String) -> ParameterMetadata? {
        parameters.first { $0.key == key }
    }
}

/// One parameter of an action.
public struct ParameterMetadata: Codable, Sendable, Equatable {
    /// What kind of value a parameter takes.
    public enum ValueType: String, Codable, Sendable {
        case text, number, integer, boolean, date, duration, url, file, dictionary, list
        case enumeration, entity, variableName, content, condition, shortcut
    }

    /// The key in `WFWorkflowActionParameters`, e.g. `WFTextActionText` (a Swift name for App Intents).
    public var key: String
    public var title: String
    public var description: String
    public var type: ValueType
    public var isRequired: Bool
    /// The default as text (what the editor shows when the parameter is not set).
    public var defaultValue: String?
    /// The allowed values of an enumeration, as files write them.
    public var options: [String]
    /// The type name of an entity parameter.
    public var entityType: String?
    /// Whether the parameter takes several values.
    public var isList: Bool
    /// Inclusive bounds for numbers.
    public var minimum: Double?
    public var maximum: Double?
    /// What to ask when the parameter needs a value (App Intents' `requestValueDialog`).
    public var requestValueDialog: String?
    /// Whether the app offers choices for this parameter at run time (an options provider or entity query).
    public var hasDynamicOptions: Bool?

    public init(
        key: String, title: String, description: String = "", type: ValueType, isRequired: Bool = false,
        options: [String] = [], defaultValue: String? = nil, entityType: String? = nil, isList: Bool = false,
        minimum: Double? = nil, maximum: Double? = nil
    ) {
        self.key = key
        self.title = title
        self.description = description
        self.type = type
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.options = options
        self.entityType = entityType
        self.isList = isList
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A D-Bus service an action needs: `shortcuts actions` marks the action unavailable where the
/// bus has no such name, and the action's error names it and its Debian package.
public struct RequiredService: Codable, Sendable, Equatable {
    /// What people call it: `UPower`, `NetworkManager`.
    public var title: String
    /// Its well-known bus name, or a prefix ending in `.` for a family (`org.mpris.MediaPlayer2.`).
    public var busName: String
    /// `session` or `system`.
    public var bus: String
    /// The Debian package that provides it, or what to install.
    public var package: String

    public init(title: String, busName: String, bus: String, package: String) {
        self.title = title
        self.busName = busName
        self.bus = bus
        self.package = package
    }

    /// `UPower (org.freedesktop.UPower on the system bus; install upower)`.
    public var description: String { "\(title) (\(busName) on the \(bus) bus; install \(package))" }
}
