/// The App Shortcuts an app offers without any setup: intents with the phrases that start them.
///
/// ```swift
/// struct SouperTaskShortcuts: AppShortcutsProvider {
///     static var appShortcuts: [AppShortcut] {
///         AppShortcut(intent: CreateTaskIntent(), phrases: ["Create a task in \(.applicationName)"],
///                     shortTitle: "Create Task", systemImageName: "plus")
///     }
/// }
/// ```
///
/// Every phrase must name the app (`\(.applicationName)`) exactly once; the manifest is refused otherwise.
public protocol AppShortcutsProvider: Sendable {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
    /// The colour of the app's shortcut tiles.
    static var shortcutTileColor: ShortcutTileColor { get }
    /// Tells the system that the values of parameters in phrases changed (nothing to do here).
    static func updateAppShortcutParameters()
}

extension AppShortcutsProvider {
    public static var shortcutTileColor: ShortcutTileColor { .navy }
    public static func updateAppShortcutParameters() {}
}

/// Tile colours for App Shortcuts.
public enum ShortcutTileColor: Sendable, Hashable {
    case red, orange, yellow, lime, grape, lightBlue, teal, tangerine, pink, purple, navy, blue, grayBlue, grayBrown, grayGreen, lightGray
}

/// An intent with the phrases that start it.
public struct AppShortcut: Sendable {
    /// The intent's type name.
    let intentTypeName: String
    let phrases: [RenderedPhrase]
    let shortTitle: LocalizedStringResource
    let systemImageName: String

    /// A phrase as the manifest writes it, with how often it names the app.
    struct RenderedPhrase: Sendable {
        var text: String
        var applicationNameCount: Int
    }

    public init<Intent: AppIntent>(
        intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String
    ) {
        self.intentTypeName = String(describing: Intent.self)
        self.phrases = phrases.map { RenderedPhrase(text: $0.rendered, applicationNameCount: $0.applicationNameCount) }
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
    }

    /// The iOS 16 form, without a title and image (the intent's title is used).
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>]) {
        self.init(intent: intent, phrases: phrases, shortTitle: Intent.title, systemImageName: "app")
    }
}

/// The app's name in a phrase: `"Start a workout in \(.applicationName)"`.
public enum AppShortcutPhraseToken: Sendable, Hashable {
    case applicationName
}

/// A phrase that starts an App Shortcut; it names the app, and may name a parameter.
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    /// A piece of the text. A parameter is kept by its name, looked up from its key path as the
    /// string is built, since key paths aren't `Sendable`.
    enum Piece: Sendable {
        case text(String)
        case applicationName
        case parameter(name: String?)
    }

    let pieces: [Piece]

    public init(stringLiteral value: String) {
        pieces = [.text(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The phrase with `${applicationName}` and `${parameter}` tokens, as Apple's strings files write it.
    var rendered: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): return text
            case .applicationName: return "${applicationName}"
            case .parameter(let name): return "${\(name ?? "")}"
            }
        }.joined()
    }

    var applicationNameCount: Int {
        pieces.filter { if case .applicationName = $0 { return true } else { return false } }.count
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            pieces.append(.text(literal))
        }

        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {
            pieces.append(.applicationName)
        }

        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>) {
            pieces.append(.parameter(name: IntentReflection.parameterName(keyPath, in: Intent.self)))
        }
    }
}

/// Builds `appShortcuts` from a list of `AppShortcut(…)` expressions.
@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    public static func buildBlock(_ components: [AppShortcut]...) -> [AppShortcut] { components.flatMap { $0 } }
    public static func buildOptional(_ component: [AppShortcut]?) -> [AppShortcut] { component ?? [] }
    public static func buildEither(first component: [AppShortcut]) -> [AppShortcut] { component }
    public static func buildEither(second component: [AppShortcut]) -> [AppShortcut] { component }
    public static func buildArray(_ components: [[AppShortcut]]) -> [AppShortcut] { components.flatMap { $0 } }
}
