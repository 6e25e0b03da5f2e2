/// What an app offers to Shortcuts: its actions, entity and enum types, App Shortcuts, and how
/// to start it to perform them. Apps built with the `AppIntents` module write it when they start;
/// `shortcuts` reads every manifest it finds.
///
/// Stored as JSON in `$SHORTCUTS_HOME/Apps/<bundle id>.json` (and system-wide in
/// `/usr/share/shortcuts/apps`, `/usr/local/share/shortcuts/apps`, `$XDG_DATA_DIRS/shortcuts/apps`).
public struct AppManifest: Codable, Sendable, Equatable {
    /// The version of this JSON form; a reader refuses a newer one and says so.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var bundleIdentifier: String
    /// The app's name as people see it.
    public var name: String
    /// The absolute path of the app's executable.
    public var executable: String
    /// Arguments that start the executable as an extension serving its intents over stdin/stdout.
    public var extensionArguments: [String]
    /// Each action's identifier is `<bundle id>.<intent type name>`.
    public var actions: [ActionMetadata]
    public var entities: [EntityTypeMetadata]
    public var enums: [EnumTypeMetadata]
    public var appShortcuts: [AppShortcutMetadata]

    public init(
        bundleIdentifier: String, name: String, executable: String, extensionArguments: [String] = ["--serve-intents"],
        actions: [ActionMetadata] = [], entities: [EntityTypeMetadata] = [], enums: [EnumTypeMetadata] = [],
        appShortcuts: [AppShortcutMetadata] = []
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.executable = executable
        self.extensionArguments = extensionArguments
        self.actions = actions
        self.entities = entities
        self.enums = enums
        self.appShortcuts = appShortcuts
    }
}

/// An entity type an app defines (`AppEntity`): its name and properties.
public struct EntityTypeMetadata: Codable, Sendable, Equatable {
    public var name: String
    /// `typeDisplayRepresentation`, e.g. "Task".
    public var displayName: String
    public var properties: [Property]
    /// Whether the query can search by text (`EntityStringQuery`).
    public var supportsStringQuery: Bool

    /// A property declared with `@Property`.
    public struct Property: Codable, Sendable, Equatable {
        public var name: String
        public var title: String
        public var type: String

        public init(name: String, title: String, type: String) {
            self.name = name
            self.title = title
            self.type = type
        }
    }

    public init(name: String, displayName: String, properties: [Property], supportsStringQuery: Bool) {
        self.name = name
        self.displayName = displayName
        self.properties = properties
        self.supportsStringQuery = supportsStringQuery
    }
}

/// An enumeration an app defines (`AppEnum`): its cases by raw value and title.
public struct EnumTypeMetadata: Codable, Sendable, Equatable {
    public var name: String
    public var displayName: String
    public var cases: [Case]

    public struct Case: Codable, Sendable, Equatable {
        /// The raw value files and the CLI use.
        public var identifier: String
        public var title: String

        public init(identifier: String, title: String) {
            self.identifier = identifier
            self.title = title
        }
    }

    public init(name: String, displayName: String, cases: [Case]) {
        self.name = name
        self.displayName = displayName
        self.cases = cases
    }
}

/// An App Shortcut: an intent with the phrases that start it.
public struct AppShortcutMetadata: Codable, Sendable, Equatable {
    /// The intent's action identifier.
    public var action: String
    public var phrases: [String]
    public var shortTitle: String
    public var systemImageName: String

    public init(action: String, phrases: [String], shortTitle: String, systemImageName: String) {
        self.action = action
        self.phrases = phrases
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
    }
}
