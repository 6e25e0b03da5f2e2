import PropertyList

/// One step of a shortcut: an action identifier and its parameters.
///
/// ```swift
/// let action = WorkflowAction(identifier: "is.workflow.actions.gettext",
///                             parameters: ["WFTextActionText": .plain("Hello")])
/// ```
public struct WorkflowAction: Hashable, Sendable {
    /// The identifier, e.g. `is.workflow.actions.gettext` or `com.example.App.CreateTaskIntent`.
    public var identifier: String
    public var parameters: ParameterDictionary
    /// Keys of the action dictionary other than the identifier and parameters, kept for writing back.
    public var extra: PropertyListDictionary

    public init(identifier: String, parameters: ParameterDictionary = [:], extra: PropertyListDictionary = PropertyListDictionary()) {
        self.identifier = identifier
        self.parameters = parameters
        self.extra = extra
    }

    /// The prefix of built-in action identifiers.
    public static let builtinPrefix = "is.workflow.actions."

    /// The identifier without `is.workflow.actions.` for built-in actions, e.g. `gettext`.
    public var shortIdentifier: String {
        identifier.hasPrefix(Self.builtinPrefix) ? String(identifier.dropFirst(Self.builtinPrefix.count)) : identifier
    }

    /// The `UUID` that magic variables use to refer to this action's output.
    public var uuid: String? {
        get { parameters["UUID"]?.stringValue }
        set { parameters["UUID"] = newValue.map { .plain(.string($0)) } }
    }

    /// The name the user gave this action's output (`CustomOutputName`).
    public var customOutputName: String? { parameters["CustomOutputName"]?.stringValue }

    /// The `GroupingIdentifier` shared by the actions of one block (If, Repeat, Menu).
    public var groupingIdentifier: String? { parameters["GroupingIdentifier"]?.stringValue }

    /// The action's place in its block: start, middle (Otherwise, a menu case) or end.
    public var controlFlowMode: ControlFlowMode? {
        parameters["WFControlFlowMode"]?.integerValue.flatMap { ControlFlowMode(rawValue: $0) }
    }
}

/// `WFControlFlowMode`: where an action stands in its block.
public enum ControlFlowMode: Int64, Sendable {
    case start = 0
    case middle = 1
    case end = 2
}

extension WorkflowAction {
    /// Reads an action dictionary; `nil` when it has no identifier.
    public init?(propertyList dictionary: PropertyListDictionary) {
        guard let identifier = dictionary["WFWorkflowActionIdentifier"]?.stringValue else { return nil }
        var extra = dictionary
        extra["WFWorkflowActionIdentifier"] = nil
        var parameters = ParameterDictionary()
        if let fields = dictionary["WFWorkflowActionParameters"]?.dictionaryValue {
            parameters = ParameterDictionary(propertyList: fields)
            extra["WFWorkflowActionParameters"] = nil
        }
        self.init(identifier: identifier, parameters: parameters, extra: extra)
    }

    /// The action dictionary as written in files.
    public var propertyList: PropertyListDictionary {
        var dictionary: PropertyListDictionary = ["WFWorkflowActionIdentifier": .string(identifier)]
        if extra["WFWorkflowActionParameters"] == nil {
            dictionary["WFWorkflowActionParameters"] = .dictionary(parameters.propertyList)
        }
        for (key, value) in extra { dictionary[key] = value }
        return dictionary
    }
}
