import ShortcutsContent

/// The protocol between `shortcuts` (the host) and an app serving its intents (the extension),
/// version 1: JSON-RPC 2.0 over the extension's stdin and stdout, one message per line.
///
/// The host starts the app with its manifest's `extensionArguments`, sends `initialize`, then any
/// number of calls; it closes stdin (or sends `shutdown`) to end it. Performing an intent follows
/// Apple's lifecycle: the extension resolves each parameter, asks for confirmation, then performs.
/// When it needs something from the person, the result says what (a value, a choice among options,
/// a confirmation) and the host calls `intent.perform` again with the answer. See
/// docs/EXTENSION-PROTOCOL.md.
public enum ExtensionProtocol {
    public static let version = 1

    /// Method names.
    public enum Method {
        public static let initialize = "initialize"
        public static let perform = "intent.perform"
        public static let queryEntities = "entities.query"
        public static let listOptions = "options.list"
        public static let shutdown = "shutdown"
        /// To a running app only: continue a performed intent in the app (its continuation).
        public static let continueInApp = "intent.continue"
        /// A notification: the run that sent request `id` was cancelled. The extension cancels
        /// the task answering it and may answer it at once with an error; the host waits for that
        /// answer only briefly and then stops an extension it started.
        public static let cancel = "request.cancel"
    }

    /// The params of ``Method/cancel``.
    public struct CancelParams: Codable, Sendable {
        public var id: Int
        public init(id: Int) { self.id = id }
    }

    public struct InitializeParams: Codable, Sendable {
        public var protocolVersion: Int
        /// Whether the host reads lists of entities written as tables (docs/EXTENSION-PROTOCOL.md,
        /// "Entity tables"); an extension writes them only when this is true.
        public var entityTables: Bool?
        /// Whether the host handles the `choice` and `cancelled` outcomes; an extension sends them
        /// only when this is true, and a failure that says why otherwise.
        public var choiceOutcomes: Bool?

        public init(protocolVersion: Int = ExtensionProtocol.version, entityTables: Bool? = nil, choiceOutcomes: Bool? = nil) {
            self.protocolVersion = protocolVersion
            self.entityTables = entityTables
            self.choiceOutcomes = choiceOutcomes
        }
    }

    public struct InitializeResult: Codable, Sendable {
        public var protocolVersion: Int
        public var bundleIdentifier: String
        public init(protocolVersion: Int, bundleIdentifier: String) {
            self.protocolVersion = protocolVersion
            self.bundleIdentifier = bundleIdentifier
        }
    }

    /// Perform an intent with parameter values (by Swift name).
    public struct PerformParams: Codable, Sendable {
        /// The intent's type name, e.g. `CreateTaskIntent`.
        public var intent: String
        public var parameters: [String: Content]
        /// Whether the person has already confirmed running the intent.
        public var confirmed: Bool
        /// Parameters whose values the person confirmed.
        public var confirmedParameters: [String]
        /// Whether the host can ask the person; when false, asking is an error the host reports.
        public var isInteractive: Bool
        /// The person's answers to the intent's `requestChoice` calls so far, in the order it
        /// asked: each the chosen option's position in the intent's list.
        public var choices: [Int]?

        public init(
            intent: String, parameters: [String: Content], confirmed: Bool = false, confirmedParameters: [String] = [], isInteractive: Bool,
            choices: [Int]? = nil
        ) {
            self.intent = intent
            self.parameters = parameters
            self.confirmed = confirmed
            self.confirmedParameters = confirmedParameters
            self.isInteractive = isInteractive
            self.choices = choices
        }
    }

    /// What happened: done, or what the extension needs before it can go on.
    public enum Outcome: String, Codable, Sendable {
        /// Performed; `value` and `dialog` hold the result.
        case success
        /// `parameter` needs a value; `dialog` is the question.
        case needsValue
        /// Choose `parameter`'s value among `options`; `dialog` is the question.
        case disambiguation
        /// Confirm running the intent (or `parameter`'s value); `dialog` is the question.
        case confirmationRequired
        /// `parameter`'s value can't be used; `message` says why.
        case unsupported
        /// The intent threw; `message` is the error's text.
        case failure
        /// The intent asks the person to choose among `options` (`requestChoice`), `dialog` is the
        /// question; each option's value is its position in the intent's list, which the host adds
        /// to the params' `choices` before calling again.
        case choice
        /// The person cancelled while the intent performed (a choice's cancel option, or the
        /// intent threw `userCancelled`); `message` says what. The run ends as cancelled.
        case cancelled
    }

    public struct PerformResult: Codable, Sendable {
        public var outcome: Outcome
        public var parameter: String?
        public var dialog: String?
        public var options: [Option]?
        public var value: Content?
        public var message: String?
        /// Whether the result asks to open (or continue in) the app.
        public var opensApp: Bool?

        public init(
            outcome: Outcome, parameter: String? = nil, dialog: String? = nil, options: [Option]? = nil,
            value: Content? = nil, message: String? = nil, opensApp: Bool? = nil
        ) {
            self.outcome = outcome
            self.parameter = parameter
            self.dialog = dialog
            self.options = options
            self.value = value
            self.message = message
            self.opensApp = opensApp
        }
    }

    /// A choice offered to the person.
    public struct Option: Codable, Sendable, Equatable {
        public var value: Content
        public var title: String
        public var subtitle: String?

        public init(value: Content, title: String, subtitle: String? = nil) {
            self.value = value
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// A performed intent to continue in the running app: what `--continue-intent` hands an app
    /// that is started for it.
    public struct ContinueParams: Codable, Sendable {
        public var intent: String
        public var parameters: [String: Content]
        public var result: PerformResult

        public init(intent: String, parameters: [String: Content], result: PerformResult) {
            self.intent = intent
            self.parameters = parameters
            self.result = result
        }
    }

    /// Find entities by identifier, by text, or the suggested ones.
    public struct QueryParams: Codable, Sendable {
        public var entityType: String
        public var identifiers: [String]?
        public var matching: String?
        public var suggested: Bool?

        public init(entityType: String, identifiers: [String]? = nil, matching: String? = nil, suggested: Bool? = nil) {
            self.entityType = entityType
            self.identifiers = identifiers
            self.matching = matching
            self.suggested = suggested
        }
    }

    public struct QueryResult: Codable, Sendable {
        /// Each entity as `Content.entity`.
        public var entities: [Content]
        public init(entities: [Content]) { self.entities = entities }
    }

    /// The choices a parameter's options provider (or entity query) offers.
    public struct OptionsParams: Codable, Sendable {
        public var intent: String
        public var parameter: String
        public var searchTerm: String?
        /// The intent's other parameters' values so far, for options that depend on them
        /// (`@IntentParameterDependency`).
        public var parameters: [String: Content]?

        public init(intent: String, parameter: String, searchTerm: String? = nil, parameters: [String: Content]? = nil) {
            self.intent = intent
            self.parameter = parameter
            self.searchTerm = searchTerm
            self.parameters = parameters
        }
    }

    public struct OptionsResult: Codable, Sendable {
        public var options: [Option]
        public init(options: [Option]) { self.options = options }
    }
}
