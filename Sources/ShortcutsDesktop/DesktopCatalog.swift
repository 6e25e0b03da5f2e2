import ShortcutFormat
import ShortcutsContent
import ShortcutsLibrary

/// What desktop search and spoken phrases can find: the library's shortcuts in search, and the
/// installed apps' App Shortcuts with their phrases.
///
/// ```swift
/// let catalog = DesktopCatalog(shortcuts: try library.summaries(), settings: settings, apps: apps.manifests)
/// catalog.search(["gre"])                           // Greet, Greetings…
/// catalog.understand("Ask AskMeAnything a question") // .matched(Ask a Question, …)
/// ```
public struct DesktopCatalog: Sendable {
    /// One thing that can be found and run.
    public struct Entry: Sendable, Equatable {
        public enum Target: Sendable, Hashable {
            /// A library shortcut, by identifier.
            case shortcut(identifier: String)
            /// An app's App Shortcut: its action.
            case appShortcut(bundleIdentifier: String, action: String)
        }

        public var target: Target
        /// The shortcut's name, or the App Shortcut's short title.
        public var title: String
        /// The shortcut's folder, or the app's name.
        public var subtitle: String
        public var acceptsInput: Bool
        /// The phrases that start it, with the app's name filled in (App Shortcuts only).
        public var phrases: [String]

        /// A stable id for search results: `shortcut:<identifier>` or `app:<bundle id>:<action>`.
        public var id: String {
            switch target {
            case .shortcut(let identifier): "shortcut:" + identifier
            case .appShortcut(let bundle, let action): "app:" + bundle + ":" + action
            }
        }
    }

    public private(set) var entries: [Entry] = []
    /// Each entry's patterns, by the entry's position.
    var patterns: [[Pattern]] = []

    /// - Parameters:
    ///   - shortcuts: the library's shortcuts; those whose search setting is off are left out.
    ///   - apps: the installed apps, whose App Shortcuts are added with their phrases.
    public init(shortcuts: [ShortcutSummary], settings: LibrarySettings = LibrarySettings(), apps: [AppManifest] = []) {
        for shortcut in shortcuts where settings.desktopPreference(for: shortcut.entry.identifier).showInSearch {
            let entry = Entry(
                target: .shortcut(identifier: shortcut.entry.identifier), title: shortcut.entry.name,
                subtitle: shortcut.entry.folder ?? "", acceptsInput: shortcut.acceptsInput, phrases: [])
            add(entry, patterns: TextMatch.spellings(of: shortcut.entry.name).map { Pattern(pieces: $0.map { .word($0, tag: nil) }) })
        }
        for app in apps {
            for shortcut in app.appShortcuts {
                let action = app.actions.first { $0.identifier == shortcut.action }
                let entry = Entry(
                    target: .appShortcut(bundleIdentifier: app.bundleIdentifier, action: shortcut.action),
                    title: shortcut.shortTitle, subtitle: app.name, acceptsInput: action?.inputParameter != nil,
                    phrases: shortcut.phrases.map { $0.replacingOccurrences(of: "${applicationName}", with: app.name) })
                let patterns = shortcut.phrases.flatMap { phrase in
                    Pattern.expanding(phrase, appName: app.name) { Pattern.Choice.of(action?.parameter($0), enums: app.enums) }
                }
                add(entry, patterns: patterns)
            }
        }
    }

    private mutating func add(_ entry: Entry, patterns: [Pattern]) {
        entries.append(entry)
        self.patterns.append(patterns)
    }

    /// The entry with this id (``Entry/id``).
    public func entry(id: String) -> Entry? { entries.first { $0.id == id } }
}

extension DesktopCatalog.Entry {
    /// An App Shortcut as a one-action shortcut with the parameters its phrase named (`nil` for
    /// a library shortcut, which runs from its file).
    public func appWorkflow(parameters: [String: String] = [:]) -> Workflow? {
        target.appWorkflow(named: title, parameters: parameters)
    }

    /// How the match reads to a person: “Ask About a Topic” (AskMeAnything), or a shortcut's name
    /// with its folder.
    public var label: String {
        subtitle.isEmpty ? "“\(title)”" : "“\(title)” (\(subtitle))"
    }
}

extension DesktopCatalog.Entry.Target {
    /// An App Shortcut's action as a one-action shortcut with these parameter values (`nil` for
    /// a library shortcut).
    public func appWorkflow(named name: String, parameters: [String: String] = [:]) -> Workflow? {
        guard case .appShortcut(_, let action) = self else { return nil }
        var values = ParameterDictionary()
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) { values[key] = .plain(.string(value)) }
        var workflow = Workflow(actions: [WorkflowAction(identifier: action, parameters: values)])
        workflow.name = name
        return workflow
    }
}
